import type { NextFunction, Request, Response } from 'express'
import { isbot } from 'isbot'
import { parseCookie } from 'cookie'
import { CONSENT_COOKIE, parseConsent } from '#app/utils/consent.ts'

/**
 * A short-lived in-memory cache of anonymous page responses
 * (docs/subsystems/page-cache.md).
 *
 * - Only responses the app marked with `X-Page-Cache: <seconds>` are stored
 *   (app/render/page-cache.server.ts marks only anonymous GETs that opted in),
 *   only with status 200 and setting no cookie but the locale ones.
 * - Only requests without credentials or a pending toast are answered from it.
 *   The key holds the URL and every cookie that changes the rendering.
 * - Every answer gets a fresh CSP nonce: the cached body's nonce is replaced by
 *   this response's, so nonces are never reused.
 * - Any successful write (POST/PUT/PATCH/DELETE) empties the cache, unless the
 *   app marked it `X-Page-Cache: keep` (tracking, preferences).
 */
const HEADER = 'x-page-cache'
const NOT_STORED_HEADERS = new Set([
	HEADER,
	'content-security-policy',
	'content-length',
	'content-encoding',
	'transfer-encoding',
	'date',
	'connection',
	'keep-alive',
	'vary',
])
const CREDENTIAL_COOKIES = ['auth.token', 'auth.old_user', 'sz_toast']
const RENDERING_COOKIES = ['color_mode', 'sidebar', 'i18n_redirected', 'culture']
/**
 * Cookies a cacheable answer may set: they follow from the key alone (URL,
 * these cookies' current values, Accept-Language at "/"), so replaying them is
 * what rendering again would do.
 */
const REPLAYABLE_COOKIES = new Set(['i18n_redirected', 'culture'])

function onlyReplayableCookies(setCookie: ReturnType<Response['getHeader']>): boolean {
	if (setCookie === undefined) return true
	const values = Array.isArray(setCookie) ? setCookie : [String(setCookie)]
	return values.every((value) => REPLAYABLE_COOKIES.has(value.slice(0, value.indexOf('=')).trim()))
}

type Entry = {
	status: number
	headers: [string, string | string[]][]
	body: Buffer
	nonce: string
	expiresAt: number
}

export type PageCacheOptions = { maxEntries?: number; now?: () => number }

export function createPageCache(options: PageCacheOptions = {}) {
	const maxEntries = options.maxEntries ?? 500
	const now = options.now ?? Date.now
	const entries = new Map<string, Entry>()
	const stats = { hits: 0, misses: 0, stores: 0, invalidations: 0 }

	function keyFor(req: Request): string | null {
		if (req.method !== 'GET') return null
		if (req.headers.authorization) return null
		const cookies = req.headers.cookie ? parseCookie(req.headers.cookie) : {}
		if (CREDENTIAL_COOKIES.some((name) => cookies[name])) return null
		return JSON.stringify([
			req.originalUrl,
			...RENDERING_COOKIES.map((name) => cookies[name] ?? ''),
			consentKey(cookies[CONSENT_COOKIE]),
			isbot(req.get('User-Agent')) ? 'bot' : '',
			// Only "/" decides by Accept-Language (first-visit locale redirect).
			req.path === '/' ? (req.get('Accept-Language') ?? '') : '',
		])
	}

	function store(key: string, entry: Entry) {
		entries.delete(key)
		entries.set(key, entry)
		stats.stores++
		while (entries.size > maxEntries) {
			const oldest = entries.keys().next().value
			if (oldest === undefined) break
			entries.delete(oldest)
		}
	}

	function invalidate() {
		if (entries.size) stats.invalidations++
		entries.clear()
	}

	function middleware(req: Request, res: Response, next: NextFunction) {
		if (req.method !== 'GET' && req.method !== 'HEAD' && req.method !== 'OPTIONS') {
			res.on('finish', () => {
				if (res.statusCode < 400 && res.getHeader(HEADER) !== 'keep') invalidate()
			})
			return next()
		}
		const key = keyFor(req)
		if (!key) return next()
		const nonce = String(res.locals.cspNonce ?? '')

		const hit = entries.get(key)
		if (hit && hit.expiresAt > now()) {
			stats.hits++
			res.status(hit.status)
			for (const [name, value] of hit.headers) res.setHeader(name, value)
			res.setHeader('X-Cache', 'HIT')
			const body =
				hit.nonce && nonce ? Buffer.from(hit.body.toString('utf8').replaceAll(hit.nonce, nonce)) : hit.body
			res.end(body)
			return
		}
		if (hit) entries.delete(key)
		stats.misses++

		// Capture what the app writes (before compression, which wraps further out).
		const chunks: Buffer[] = []
		const write = res.write.bind(res)
		const end = res.end.bind(res)
		const collect = (chunk: unknown, encoding?: unknown) => {
			if (chunk === undefined || chunk === null || typeof chunk === 'function') return
			chunks.push(
				Buffer.isBuffer(chunk)
					? chunk
					: typeof chunk === 'string'
						? Buffer.from(chunk, (typeof encoding === 'string' ? encoding : 'utf8') as BufferEncoding)
						: Buffer.from(chunk as Uint8Array),
			)
		}
		res.write = ((chunk: unknown, encoding?: unknown, callback?: unknown) => {
			collect(chunk, encoding)
			return write(chunk as never, encoding as never, callback as never)
		}) as typeof res.write
		res.end = ((chunk?: unknown, encoding?: unknown, callback?: unknown) => {
			collect(chunk, encoding)
			const seconds = Number(res.getHeader(HEADER))
			if (res.statusCode === 200 && seconds > 0 && onlyReplayableCookies(res.getHeader('set-cookie'))) {
				store(key, {
					status: res.statusCode,
					headers: Object.entries(res.getHeaders())
						.filter(([name]) => !NOT_STORED_HEADERS.has(name.toLowerCase()))
						.map(([name, value]) => [name, Array.isArray(value) ? value : String(value)]),
					body: Buffer.concat(chunks),
					nonce,
					expiresAt: now() + seconds * 1000,
				})
			}
			return end(chunk as never, encoding as never, callback as never)
		}) as typeof res.end
		next()
	}

	return { middleware, invalidate, stats, size: () => entries.size }
}

/** The consent categories (not the visitor-unique parts) of the cc_cookie. */
/**
 * The consent part of the key: what the page renders by it (the first-visit
 * banner, ADR 0068; later maps/analytics). "No cookie", "outdated or broken"
 * (banner with the revision message) and each decided set of categories.
 */
function consentKey(value: string | undefined): string {
	if (!value) return ''
	const consent = parseConsent(value)
	return consent.decided ? consent.categories.join(',') : 'undecided'
}
