import { createRating } from '#app/models/ratings/ratings.server.ts'
import { createRatingApiSchema } from '#app/schemas/ratings.ts'
import { parseJsonBody } from '#app/utils/api.server.ts'
import { apiEndpoints } from '#app/utils/api-endpoints.server.ts'
import { requireRole } from '#app/utils/auth.server.ts'

/** /api/Customer/Ratings/Create (issue 32, ADR 0160): the guest rates a Completed order — the page's rules. */
const endpoints = apiEndpoints({
	Create: {
		method: 'POST',
		handler: async (args) => {
			const user = await requireRole(args, 'Customer')
			const { orderId, ...input } = await parseJsonBody(createRatingApiSchema, args.request)
			const rating = createRating(user, orderId, input, args.locale)
			return { ratingId: rating.id, publishedAt: null }
		},
	},
})

export const loader = endpoints.loader
export const action = endpoints.action
