import { getFeatureList } from '#app/models/catalogue/playrooms.server.ts'
import { apiHandler, methodNotAllowed } from '#app/utils/api.server.ts'

/** GET /api/Public/Playrooms/FeatureList — the whole feature catalogue (key, icon, name). */
export const loader = apiHandler(({ locale }) => getFeatureList(locale))
export const action = apiHandler(methodNotAllowed)
