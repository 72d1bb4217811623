import { sessionMiddleware } from './auth.server.ts'
import { responseCookiesMiddleware } from './context-middleware.server.ts'
import { i18nextMiddleware } from './i18n.server.ts'

/**
 * The middleware every request passes (root route): the response cookie jar
 * first (it wraps everything), then the locale, then the session.
 */
export const rootMiddleware = [responseCookiesMiddleware, i18nextMiddleware, sessionMiddleware]
