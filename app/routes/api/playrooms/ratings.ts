import { findVisiblePlayroom } from '#app/models/catalogue/playrooms.server.ts'
import { publicPlayroomRatings } from '#app/models/ratings/rating-views.server.ts'
import { publicRatingsQuerySchema } from '#app/schemas/ratings.ts'
import { apiHandler, methodNotAllowed, parseQuery } from '#app/utils/api.server.ts'
import { getCaller } from '#app/utils/api-caller.server.ts'

/**
 * GET /api/Public/Playrooms/Ratings?playroomId&currentPage (issue 32): the
 * published, visible ratings newest first (10 a page) with the summary.
 */
export const loader = apiHandler(({ url, context }) => {
	const query = parseQuery(publicRatingsQuerySchema, url)
	const playroom = findVisiblePlayroom({ playroomId: query.playroomId }, getCaller(context))
	return publicPlayroomRatings(playroom.id, query.currentPage)
})
export const action = apiHandler(methodNotAllowed)
