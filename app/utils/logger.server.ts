import pino from 'pino'
import { getEnv } from './env.server.ts'

/**
 * Paths that must never reach a log line: credentials and tokens in headers
 * and bodies. Request URLs are redacted separately by `redactUrl`.
 */
export const REDACTED_PATHS = [
	'req.headers.authorization',
	'req.headers.cookie',
	'res.headers["set-cookie"]',
	'*.password',
	'*.currentPassword',
	'*.newPassword',
	'*.token',
	'*.emailToken',
	'password',
	'token',
]

/** URL path segments that carry secrets (e-mail links) and query parameters that do. */
const SECRET_PATH_PATTERNS: RegExp[] = [
	/(\/auth\/confirmEmail\/[^/]+\/)[^/?#]+/i,
	/(\/auth\/ResetPassword\/[^/]+\/)[^/?#]+/i,
	/(\/user\/ConfirmChangeEmail\/[^/]+\/[^/]+\/)[^/?#]+/i,
	/(\/public\/voucher-orders\/[^/]+\/)[^/?#]+/i,
]
const SECRET_QUERY_PARAMS = ['token', 'emailToken', 'password', 'secret', 'key']

/** Replaces tokens in a request URL by "[redacted]" so access logs can be shared. */
export function redactUrl(url: string): string {
	let result = url
	for (const pattern of SECRET_PATH_PATTERNS) result = result.replace(pattern, '$1[redacted]')
	const queryStart = result.indexOf('?')
	if (queryStart === -1) return result
	const params = new URLSearchParams(result.slice(queryStart + 1))
	let changed = false
	for (const name of SECRET_QUERY_PARAMS) {
		if (params.has(name)) {
			params.set(name, '[redacted]')
			changed = true
		}
	}
	return changed ? `${result.slice(0, queryStart)}?${params.toString()}` : result
}

export function createLogger(name: string) {
	const env = getEnv()
	return pino({
		name,
		level: env.LOG_LEVEL ?? (env.APP_ENV === 'test' ? 'warn' : 'info'),
		redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
	})
}

let appLogger: pino.Logger | undefined
export function getLogger(): pino.Logger {
	appLogger ??= createLogger('spielzimmer')
	return appLogger
}
export type Logger = pino.Logger
