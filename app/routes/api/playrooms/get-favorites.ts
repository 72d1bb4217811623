import { getFavoriteCards } from '#app/models/accounts/favourites.server.ts'
import { favoritesQuerySchema } from '#app/schemas/catalogue.ts'
import { apiHandler, methodNotAllowed, parseQuery } from '#app/utils/api.server.ts'
import { getCaller } from '#app/utils/api-caller.server.ts'

/**
 * GET /api/Public/Playrooms/GetFavorites[?ids=a,b] — favourite playrooms as cards.
 * Visitors keep their favourites in localStorage under `sz:favourites` (a JSON
 * array of playroom ids) and pass them as `ids`; for logged-in users the stored
 * list is used. Only published playrooms are returned.
 */
export const loader = apiHandler(({ url, context, locale }) =>
	getFavoriteCards(getCaller(context), parseQuery(favoritesQuerySchema, url).ids ?? [], locale),
)
export const action = apiHandler(methodNotAllowed)
