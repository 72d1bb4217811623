import { sessionMiddleware } from './auth.server.ts'
import { responseCookiesMiddleware } from './context-middleware.server.ts'
import { i18nextMiddleware } from './i18n.server.ts'
import { pageCacheMiddleware } from './page-cache.server.ts'

/**
 * The middleware every request passes (root route): the response cookie jar
 * first (it wraps everything), then the locale, the session, and the page
 * cache marker (it needs the session).
 */
export const rootMiddleware = [
	responseCookiesMiddleware,
	i18nextMiddleware,
	sessionMiddleware,
	pageCacheMiddleware,
]
