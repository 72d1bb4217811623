import {
	listChatMessages,
	listChatThreads,
	markChatRead,
	sendChatMessage,
} from '#app/models/chat/chat.server.ts'
import {
	chatMarkReadSchema,
	chatMessagesQuerySchema,
	chatThreadsQuerySchema,
	customerChatSendSchema,
	ownerChatSendSchema,
} from '#app/schemas/chat.ts'
import { parseJsonBody, parseQuery } from '#app/utils/api.server.ts'
import { apiEndpoints } from '#app/utils/api-endpoints.server.ts'
import type { ApiHandlerArgs } from '#app/utils/api.server.ts'
import { requireRole } from '#app/utils/auth.server.ts'
import { getServices } from '#app/utils/context.server.ts'

/**
 * /api/Customer/Chat/* and /api/Owner/Chat/* — the guest–host chat (docs/subsystems/chat.md):
 * Threads, Messages?threadId&after, Send, MarkRead. The role comes from the path; the model
 * answers 404 for a thread the caller does not take part in.
 */
function roleOf(args: ApiHandlerArgs) {
	return args.url.pathname.split('/')[2]?.toLowerCase() === 'owner'
		? ('Owner' as const)
		: ('Customer' as const)
}

const endpoints = apiEndpoints({
	Threads: {
		method: 'GET',
		handler: async (args) => {
			const user = await requireRole(args, roleOf(args))
			return listChatThreads(user, { filter: parseQuery(chatThreadsQuerySchema, args.url).filter })
		},
	},
	Messages: {
		method: 'GET',
		handler: async (args) => {
			const user = await requireRole(args, roleOf(args))
			const query = parseQuery(chatMessagesQuerySchema, args.url)
			return listChatMessages(query.threadId, user, { after: query.after, limit: query.limit })
		},
	},
	Send: {
		method: 'POST',
		handler: async (args) => {
			const role = roleOf(args)
			const user = await requireRole(args, role)
			const input = await parseJsonBody(
				role === 'Owner' ? ownerChatSendSchema : customerChatSendSchema,
				args.request,
			)
			return sendChatMessage(user, input, { hub: getServices(args.context).hub })
		},
	},
	MarkRead: {
		method: 'POST',
		handler: async (args) => {
			const user = await requireRole(args, roleOf(args))
			const body = await parseJsonBody(chatMarkReadSchema, args.request)
			return markChatRead(user, body.threadId, body.messageId)
		},
	},
})

export const loader = endpoints.loader
export const action = endpoints.action
