import { randomFillSync } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import type { NextFunction, Request, Response } from 'express'
import { rateLimit } from 'express-rate-limit'
import helmet from 'helmet'
import type { Logger } from 'pino'
import { common as deCommon } from '#app/locales/de/common.ts'
import { common as enCommon } from '#app/locales/en/common.ts'
import type { Env } from '#app/utils/env.server.ts'
import { getLocaleFromPathname, negotiateLocale, type Locale } from '#app/utils/locale.ts'
import { redactUrl } from '#app/utils/logger.server.ts'

/**
 * The HTTP security baseline (docs/subsystems/security.md): CSP with a nonce
 * per response, HSTS in production, a same-origin rule for state-changing
 * requests that carry cookies, and rate limits.
 */

const apiErrorTexts = { de: deCommon.apiErrors, en: enCommon.apiErrors }
export type RefusalName = keyof (typeof apiErrorTexts)['de']

function requestLocale(req: Request): Locale {
	return req.path.startsWith('/api/')
		? negotiateLocale(req.get('Accept-Language'))
		: getLocaleFromPathname(req.path)
}

/**
 * The body of a refusal: the API envelope for /api, a small page in the
 * path's language otherwise. Also used where there is no Express request
 * (server/client-errors.ts answers on the raw socket).
 */
export function refusalBody(
	target: { api: boolean; locale: Locale },
	status: number,
	name: RefusalName,
): { contentType: string; body: string } {
	const { api, locale } = target
	const message = apiErrorTexts[locale][name]
	if (api) {
		return {
			contentType: 'application/json; charset=utf-8',
			body: JSON.stringify({ success: false, value: null, error: JSON.stringify({ name, message }) }),
		}
	}
	const backHome = locale === 'en' ? enCommon.errors.backHome : deCommon.errors.backHome
	return {
		contentType: 'text/html; charset=utf-8',
		body:
			`<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><title>${status}</title></head>` +
			`<body><h1>${status}</h1><p>${message}</p><p><a href="${locale === 'en' ? '/en' : '/'}">${backHome}</a></p></body></html>`,
	}
}

/** A refusal in the request's language: the API envelope for /api, a small page otherwise. */
export function refuse(req: Request, res: Response, status: number, name: RefusalName) {
	const { contentType, body } = refusalBody(
		{ api: req.path.startsWith('/api/'), locale: requestLocale(req) },
		status,
		name,
	)
	res.status(status).set('Cache-Control', 'no-store').type(contentType).send(body)
}

// Nonces are cut from a pool the CSPRNG fills 256 at a time: one `randomBytes(16)` per page
// was a system call and a Buffer each (~1 % of a rendered page's CPU). Every byte is used once.
const NONCE_BYTES = 16
const noncePool = Buffer.alloc(NONCE_BYTES * 256)
let noncePoolOffset = noncePool.length

export function nextCspNonce(): string {
	if (noncePoolOffset === noncePool.length) {
		randomFillSync(noncePool)
		noncePoolOffset = 0
	}
	const nonce = noncePool.toString('base64', noncePoolOffset, noncePoolOffset + NONCE_BYTES)
	noncePoolOffset += NONCE_BYTES
	return nonce
}

export function cspNonce(_req: Request, res: Response, next: NextFunction) {
	res.locals.cspNonce = nextCspNonce()
	next()
}

