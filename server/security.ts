import { randomBytes } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import type { NextFunction, Request, Response } from 'express'
import { rateLimit } from 'express-rate-limit'
import helmet from 'helmet'
import { common as deCommon } from '#app/locales/de/common.ts'
import { common as enCommon } from '#app/locales/en/common.ts'
import type { Env } from '#app/utils/env.server.ts'
import { getLocaleFromPathname, negotiateLocale, type Locale } from '#app/utils/locale.ts'

/**
 * The HTTP security baseline (docs/subsystems/security.md): CSP with a nonce
 * per response, HSTS in production, a same-origin rule for state-changing
 * requests that carry cookies, and rate limits.
 */

const apiErrorTexts = { de: deCommon.apiErrors, en: enCommon.apiErrors }

function requestLocale(req: Request): Locale {
	return req.path.startsWith('/api/')
		? negotiateLocale(req.get('Accept-Language'))
		: getLocaleFromPathname(req.path)
}

/** A refusal in the request's language: the API envelope for /api, a small page otherwise. */
export function refuse(
	req: Request,
	res: Response,
	status: number,
	name: keyof (typeof apiErrorTexts)['de'],
) {
	const locale = requestLocale(req)
	const message = apiErrorTexts[locale][name]
	if (req.path.startsWith('/api/')) {
		res.status(status).json({ success: false, value: null, error: JSON.stringify({ name, message }) })
		return
	}
	res
		.status(status)
		.type('html')
		.send(
			`<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><title>${status}</title></head>` +
				`<body><h1>${status}</h1><p>${message}</p><p><a href="${locale === 'en' ? '/en' : '/'}">${
					locale === 'en' ? enCommon.errors.backHome : deCommon.errors.backHome
				}</a></p></body></html>`,
		)
}

export function cspNonce(_req: Request, res: Response, next: NextFunction) {
	res.locals.cspNonce = randomBytes(16).toString('base64')
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

const AUTH_PATH = /^(\/en)?\/(login|auth\/(?!logout)[^/]+|user\/ConfirmChangeEmail)|^\/api\/Auth\//i

/**
 * Rate limits per client IP (RATE_LIMIT_FACTOR scales them; tests raise it):
 * 1,000 requests a minute in general, 10 a minute for logins and other
 * credential forms (POST to /login, /auth/*, /api/Auth/*).
 */
export function rateLimits(env: Env) {
	const perMinute = (limit: number, skip: (req: Request) => boolean) =>
		rateLimit({
			windowMs: 60_000,
			limit: Math.round(limit * env.RATE_LIMIT_FACTOR),
			standardHeaders: 'draft-7',
			legacyHeaders: false,
			handler: (req: Request, res: Response) => refuse(req, res, 429, 'TooManyRequests'),
			skip,
		})
	return [
		perMinute(1_000, (req) => req.path === '/healthz' || req.path.startsWith('/assets/')),
		perMinute(10, (req) => !UNSAFE_METHODS.has(req.method) || !AUTH_PATH.test(req.path)),
	]
}
