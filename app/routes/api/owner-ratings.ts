import { replyToRating, saveHostPrivateNote } from '#app/models/ratings/ratings.server.ts'
import { listHostRatings } from '#app/models/ratings/rating-views.server.ts'
import { hostNoteApiSchema, ratingReplySchema } from '#app/schemas/ratings.ts'
import { parseJsonBody } from '#app/utils/api.server.ts'
import { apiEndpoints } from '#app/utils/api-endpoints.server.ts'
import { requireRole } from '#app/utils/auth.server.ts'

/**
 * /api/Owner/Ratings/* (issue 32, ADR 0160): Index (the host's ratings — pending
 * ones without content), Note (the private note about the guest; publishes the
 * rating), Reply (public, once, editable for 48 h).
 */
const endpoints = apiEndpoints({
	Index: {
		method: 'GET',
		handler: async (args) => listHostRatings(await requireRole(args, 'Owner')),
	},
	Note: {
		method: 'POST',
		handler: async (args) => {
			const user = await requireRole(args, 'Owner')
			const body = await parseJsonBody(hostNoteApiSchema, args.request)
			saveHostPrivateNote(user, body.orderId, body.note)
			return { orderId: body.orderId }
		},
	},
	Reply: {
		method: 'POST',
		handler: async (args) => {
			const user = await requireRole(args, 'Owner')
			const body = await parseJsonBody(ratingReplySchema, args.request)
			return replyToRating(user, body.ratingId, body.reply)
		},
	},
})

export const loader = endpoints.loader
export const action = endpoints.action