export function securityHeaders(env: Env, options: { dev: boolean; hmrPort?: number }) {
	const production = env.APP_ENV === 'production'
	const mapOrigin = env.MAP_STYLE_URL ? new URL(env.MAP_STYLE_URL).origin : null
	return helmet({
		contentSecurityPolicy: {
			useDefaults: false,
			directives: {
				defaultSrc: ["'self'"],
				scriptSrc: [
					"'self'",
					(_req, res) => `'nonce-${(res as Response).locals.cspNonce}'`,
					...(options.dev ? ["'unsafe-eval'"] : []),
				],
				styleSrc: ["'self'", "'unsafe-inline'"],
				imgSrc: ["'self'", 'data:', 'blob:', ...(mapOrigin ? [mapOrigin] : [])],
				fontSrc: ["'self'", 'data:'],
				connectSrc: [
					"'self'",
					(req) => {
						const host = (req as IncomingMessage).headers.host ?? 'localhost'
						return `ws://${host} wss://${host}`
					},
					...(mapOrigin ? [mapOrigin] : []),
					...(options.dev && options.hmrPort ? [`ws://localhost:${options.hmrPort}`] : []),
				],
				workerSrc: ["'self'", 'blob:'],
				childSrc: ["'self'", 'blob:'],
				mediaSrc: ["'self'"],
				objectSrc: ["'none'"],
				baseUri: ["'self'"],
				// The checkout's confirm form is answered with a redirect to Stripe Checkout for card payments,
				// and Chrome applies form-action to redirects too (docs/decisions/0042-payments-and-ledger.md).
				formAction: ["'self'", ...(env.STRIPE_SECRET_KEY ? ['https://checkout.stripe.com'] : [])],
				frameAncestors: ["'none'"],
				...(production ? { upgradeInsecureRequests: [] } : {}),
			},
		},
		strictTransportSecurity: production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
		crossOriginEmbedderPolicy: false,
		referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
	})
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/** The origins this site is served from: PUBLIC_URL and the Host the request came to. */
export function allowedOrigins(env: Env, req: IncomingMessage, protocol = 'http'): Set<string> {
	const origins = new Set([new URL(env.PUBLIC_URL).origin])
	const host = req.headers.host
	if (host) {
		origins.add(`${protocol}://${host}`)
		origins.add(`https://${host}`)
	}
	return origins
}

/**
 * A state-changing request that carries cookies must come from our own pages:
 * a foreign Origin (or Sec-Fetch-Site: cross-site) is refused with 403.
 * Requests without cookies (bearer-token API clients, webhooks) are not affected.
 */
export function sameOriginCheck(env: Env) {
	return (req: Request, res: Response, next: NextFunction) => {
		if (!UNSAFE_METHODS.has(req.method) || !req.headers.cookie) return next()
		const origin = req.get('Origin')
		if (origin) {
			if (origin !== 'null' && allowedOrigins(env, req, req.protocol).has(origin)) return next()
			return refuse(req, res, 403, 'CrossOriginRequest')
		}
		const site = req.get('Sec-Fetch-Site')
		if (site && site !== 'same-origin' && site !== 'none') {
			return refuse(req, res, 403, 'CrossOriginRequest')
		}
		next()
	}
}

/**
 * The path as React Router matches it: WHATWG-normalised like the URL the
 * request handler builds (dot segments resolved), then decoded segment by
 * segment (an encoded "/" stays encoded). Route matching ignores case, so
 * whoever compares with it must too. `null` when the path cannot be decoded
 * (malformed percent-encoding), which rejectMalformedUrls answers with 400.
 */
export function routerPath(req: IncomingMessage & { originalUrl?: string }): string | null {
	const cached = routerPaths.get(req)
	if (cached !== undefined) return cached
	const raw = req.originalUrl ?? req.url ?? '/'
	let path: string | null
	try {
		const { pathname } = new URL(`http://router.local${raw.startsWith('/') ? raw : `/${raw}`}`)
		path = pathname
			.split('/')
			.map((segment) => decodeURIComponent(segment).replaceAll('/', '%2F'))
			.join('/')
	} catch {
		path = null
	}
	routerPaths.set(req, path)
	return path
}
const routerPaths = new WeakMap<IncomingMessage, string | null>()

/**
 * A URL whose percent-encoding cannot be decoded (`/playrooms/%ff`, `/%`) is a
 * 400 in the request's language before static files, the router or any
 * handler sees it — never a URIError, a 500 or an error log line.
 */
export function rejectMalformedUrls(logger: Pick<Logger, 'debug'>) {
	return (req: Request, res: Response, next: NextFunction) => {
		if (routerPath(req) !== null) return next()
		logger.debug({ url: redactUrl(req.originalUrl) }, 'malformed request URL refused')
		refuse(req, res, 400, 'InvalidUrl')
	}
}

/**
 * The last error handler: a client error that escaped (an Express or
 * static-file error carrying a 4xx status) is answered with that status and
 * logged at debug; anything else is a 500 and logged as an error. No stack
 * trace ever reaches a client.
 */
export function lastResortErrorHandler(logger: Pick<Logger, 'debug' | 'error'>) {
	return (error: unknown, req: Request, res: Response, _next: NextFunction) => {
		const status = clientErrorStatus(error)
		if (status) logger.debug({ err: error, url: redactUrl(req.originalUrl) }, 'client error')
		else logger.error({ err: error, url: redactUrl(req.originalUrl) }, 'unhandled request error')
		if (res.headersSent) return res.end()
		if (status === 413) return refuse(req, res, 413, 'PayloadTooLarge')
		if (status) return refuse(req, res, 400, 'BadRequest')
		refuse(req, res, 500, 'ServerError')
	}
}

function clientErrorStatus(error: unknown): number | null {
	if (typeof error !== 'object' || error === null) return null
	const { status, statusCode } = error as { status?: unknown; statusCode?: unknown }
	const value = typeof status === 'number' ? status : statusCode
	return typeof value === 'number' && value >= 400 && value < 500 ? value : null
}

/** Credential forms and endpoints, matched against routerPath (case-insensitive like the router). */
const AUTH_PATH = /^(\/en)?\/(login|auth\/(?!logout)[^/]+|user\/ConfirmChangeEmail)|^\/api\/Auth\//i

/** The live password-strength hint (5–40 ms of zxcvbn CPU time per call), with or without the data suffix. */
const PASSWORD_STRENGTH_PATH = /^(\/en)?\/resources\/password-strength(\.data)?\/?$/i

/**
 * Rate limits per client IP (RATE_LIMIT_FACTOR scales them; tests raise it):
 * 1,000 requests a minute in general, 10 a minute for logins and other
 * credential forms (POST to /login, /auth/*, /api/Auth/*) and 30 a minute for
 * the password-strength hint (a typing person with the form's 300 ms pause
 * asks far fewer; beyond it the hint stays empty and the save still checks).
 * All match the path the router will see (routerPath), so `/%6cogin`, `/LOGIN`
 * or `/x/../login` count as `/login`.
 */
export function rateLimits(env: Env) {
	const perMinute = (limit: number, skip: (req: Request, path: string) => boolean) =>
		rateLimit({
			windowMs: 60_000,
			limit: Math.round(limit * env.RATE_LIMIT_FACTOR),
			standardHeaders: 'draft-7',
			legacyHeaders: false,
			handler: (req: Request, res: Response) => refuse(req, res, 429, 'TooManyRequests'),
			skip: (req) => skip(req, routerPath(req) ?? req.path),
		})
	// The two posting limits are not entered for reads (their own skip would say the same, after
	// an async round trip through the limiter for every page).
	const forPosts =
		(limiter: ReturnType<typeof rateLimit>) => (req: Request, res: Response, next: NextFunction) =>
			UNSAFE_METHODS.has(req.method) ? limiter(req, res, next) : next()
	return [
		perMinute(1_000, (_req, path) => path === '/healthz' || path.startsWith('/assets/')),
		forPosts(perMinute(10, (_req, path) => !AUTH_PATH.test(path))),
		forPosts(perMinute(30, (_req, path) => !PASSWORD_STRENGTH_PATH.test(path))),
	]
}
