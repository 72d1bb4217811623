import { countWebsiteClick } from '#app/models/catalogue/playrooms.server.ts'
import { liveDataParamsSchema, pageViewBodySchema } from '#app/schemas/catalogue.ts'
import { apiHandler, parseJsonBody, parseQuery } from '#app/utils/api.server.ts'
import { getCaller } from '#app/utils/api-caller.server.ts'
import { keepPageCache } from '#app/render/page-cache.server.ts'

/**
 * RedirectToPlayroomWebsite — counts a click on the host's website link.
 * POST {playroomUrlPath} → { playroomId, url } (for scripts);
 * GET ?playroomUrlPath → 302 to the website (a plain link that works without JavaScript).
 */
export const action = apiHandler(async ({ request, context }) => {
	keepPageCache(context) // counting a click changes no page
	const { playroomUrlPath } = await parseJsonBody(pageViewBodySchema, request)
	return countWebsiteClick(playroomUrlPath, getCaller(context))
})

export const loader = apiHandler(({ url, context }) => {
	const { playroomUrlPath } = parseQuery(liveDataParamsSchema, url)
	const { url: target } = countWebsiteClick(playroomUrlPath, getCaller(context))
	return new Response(null, { status: 302, headers: { Location: target, 'Cache-Control': 'no-store' } })
})
