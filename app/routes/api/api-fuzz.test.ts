import path from 'node:path'
import fc from 'fast-check'
import { beforeAll, describe, expect, test } from 'vitest'
import { bookingFixture, daysAhead, hourlySlot, orderApiBody } from '#tests/helpers/booking.ts'
import { callRoute, type RouteCallResult } from '#tests/helpers/route-harness.ts'
import { allFieldNames } from '#tests/helpers/schema-walk.ts'
import { createLoggedInUser } from '#tests/helpers/users.ts'
import routes from '#app/routes.ts'
import { endpointTableOf } from '#app/utils/api-endpoints.server.ts'

/**
 * Fuzz test of the whole JSON API (issue 10): every /api route of
 * app/routes.ts — every endpoint of each `:endpoint` family — gets arbitrary
 * requests built from the schemas' field names (app/schemas, walked by
 * tests/helpers/schema-walk.ts), mutations of valid payloads, arbitrary JSON
 * and broken bodies, as anonymous, guest, host and admin. Every answer must
 * be below 500 and the envelope {success, value, error} with a translated
 * error; nothing may throw. A failure prints fast-check's seed and the
 * shrunk request; replay with FUZZ_SEED=<seed>. FUZZ_RUNS raises the count.
 */
type Method = 'GET' | 'POST' | 'DELETE'
type Handler = Parameters<typeof callRoute>[0]
type Target = {
	label: string
	path: string
	method: Method
	handler: Handler
	params: Record<string, string>
}
type RouteEntry = { path?: string; file: string; children?: RouteEntry[] }
type RouteModule = { loader?: Handler; action?: Handler }

const RUNS = Number(process.env.FUZZ_RUNS ?? 30)
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined

async function apiTargets(): Promise<Target[]> {
	const targets: Target[] = []
	for (const entry of routes as RouteEntry[]) {
		if (!entry.path?.startsWith('api/')) continue
		const module = (await import(path.resolve('app', entry.file))) as RouteModule
		const table = endpointTableOf(module.action) ?? endpointTableOf(module.loader)
		if (table) {
			for (const [name, endpoint] of Object.entries(table)) {
				const handler = endpoint.method === 'GET' ? module.loader : module.action
				if (!handler) continue
				const routePath = `/${entry.path.replace(':endpoint', name)}`
				const label = `${endpoint.method} ${routePath}`
				targets.push({ label, path: routePath, method: endpoint.method, handler, params: { endpoint: name } })
			}
			continue
		}
		const routePath = `/${entry.path.replace('*', 'Fuzz/Nope')}`
		const params: Record<string, string> = entry.path.endsWith('*') ? { '*': 'Fuzz/Nope' } : {}
		for (const [method, handler] of [
			['GET', module.loader],
			['POST', module.action],
		] as const) {
			if (handler) targets.push({ label: `${method} ${routePath}`, path: routePath, method, handler, params })
		}
	}
	return targets
}

// --- Arbitraries ---------------------------------------------------------------

const NASTY_STRINGS = [
	'0x10',
	'1e400',
	'-0',
	'NaN',
	'Infinity',
	'16',
	'2.5',
	'',
	'   ',
	'null',
	'true',
	'on',
	'\u0000',
	'\uD800',
	'\uDFFF',
	'a\uD83D',
	'\u202Egnp.exe',
	'\u2066x\u2069',
	'e\u0301',
	'\r\n',
	'__proto__',
	'constructor',
	'../../etc/passwd',
	'<script>alert(1)</script>',
	"' OR 1=1 --",
	'9'.repeat(400),
	'x'.repeat(5_000),
	'2026-02-30',
	'2026-07-01T09:00:00Z',
	'2026-07-01',
	'SZ-ABC123',
	'AbCdEfGhIjKlMnOp',
	'Hourly',
	'Overnight',
	'BankTransfer',
	'Card',
	'de',
	'en',
	'a@b.de',
	'guest@example.com',
	'upcoming',
	'Confirmed',
]
const utf16Unit = fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code))
const nastyString = fc.oneof(
	fc.constantFrom(...NASTY_STRINGS),
	fc.string({ maxLength: 30 }),
	fc.string({ unit: utf16Unit, maxLength: 12 }),
)
const nastyNumber = fc.oneof(
	fc.integer(),
	fc.double(),
	fc.constantFrom(0, -1, 1, 2, 1.5, 2 ** 53, -(2 ** 31), 1e308, 500, 501, 999, 1000),
)
const fieldNames = allFieldNames()
const fieldName = fc.oneof(
	{ weight: 5, arbitrary: fc.constantFrom(...fieldNames) },
	{ weight: 1, arbitrary: fc.constantFrom('__proto__', 'constructor', 'isAdmin', 'role', 'status') },
)
const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
	{ weight: 4, arbitrary: nastyString },
	{ weight: 2, arbitrary: nastyNumber },
	{ weight: 1, arbitrary: fc.boolean() },
	{ weight: 1, arbitrary: fc.constant(null) },
	{ weight: 1, arbitrary: fc.array(fc.oneof(nastyString, nastyNumber), { maxLength: 3 }) },
	{ weight: 1, arbitrary: fc.dictionary(fieldName, fc.oneof(nastyString, nastyNumber), { maxKeys: 3 }) },
	{ weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
)
/** An object over the schemas' field names. */
const schemaShaped = fc.dictionary(fieldName, nastyValue, { maxKeys: 8 })

