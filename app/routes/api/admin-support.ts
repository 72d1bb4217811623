import {
	assignSupportThread,
	listSupportThreads,
	setSupportStatus,
	supportTable,
} from '#app/models/chat/support.server.ts'
import { supportAssignSchema, supportSetStatusSchema } from '#app/schemas/chat.ts'
import { parseJsonBody } from '#app/utils/api.server.ts'
import { apiEndpoints } from '#app/utils/api-endpoints.server.ts'
import { requireRole } from '#app/utils/auth.server.ts'
import { parseTableQuery } from '#app/utils/data-table.server.ts'
import { supportThreadEndpoints } from './support-endpoints.server.ts'

/**
 * /api/Admin/Support/* — the platform's side of the support chat (ADR 0163): Threads (the data
 * table of /admin/support: status, assignedAdminId, paging, sort), Messages, Send, MarkRead (the
 * shapes of the chat's), SetStatus {threadId, status}, Assign {threadId, adminId | null}.
 * Admins only.
 */
const endpoints = apiEndpoints({
	Threads: {
		method: 'GET',
		handler: async (args) => {
			const admin = await requireRole(args, 'Admin')
			return listSupportThreads(admin, parseTableQuery(supportTable, args.url.searchParams))
		},
	},
	...supportThreadEndpoints('platform'),
	SetStatus: {
		method: 'POST',
		handler: async (args) => {
			const admin = await requireRole(args, 'Admin')
			const body = await parseJsonBody(supportSetStatusSchema, args.request)
			return setSupportStatus(admin, body.threadId, body.status)
		},
	},
	Assign: {
		method: 'POST',
		handler: async (args) => {
			const admin = await requireRole(args, 'Admin')
			const body = await parseJsonBody(supportAssignSchema, args.request)
			return assignSupportThread(admin, body.threadId, body.adminId)
		},
	},
})

export const loader = endpoints.loader
export const action = endpoints.action
