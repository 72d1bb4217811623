import { searchPlayrooms } from '#app/models/catalogue/playroom-search.server.ts'
import { searchParamsSchema } from '#app/schemas/catalogue.ts'
import { apiHandler, methodNotAllowed, parseQuery } from '#app/utils/api.server.ts'
import { getCaller } from '#app/utils/api-caller.server.ts'

/**
 * GET /api/Public/Playrooms/Index — the search (docs/subsystems/catalogue.md):
 * currentPage, perPage, city, state, q, checkIn, bookingType, guests, features,
 * priceMax (cents), sort, onlyFavorites (+ favoriteIds for visitors), placeType,
 * lat/lng/radius → { items, totalCount, currentPage, perPage } of playroom cards.
 */
export const loader = apiHandler(({ url, context, locale }) =>
	searchPlayrooms(parseQuery(searchParamsSchema, url), getCaller(context), locale),
)
export const action = apiHandler(methodNotAllowed)