/** Valid payloads per endpoint label (filled in beforeAll); a mutation changes, drops or adds fields. */
const SAMPLES: Record<string, Record<string, unknown>> = {}

function mutationsOf(samples: () => Record<string, unknown>[]) {
	const change = fc.tuple(fc.nat(), fieldName, nastyValue, fc.constantFrom('set', 'set', 'drop', 'add'))
	return fc.tuple(fc.nat(), fc.array(change, { minLength: 1, maxLength: 3 })).map(([pick, changes]) => {
		const all = samples()
		const sample: Record<string, unknown> = { ...all[pick % all.length] }
		for (const [keyIndex, extraKey, value, how] of changes) {
			const keys = Object.keys(sample)
			const key = keys[keyIndex % keys.length] ?? extraKey
			if (how === 'drop') delete sample[key]
			else sample[how === 'add' ? extraKey : key] = value
		}
		return sample
	})
}

const BROKEN_BODIES = [
	'{',
	'{"adults":',
	'}',
	'nul',
	'[1,2',
	'{"a":1}{"b":2}',
	'\u0000',
	'undefined',
	"{'a':1}",
	'{"adults":1e999}',
	'{"__proto__":{"isAdmin":true}}',
	'{"constructor":{"prototype":{"x":1}}}',
	`${'['.repeat(5_000)}${']'.repeat(5_000)}`,
	`{"a":"${'\\u'}"}`,
	'{"a":"\\ud800"}',
]
type Body = { kind: 'json'; json: unknown } | { kind: 'raw'; body: string }
const asJson = (json: unknown): Body => ({ kind: 'json', json })
const rawBody = fc
	.oneof(fc.constantFrom(...BROKEN_BODIES), fc.string({ maxLength: 40 }))
	.map((body): Body => ({ kind: 'raw', body }))

/** Bodies for one endpoint: mostly mutations of its own valid payload when it has one. */
function bodyFor(label: string): fc.Arbitrary<Body> {
	const own = label in SAMPLES
	return fc.oneof(
		{ weight: own ? 8 : 0, arbitrary: mutationsOf(() => [SAMPLES[label] ?? {}]).map(asJson) },
		{ weight: 3, arbitrary: schemaShaped.map(asJson) },
		{ weight: 2, arbitrary: mutationsOf(() => Object.values(SAMPLES)).map(asJson) },
		{ weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).map(asJson) },
		{ weight: 1, arbitrary: rawBody },
	)
}

function queryOf(value: Record<string, unknown>): string {
	const params = new URLSearchParams()
	for (const [key, item] of Object.entries(value)) {
		for (const one of Array.isArray(item) ? item : [item]) {
			params.append(key, typeof one === 'string' ? one : (JSON.stringify(one) ?? ''))
		}
	}
	return params.toString()
}

// --- The envelope ------------------------------------------------------------

function checkEnvelope(result: RouteCallResult) {
	expect(result.status).toBeLessThan(500)
	const contentType = result.headers.get('Content-Type') ?? ''
	// Successful non-JSON answers (QR images, redirects) are fine; errors never.
	if (result.status < 400 && !contentType.includes('json')) return
	const body = result.json as { success: unknown; value: unknown; error: unknown }
	expect(Object.keys(body ?? {}).sort()).toEqual(['error', 'success', 'value'])
	expect(typeof body.success).toBe('boolean')
	if (body.success) {
		expect(body.error).toBeNull()
		return
	}
	expect(result.status).toBeGreaterThanOrEqual(400)
	expect(body.value).toBeNull()
	const error = JSON.parse(String(body.error)) as { name: unknown; message: unknown; fields?: unknown }
	expect(typeof error.name).toBe('string')
	expect(typeof error.message).toBe('string')
	expect(String(error.message)).not.toMatch(/^$|^[a-z]+:|^validation\.|\n\s+at /)
	for (const messages of Object.values((error.fields ?? {}) as Record<string, unknown>)) {
		expect(Array.isArray(messages)).toBe(true)
		for (const message of messages as unknown[]) {
			expect(typeof message).toBe('string')
			// Translated, never a key or a library's English default.
			expect(String(message)).not.toMatch(/^validation\.|^[a-z]+:errors\.|^Invalid input|^Too (big|small)/)
		}
	}
}

// --- The run -------------------------------------------------------------------

const targets = await apiTargets()
const identities: { name: string; token: string | null }[] = [{ name: 'anonymous', token: null }]

