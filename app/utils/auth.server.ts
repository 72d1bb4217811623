import { createContext, data, type MiddlewareFunction, type RouterContextProvider } from 'react-router'
import type { UserRole } from '#db/schema/users.ts'
import {
	findActiveSession,
	type ActiveSession,
	type SessionUser,
} from '#app/models/accounts/session.server.ts'
import { AppError } from './app-error.ts'
import { COOKIE_NAMES, expireCookie, readCookie, serializeCookie } from './cookies.server.ts'
import { appendResponseCookie } from './context.server.ts'
import { getLocale, getT } from './i18n.server.ts'
import { localizePath, stripLocale } from './locale.ts'
import { redirectWithToast } from './toast.server.ts'

/** How the caller authenticated, if at all. */
export type RequestAuth = {
	session: ActiveSession | null
	via: 'cookie' | 'bearer' | null
}

export const authContext = createContext<RequestAuth>({ session: null, via: null })

/** A loader's, action's or middleware's arguments: `url` is the page's URL, without React Router's `.data`. */
type Args = { url: URL; context: Readonly<RouterContextProvider> }

/** The token of a request: `Authorization: Bearer …` first, else the `auth.token` cookie. */
export function readAuthToken(request: Request): { token: string; via: 'cookie' | 'bearer' } | null {
	const authorization = request.headers.get('Authorization')
	if (authorization?.toLowerCase().startsWith('bearer ')) {
		const token = authorization.slice(7).trim()
		if (token) return { token, via: 'bearer' }
	}
	const cookie = readCookie(request, COOKIE_NAMES.authToken)
	return cookie ? { token: cookie, via: 'cookie' } : null
}

/**
 * Root middleware: resolves the session once per request. A cookie that names
 * no live session is removed, so the browser stops sending it.
 */
export const sessionMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
	const credentials = readAuthToken(request)
	if (credentials) {
		const session = findActiveSession(credentials.token)
		context.set(authContext, { session, via: session ? credentials.via : null })
		if (!session && credentials.via === 'cookie') {
			appendResponseCookie(context, expireCookie(COOKIE_NAMES.authToken))
		}
	}
	return next()
}

export function getAuth(context: Readonly<RouterContextProvider>): RequestAuth {
	return context.get(authContext)
}

export function getSessionUser(context: Readonly<RouterContextProvider>): SessionUser | null {
	return getAuth(context).session?.user ?? null
}

function isApiRequest(url: URL) {
	return url.pathname.startsWith('/api/')
}

/** The login page of the request's locale with `redirect` set to where the user was. */
export function loginRedirectUrl(url: URL, context: Readonly<RouterContextProvider>) {
	const back = `${url.pathname}${url.search}`
	const login = localizePath('/login', getLocale(context))
	return stripLocale(url.pathname) === '/login' ? login : `${login}?redirect=${encodeURIComponent(back)}`
}

/**
 * The logged-in user, or: for the API a 401 envelope, for pages a redirect to
 * the login page with the toast "Login benötigt" / "Login required".
 */
export async function requireUser({ url, context }: Args): Promise<SessionUser> {
	const user = getSessionUser(context)
	if (user) return user
	if (isApiRequest(url)) throw new AppError(401, 'Unauthorized')
	throw await redirectWithToast(loginRedirectUrl(url, context), {
		type: 'warning',
		description: getT(context)('toast.loginRequired'),
	})
}

/** The logged-in user if they have one of `roles`; otherwise 401 (see requireUser) or 403. */
export async function requireRole(args: Args, ...roles: UserRole[]): Promise<SessionUser> {
	const user = await requireUser(args)
	if (roles.includes(user.role)) return user
	if (isApiRequest(args.url)) throw new AppError(403, 'Forbidden')
	throw data(null, { status: 403, statusText: 'Forbidden' })
}

/** Route middleware for an area that only `roles` may enter (guest, host, owner, admin layouts). */
export function roleGuard(...roles: UserRole[]): MiddlewareFunction<Response> {
	return async (args, next) => {
		await requireRole(args, ...roles)
		return next()
	}
}

/** The Set-Cookie for a new session token. A browser-session cookie has no Max-Age. */
export function sessionCookie(token: string, options: { persistent: boolean; expiresAt: Date }) {
	return serializeCookie(COOKIE_NAMES.authToken, token, {
		httpOnly: true,
		...(options.persistent ? { expires: options.expiresAt } : {}),
	})
}
