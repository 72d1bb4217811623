import type { RouterContextProvider } from 'react-router'
import { endSession, type NewSession, type RequestMeta } from '#app/models/accounts/credentials.server.ts'
import type { ActiveSession } from '#app/models/accounts/session.server.ts'
import { getAuth, requireUser, sessionCookie } from './auth.server.ts'
import { COOKIE_NAMES, expireCookie, readCookie, serializeCookie } from './cookies.server.ts'
import { appendResponseCookie, getServices } from './context.server.ts'
import { LOGGED_OUT_COOKIE } from './favourites-cleanup.ts'

/**
 * Session cookies for the account routes (issue 3): auth.token for the
 * session, auth.old_user for the admin's own token while impersonating, and
 * the logged-out marker that lets the browser clear its favourites.
 */
type Args = { request: Request; url: URL; context: Readonly<RouterContextProvider> }

export function requestMeta({ request, context }: Args): RequestMeta {
	return { ip: getServices(context).clientIp || null, userAgent: request.headers.get('User-Agent') }
}

/** The logged-in session (401/redirect as requireUser does otherwise). */
export async function requireSession(args: Args): Promise<ActiveSession> {
	await requireUser(args)
	const session = getAuth(args.context).session
	if (!session) throw new Error('requireUser passed without a session')
	return session
}

export function setSessionCookie(
	context: Readonly<RouterContextProvider>,
	session: Omit<NewSession, 'sessionId'>,
) {
	appendResponseCookie(context, sessionCookie(session.token, session))
}

/** The admin's waiting token while impersonating (HttpOnly, like auth.token). */
export function setImpersonatorCookie(
	context: Readonly<RouterContextProvider>,
	token: string,
	admin: ActiveSession,
) {
	appendResponseCookie(
		context,
		serializeCookie(COOKIE_NAMES.impersonatorToken, token, {
			httpOnly: true,
			...(admin.persistent ? { expires: admin.expiresAt } : {}),
		}),
	)
}

export function readImpersonatorToken(request: Request): string | null {
	return readCookie(request, COOKIE_NAMES.impersonatorToken) ?? null
}

/** The raw token the browser sent in auth.token (not the bearer header). */
export function readSessionCookie(request: Request): string | null {
	return readCookie(request, COOKIE_NAMES.authToken) ?? null
}

export function clearImpersonatorCookie(context: Readonly<RouterContextProvider>) {
	appendResponseCookie(context, expireCookie(COOKIE_NAMES.impersonatorToken))
}

/** Logout / deletion: both auth cookies go, and the browser is told to clear favourites. */
export function clearAuthCookies(context: Readonly<RouterContextProvider>) {
	appendResponseCookie(context, expireCookie(COOKIE_NAMES.authToken))
	clearImpersonatorCookie(context)
	appendResponseCookie(context, serializeCookie(LOGGED_OUT_COOKIE, '1', { maxAge: 30 * 24 * 60 * 60 }))
}

/** Logout and relogin: ends this browser's session (and a waiting admin session) and clears the cookies. */
export function endBrowserSession(args: Args) {
	const session = getAuth(args.context).session
	if (session) endSession(session, readImpersonatorToken(args.request), requestMeta(args))
	clearAuthCookies(args.context)
}
