import { createDraftPlayroom } from '#app/models/host-office/host-playrooms.server.ts'
import { requireManageablePlayroom } from '#app/models/host-office/playroom-access.server.ts'
import {
	pausePlayroom,
	publishChecklist,
	publishPlayroom,
	unpausePlayroom,
} from '#app/models/host-office/playroom-publishing.server.ts'
import { idSchema } from '#app/schemas/catalogue.ts'
import { newPlayroomSchema } from '#app/schemas/host-office.ts'
import { parseJsonBody, parseQuery, type ApiHandlerArgs } from '#app/utils/api.server.ts'
import { apiEndpoints } from '#app/utils/api-endpoints.server.ts'
import { requireRole } from '#app/utils/auth.server.ts'
import { translateValidationMessage, z } from '#app/utils/validation.ts'

/**
 * /api/Owner/Playrooms/* (issue 12): Create (a Draft for the calling host),
 * Checklist, Publish, Pause, Unpause — for the playroom's host and for admins;
 * anyone else gets 404 for the id (requireManageablePlayroom, checked first).
 * The same models as /host/playrooms and /host/playrooms/:playroomId.
 */
/** Body of Publish, Pause, Unpause; query of Checklist. */
const playroomIdBodySchema = z.object({ playroomId: idSchema })

async function managedPlayroomId(args: ApiHandlerArgs) {
	const caller = await requireRole(args, 'Owner', 'Admin')
	const { playroomId } = await parseJsonBody(playroomIdBodySchema, args.request)
	requireManageablePlayroom(caller, playroomId)
	return { caller, playroomId }
}

const endpoints = apiEndpoints({
	Create: {
		method: 'POST',
		handler: async (args) => {
			const host = await requireRole(args, 'Owner')
			const created = createDraftPlayroom(host, await parseJsonBody(newPlayroomSchema, args.request))
			return { playroomId: created.id, playroomUrlPath: created.playroomUrlPath, status: 'Draft' }
		},
	},
	Checklist: {
		method: 'GET',
		handler: async (args) => {
			const caller = await requireRole(args, 'Owner', 'Admin')
			const { playroomId } = parseQuery(playroomIdBodySchema, args.url)
			requireManageablePlayroom(caller, playroomId)
			return {
				items: publishChecklist(playroomId).map((item) => ({
					key: item.key,
					done: item.done,
					text: translateValidationMessage(args.t, item.message),
				})),
			}
		},
	},
	Publish: {
		method: 'POST',
		handler: async (args) => {
			const { caller, playroomId } = await managedPlayroomId(args)
			return publishPlayroom(caller, playroomId)
		},
	},
	Pause: {
		method: 'POST',
		handler: async (args) => {
			const { caller, playroomId } = await managedPlayroomId(args)
			return pausePlayroom(caller, playroomId)
		},
	},
	Unpause: {
		method: 'POST',
		handler: async (args) => {
			const { caller, playroomId } = await managedPlayroomId(args)
			return unpausePlayroom(caller, playroomId)
		},
	},
})

export const loader = endpoints.loader
export const action = endpoints.action
