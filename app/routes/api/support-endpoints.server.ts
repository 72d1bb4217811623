import {
	getOwnSupportThread,
	listSupportMessages,
	markSupportRead,
	sendSupportMessage,
	type SupportSide,
} from '#app/models/chat/support.server.ts'
import {
	adminSupportSendSchema,
	chatMarkReadSchema,
	chatMessagesQuerySchema,
	supportSendSchema,
} from '#app/schemas/chat.ts'
import { parseJsonBody, parseQuery, type ApiHandlerArgs } from '#app/utils/api.server.ts'
import type { ApiEndpoint } from '#app/utils/api-endpoints.server.ts'
import { requireRole, requireUser } from '#app/utils/auth.server.ts'
import { getServices } from '#app/utils/context.server.ts'

/**
 * The endpoints both support families share (ADR 0163): Messages?threadId&after, Send and
 * MarkRead with exactly the request and answer shapes of the chat's (app/routes/api/chat.ts),
 * so the live thread drives either by its base path. The user's side admits any logged-in
 * user on their own thread (404 otherwise); the platform side admits admins only (403).
 */
function callerFor(side: SupportSide, args: ApiHandlerArgs) {
	return side === 'platform' ? requireRole(args, 'Admin') : requireUser(args)
}

export function supportThreadEndpoints(side: SupportSide): Record<string, ApiEndpoint> {
	return {
		Messages: {
			method: 'GET',
			handler: async (args) => {
				const user = await callerFor(side, args)
				const query = parseQuery(chatMessagesQuerySchema, args.url)
				return listSupportMessages(query.threadId, user, side, { after: query.after, limit: query.limit })
			},
		},
		Send: {
			method: 'POST',
			handler: async (args) => {
				const user = await callerFor(side, args)
				const input = await parseJsonBody(
					side === 'platform' ? adminSupportSendSchema : supportSendSchema,
					args.request,
				)
				return sendSupportMessage(user, side, input, { hub: getServices(args.context).hub })
			},
		},
		MarkRead: {
			method: 'POST',
			handler: async (args) => {
				const user = await callerFor(side, args)
				const body = await parseJsonBody(chatMarkReadSchema, args.request)
				return markSupportRead(user, side, body.threadId, body.messageId)
			},
		},
	}
}

/** GET /api/Support/Thread: the caller's own thread in short (null before the first message). */
export const ownThreadEndpoint: ApiEndpoint = {
	method: 'GET',
	handler: async (args) => getOwnSupportThread(await requireUser(args)),
}
