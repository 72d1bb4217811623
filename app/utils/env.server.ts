import path from 'node:path'
import { z } from 'zod'

/**
 * Configuration from the environment, validated once at start.
 * A wrong value stops the process with a message that names the variable.
 */
const booleanFromString = z
	.enum(['true', 'false', '1', '0', 'yes', 'no'], {
		error: 'must be true or false',
	})
	.transform((value) => value === 'true' || value === '1' || value === 'yes')

/** OpenFreeMap's public vector style: free, no API key, no cookies (https://openfreemap.org). */
export const DEFAULT_MAP_STYLE_URL = 'https://tiles.openfreemap.org/styles/liberty'

const envSchema = z
	.object({
		PORT: z.coerce
			.number({ error: 'must be a port number' })
			.int('must be a whole number')
			.min(0, 'must be between 0 and 65535')
			.max(65535, 'must be between 0 and 65535')
			.default(3000),
		HOST: z.string().min(1).default('0.0.0.0'),
		DATABASE_PATH: z.string().min(1).default('./data/spielzimmer.db'),
		/** Where processed uploads (playroom photos) are stored; served under /uploads. */
		UPLOADS_DIR: z.string().min(1).default('./data/uploads'),
		APP_ENV: z
			.enum(['development', 'test', 'production'], {
				error: 'must be development, test or production',
			})
			.default('development'),
		SEED_DEMO: booleanFromString.optional(),
		PUBLIC_URL: z.url({ error: 'must be an absolute URL such as https://spielzimmer.example' }).optional(),
		SESSION_SECRET: z.string().min(32, 'must be at least 32 characters long').optional(),
		/**
		 * Derives the secret links and codes of gift voucher orders (ADR 0168). Defaults to
		 * SESSION_SECRET; set it before rotating SESSION_SECRET, or sold vouchers' links stop working.
		 */
		VOUCHER_LINK_SECRET: z.string().min(32, 'must be at least 32 characters long').optional(),
		SMTP_URL: z
			.string()
			.regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
			.optional(),
		MAIL_FROM: z.string().min(3).default('Spielzimmer <no-reply@spielzimmer.local>'),
		LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
		/**
		 * The MapLibre style of every map (issue 31.17, ADR 0153): OpenFreeMap's free public style by
		 * default (no key, no cookies), another style URL to override, `off` for no maps.
		 */
		MAP_STYLE_URL: z
			.union([z.literal('off'), z.url({ protocol: /^https?$/, error: 'must be an http(s) URL or off' })])
			.default(DEFAULT_MAP_STYLE_URL),
		STRIPE_SECRET_KEY: z.string().min(1).optional(),
		STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
		/** Where the Stripe SDK sends its API calls; unset = Stripe's own API. Tests point it at a fake server. */
		STRIPE_API_URL: z.url().optional(),
		/** Multiplies every rate limit; tests raise it so that suites are not throttled. */
		RATE_LIMIT_FACTOR: z.coerce.number().positive().default(1),
		/** Express "trust proxy": set when running behind a reverse proxy (e.g. 1 or loopback). */
		TRUST_PROXY: z
			.string()
			.transform((value) => (/^\d+$/.test(value) ? Number(value) : value === 'true' ? true : value))
			.optional(),
		/** Largest request body (JSON, forms) in KB; larger ones get 413 (docs/subsystems/security.md). */
		MAX_BODY_KB: z.coerce.number().int('must be a whole number').positive().default(64),
		MAX_UPLOAD_BODY_MB: z.coerce.number().int('must be a whole number').positive().default(64),
		/** Open realtime connections per user and per client IP (docs/decisions/0051-realtime-connection-caps.md). */
		HUB_MAX_CONNECTIONS_PER_USER: z.coerce.number().int('must be a whole number').positive().default(20),
		HUB_MAX_CONNECTIONS_PER_IP: z.coerce.number().int('must be a whole number').positive().default(100),
		/** The micro-cache of anonymous pages (docs/subsystems/page-cache.md). */
		PAGE_CACHE: z.enum(['on', 'off']).default('on'),
		/**
		 * iCal import may fetch feeds from loopback, private and link-local addresses
		 * (tests, a calendar server on the LAN); off by default (ADR 0083).
		 */
		ICAL_ALLOW_PRIVATE_HOSTS: booleanFromString.default(false),
		/** Turns the scheduler off, e.g. for one-off scripts. */
		SCHEDULER: z.enum(['on', 'off']).default('on'),
	})
	.superRefine((env, ctx) => {
		if (env.APP_ENV === 'production' && !env.SESSION_SECRET) {
			ctx.addIssue({
				code: 'custom',
				path: ['SESSION_SECRET'],
				message: 'is required when APP_ENV=production (at least 32 random characters)',
			})
		}
	})

export type Env = Omit<z.infer<typeof envSchema>, 'MAP_STYLE_URL'> & {
	/** null when maps are switched off (MAP_STYLE_URL=off). */
	MAP_STYLE_URL: string | null
	SEED_DEMO: boolean
	PUBLIC_URL: string
	SESSION_SECRET: string
	DATABASE_PATH: string
	UPLOADS_DIR: string
}

export class EnvError extends Error {
	override name = 'EnvError'
}

/** Parses an environment (process.env by default) into the typed configuration. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
	// Empty strings mean "not set", which is how shells and .env files pass blanks.
	const cleaned = Object.fromEntries(
		Object.entries(source).filter(([, value]) => value !== undefined && value !== ''),
	)
	const result = envSchema.safeParse(cleaned)
	if (!result.success) {
		const lines = result.error.issues.map(
			(issue) => `  - ${issue.path.join('.') || 'environment'}: ${issue.message}`,
		)
		throw new EnvError(`Invalid configuration:\n${lines.join('\n')}`)
	}
	const env = result.data
	return {
		...env,
		SEED_DEMO: env.SEED_DEMO ?? env.APP_ENV !== 'production',
		MAP_STYLE_URL: env.MAP_STYLE_URL === 'off' ? null : env.MAP_STYLE_URL,
		PUBLIC_URL: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
		// Outside production a fixed development secret keeps cookies valid across restarts.
		SESSION_SECRET: env.SESSION_SECRET ?? 'spielzimmer-development-secret-not-for-production',
		DATABASE_PATH: env.DATABASE_PATH === ':memory:' ? env.DATABASE_PATH : path.resolve(env.DATABASE_PATH),
		UPLOADS_DIR: path.resolve(env.UPLOADS_DIR),
	}
}

let cached: Env | undefined

/** The validated configuration of this process. */
export function getEnv(): Env {
	cached ??= parseEnv()
	return cached
}

/** Tests change the environment between files; this forgets the cached parse. */
export function resetEnvCache() {
	cached = undefined
}
