import { isbot } from 'isbot'
import { countPageView, findVisiblePlayroom } from '#app/models/catalogue/playrooms.server.ts'
import { pageViewBodySchema } from '#app/schemas/catalogue.ts'
import { apiHandler, methodNotAllowed, parseJsonBody } from '#app/utils/api.server.ts'
import { getCaller } from '#app/utils/api-caller.server.ts'
import { keepPageCache } from '#app/render/page-cache.server.ts'

/** POST /api/Public/Playrooms/PlayroomPageView {playroomUrlPath} — counts a view (bots are not counted). */
export const action = apiHandler(async ({ request, context }) => {
	keepPageCache(context) // counting a view changes no page
	const { playroomUrlPath } = await parseJsonBody(pageViewBodySchema, request)
	const caller = getCaller(context)
	if (isbot(request.headers.get('User-Agent'))) {
		return { playroomId: findVisiblePlayroom({ playroomUrlPath }, caller).id, counted: false }
	}
	return { ...countPageView(playroomUrlPath, caller), counted: true }
})
export const loader = apiHandler(methodNotAllowed)