beforeAll(async () => {
	for (const role of ['Customer', 'Owner', 'Admin'] as const) {
		const { token } = await createLoggedInUser({ role, phoneNumber: '+49 170 5550123' })
		identities.push({ name: role, token })
	}
	const fixture = await bookingFixture({ instantBooking: true })
	const slot = hourlySlot(daysAhead(40), 11, 2)
	const order = orderApiBody(fixture.playroom.id, slot, { extras: [], message: 'Bis bald!' })
	const registration = {
		email: 'fuzz@example.test',
		password: 'Kletterwand-Sonne-42',
		firstName: 'Fuzz',
		lastName: 'Test',
		displayName: 'Fuzz Test',
		phoneNumber: '+49 170 5550123',
		acceptTerms: true,
	}
	const reason = { orderId: 'AbCdEfGhIjKlMnOp', reason: 'Leider krank geworden.' }
	const playroom = { playroomId: fixture.playroom.id }
	Object.assign(SAMPLES, {
		'POST /api/Customer/Orders/Create': order,
		'POST /api/Customer/Orders/Cancel': reason,
		'POST /api/Owner/Orders/Decline': reason,
		'POST /api/Owner/Orders/Cancel': reason,
		'POST /api/Admin/Orders/Cancel': reason,
		'POST /api/Admin/Orders/RecordBankTransfer': {
			orderCode: 'SZ-ABC123',
			amount: 1000,
			note: 'Eingang',
			idempotencyKey: 'fuzz-transfer-0001',
		},
		'POST /api/Admin/Payments/RecordControlTransaction': {
			amount: 1000,
			bookingDate: '2026-06-01',
			reference: 'SZ-ABC123',
			idempotencyKey: 'fuzz-control-00001',
		},
		'POST /api/Auth/registerCustomer': registration,
		'POST /api/Auth/registerOwner': { ...registration, companyName: 'Fuzz GmbH', city: 'Köln' },
		'POST /api/Auth/signup': {
			username: 'fuzz2@example.test',
			password: 'Kletterwand-Sonne-42',
			acceptTerms: true,
		},
		'POST /api/Auth/signin': {
			username: 'fuzz@example.test',
			password: 'Kletterwand-Sonne-42',
			rememberMe: true,
		},
		'POST /api/Events/TrackEvent': { name: 'page_view', value: 'x' },
		'POST /api/Events/TraceEvent': { pageUrl: '/playrooms', eventType: 'visible', isHidden: false },
		'POST /api/User/UpdateEmailSettings': {
			allowEmailForBookings: 'true',
			allowEmailForPersonalOffers: 'false',
			allowEmailForFeedback: true,
		},
		'POST /api/Support/Send': { body: 'Hallo Support', clientMessageId: 'fuzz-support-0001' },
		'POST /api/Admin/Support/SetStatus': { threadId: 'AbCdEfGhIjKlMnOp', status: 'Resolved' },
		'POST /api/Admin/Support/Assign': { threadId: 'AbCdEfGhIjKlMnOp', adminId: null },
		'POST /api/Public/Playrooms/AddFavorite': playroom,
		'POST /api/Public/Playrooms/RemoveFavorite': playroom,
		'POST /api/Public/Playrooms/MergeFavorites': { playroomIds: [fixture.playroom.id] },
		'POST /api/Public/Playrooms/PlayroomPageView': {
			playroomUrlPath: fixture.playroom.input.playroomUrlPath,
		},
	})
})

describe('API fuzz: no 500 and the envelope on every answer', () => {
	test('every JSON API route of app/routes.ts is covered', () => {
		expect(targets.length).toBeGreaterThan(40)
		const labels = new Set(targets.map((target) => target.label))
		for (const label of Object.keys(SAMPLES)) expect(labels.has(label), label).toBe(true)
		expect(targets.map((target) => target.label)).toEqual(
			expect.arrayContaining([
				'POST /api/Customer/Orders/Create',
				'POST /api/Auth/registerCustomer',
				'POST /api/Events/TrackEvent',
				'POST /api/Public/Playrooms/AddFavorite',
			]),
		)
	})

	for (const target of targets) {
		test(target.label, { timeout: 60_000 }, async () => {
			const role = /\/(Customer|Owner|Admin)\//.exec(target.path)?.[1]
			const everyone = fc.constantFrom(...identities)
			const identity = role
				? fc.oneof(everyone, fc.constantFrom(...identities.filter((who) => who.name === role)))
				: everyone
			await fc.assert(
				fc.asyncProperty(
					identity,
					bodyFor(target.label),
					schemaShaped,
					fc.constantFrom('de', 'en'),
					async (who, body, query, lang) => {
						const headers: Record<string, string> = { 'Accept-Language': lang }
						if (who.token) headers.Authorization = `Bearer ${who.token}`
						const withBody = target.method !== 'GET'
						const result = await callRoute(target.handler, {
							path: withBody ? target.path : `${target.path}?${queryOf(query)}`,
							method: target.method,
							headers,
							params: target.params,
							...(withBody ? (body.kind === 'json' ? { json: body.json } : { body: body.body }) : {}),
						})
						checkEnvelope(result)
					},
				),
				{ numRuns: RUNS, seed: SEED },
			)
		})
	}
})
