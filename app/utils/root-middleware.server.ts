import { sessionMiddleware } from './auth.server.ts'
import { responseCookiesMiddleware } from './context-middleware.server.ts'
import { formBodyMiddleware } from './form-body.server.ts'
import { i18nextMiddleware } from './i18n.server.ts'
import { pageCacheMiddleware } from '#app/render/page-cache.server.ts'

/**
 * The middleware every request passes (root route): the response cookie jar
 * first (it wraps everything), then the locale, the session, the page
 * cache marker (it needs the session), and the check that a posted body is a
 * readable form (else 400, never a 500).
 */
export const rootMiddleware = [
	responseCookiesMiddleware,
	i18nextMiddleware,
	sessionMiddleware,
	pageCacheMiddleware,
	formBodyMiddleware,
]
