import { describe, expect, test } from 'vitest'
import { parseEnv } from './env.server.ts'

describe('configuration', () => {
	test('defaults make a fresh clone start without any setting', () => {
		const env = parseEnv({})
		expect(env.PORT).toBe(3000)
		expect(env.HOST).toBe('0.0.0.0')
		expect(env.APP_ENV).toBe('development')
		expect(env.SEED_DEMO).toBe(true)
		expect(env.DATABASE_PATH).toMatch(/data\/spielzimmer\.db$/)
		expect(env.PUBLIC_URL).toBe('http://localhost:3000')
		expect(env.SMTP_URL).toBeUndefined()
	})

	test('a wrong value stops with a message naming the variable', () => {
		expect(() => parseEnv({ PORT: 'abc' })).toThrow(/PORT: must be a port number/)
		expect(() => parseEnv({ PORT: '70000' })).toThrow(/PORT: must be between 0 and 65535/)
		expect(() => parseEnv({ APP_ENV: 'staging' })).toThrow(/APP_ENV: must be development, test or production/)
		expect(() => parseEnv({ SEED_DEMO: 'maybe' })).toThrow(/SEED_DEMO: must be true or false/)
		expect(() => parseEnv({ PUBLIC_URL: 'not a url' })).toThrow(/PUBLIC_URL/)
		expect(() => parseEnv({ SMTP_URL: 'http://mail' })).toThrow(/SMTP_URL: must start with smtp/)
	})

	test('production requires SESSION_SECRET and does not seed demo data by default', () => {
		expect(() => parseEnv({ APP_ENV: 'production' })).toThrow(/SESSION_SECRET: is required/)
		const env = parseEnv({
			APP_ENV: 'production',
			SESSION_SECRET: 'x'.repeat(40),
			PUBLIC_URL: 'https://spielzimmer.example/',
		})
		expect(env.SEED_DEMO).toBe(false)
		expect(env.PUBLIC_URL).toBe('https://spielzimmer.example')
	})

	test('maps are on by default with OpenFreeMap’s free style; MAP_STYLE_URL overrides it, off switches maps off (issue 31.17)', () => {
		expect(parseEnv({}).MAP_STYLE_URL).toBe('https://tiles.openfreemap.org/styles/liberty')
		expect(parseEnv({ MAP_STYLE_URL: 'https://maps.example/style.json' }).MAP_STYLE_URL).toBe(
			'https://maps.example/style.json',
		)
		expect(parseEnv({ MAP_STYLE_URL: 'off' }).MAP_STYLE_URL).toBeNull()
		expect(() => parseEnv({ MAP_STYLE_URL: 'maps please' })).toThrow(
			/MAP_STYLE_URL: must be an http\(s\) URL or off/,
		)
	})

	test('empty strings count as unset', () => {
		expect(parseEnv({ PORT: '', SEED_DEMO: '' }).PORT).toBe(3000)
	})
})
