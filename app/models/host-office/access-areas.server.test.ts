import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { accessAreaPlayrooms, accessAreas, accessCodeParts } from '#db/schema/access.ts'
import { createSession } from '#app/models/accounts/session.server.ts'
import { dateRangeMessage } from '#app/schemas/fields.ts'
import { roleGuard } from '#app/utils/auth.server.ts'
import { getDb } from '#app/utils/db.server.ts'
import { getFixedT } from '#app/utils/i18n.server.ts'
import { translateValidationMessage } from '#app/utils/validation.ts'
import { accessScenario, HOUR, moveOrder } from '#tests/helpers/access.ts'
import { callApi } from '#tests/helpers/api.ts'
import { createTestPlayroom } from '#tests/helpers/catalogue.ts'
import { callRoute } from '#tests/helpers/route-harness.ts'
import { createLoggedInUser } from '#tests/helpers/users.ts'
import * as customerOrders from '#app/routes/api/customer-orders.ts'
import * as ownerOrders from '#app/routes/api/owner-orders.ts'
import * as guestOrderPage from '#app/routes/guest/order-detail.tsx'
import * as hostAreaPage from '#app/routes/host/access-area-detail.tsx'
import * as hostAreasPage from '#app/routes/host/access-areas.tsx'
import * as hostOrderPage from '#app/routes/host/order-detail.tsx'

/**
 * Issue 13: the arrival code reaches the order's guest exactly from 24 h
 * before check-in until check-out (Confirmed only), and nobody else — not
 * another guest, not the host's pages, not any order API; a host never sees
 * or edits another host's access areas.
 */
const guestLoader = guestOrderPage.loader as never
const hostOrderLoader = hostOrderPage.loader as never
const areaLoader = hostAreaPage.loader as never
const areaAction = hostAreaPage.action as never
const areasLoader = hostAreasPage.loader as never
const cookieOf = (userId: string) => `auth.token=${createSession({ userId, persistent: true }).token}`
const CODE = 'Kx7319q'

async function guestPage(orderId: string, cookie: string) {
	return callRoute(guestLoader, {
		path: `/guest/orders/${orderId}`,
		cookie,
		params: { orderId },
		middleware: [roleGuard('Customer')],
	})
}

/** Everything an identity can get about the order, as one string. */
async function everythingSeenBy(orderId: string, cookie: string, role: 'Customer' | 'Owner') {
	if (role === 'Customer') {
		const page = await guestPage(orderId, cookie)
		const api = await callApi(customerOrders.loader as never, 'Customer/Orders', 'Get', {
			query: `orderId=${orderId}`,
			cookie,
		})
		const list = await callApi(customerOrders.loader as never, 'Customer/Orders', 'Index', { cookie })
		return JSON.stringify([page.status, page.data, api.body, list.body])
	}
	const page = await callRoute(hostOrderLoader, {
		path: `/host/orders/${orderId}`,
		cookie,
		params: { orderId },
		middleware: [roleGuard('Owner')],
	})
	const api = await callApi(ownerOrders.loader as never, 'Owner/Orders', 'Get', {
		query: `orderId=${orderId}`,
		cookie,
	})
	return JSON.stringify([page.status, page.data, api.body])
}

describe('arrival code visibility', () => {
	test('the guest sees instructions and the code in the window; every other identity never does', async () => {
		const { order, host, fixture } = await accessScenario({ checkIn: Date.now() + 12 * HOUR })
		const guestCookie = cookieOf(fixture.guest.id)
		const page = await guestPage(order.id, guestCookie)
		expect(page.status).toBe(200)
		expect((page.data as { arrival: unknown }).arrival).toEqual([
			{ name: 'Schlüsselkasten', type: 'KeyBox', instructions: 'Rechts neben der Tür.', code: CODE },
		])
		expect(page.headers.get('Cache-Control')).toBe('private, no-store')

		// The guest's own API answers carry no code (the page is the one place it appears).
		const guestApi = await callApi(customerOrders.loader as never, 'Customer/Orders', 'Get', {
			query: `orderId=${order.id}`,
			cookie: guestCookie,
		})
		expect(guestApi.status).toBe(200)
		expect(JSON.stringify(guestApi.body)).not.toContain(CODE)

		const otherGuest = await createLoggedInUser({ role: 'Customer' })
		const otherHost = await createLoggedInUser({ role: 'Owner' })
		for (const [cookie, role] of [
			[otherGuest.cookie, 'Customer'],
			[host.cookie, 'Owner'],
			[otherHost.cookie, 'Owner'],
		] as const) {
			const seen = await everythingSeenBy(order.id, cookie, role)
			expect(seen).not.toContain(CODE)
			expect(seen).not.toContain('Rechts neben der Tür')
		}
	})

	test.each([
		['more than 24 h before check-in', 25 * HOUR, 'Confirmed'],
		['after check-out', -4 * HOUR, 'Confirmed'],
		['in the window but not confirmed', 2 * HOUR, 'AwaitingPayment'],
		['in the window but cancelled', 2 * HOUR, 'Cancelled'],
	] as const)('%s: nothing on the guest page', async (_name, offset, status) => {
		const { order, fixture } = await accessScenario({ checkIn: Date.now() + offset, status })
		const page = await guestPage(order.id, cookieOf(fixture.guest.id))
		expect(page.status).toBe(200)
		expect((page.data as { arrival: unknown }).arrival).toBeNull()
		expect(JSON.stringify(page.data)).not.toContain(CODE)
	})

	test('the window edges: 24 h before check-in it appears, at check-out it is gone', async () => {
		const { order, fixture } = await accessScenario()
		const cookie = cookieOf(fixture.guest.id)
		const now = Date.now()
		moveOrder(order.id, now + 24 * HOUR - 60_000, now + 27 * HOUR)
		expect(JSON.stringify((await guestPage(order.id, cookie)).data)).toContain(CODE)
		moveOrder(order.id, now - 3 * HOUR, now - 1_000)
		expect(JSON.stringify((await guestPage(order.id, cookie)).data)).not.toContain(CODE)
	})

	test('the code is the part valid at check-in (a monthly code)', async () => {
		const { order, fixture, hostCaller, area } = await accessScenario({ code: 'old' })
		const { addCodePart } = await import('./access-areas.server.ts')
		getDb().delete(accessCodeParts).where(eq(accessCodeParts.accessAreaId, area.id)).run()
		addCodePart(hostCaller, area.id, { code: 'Kx1111q', validFrom: '2020-01-01', validTo: '2020-01-31' })
		addCodePart(hostCaller, area.id, { code: 'Kx2222q', validFrom: '2020-02-01' })
		const data = JSON.stringify((await guestPage(order.id, cookieOf(fixture.guest.id))).data)
		expect(data).toContain('Kx2222q')
		expect(data).not.toContain('Kx1111q')
	})
})

describe('access areas belong to their host', () => {
	test('host B gets 404 for host A’s area (view, save, delete, codes) and nothing changes', async () => {
		const { area } = await accessScenario()
		const hostB = await createLoggedInUser({ role: 'Owner' })
		const before = JSON.stringify([
			getDb().select().from(accessAreas).where(eq(accessAreas.id, area.id)).all(),
			getDb().select().from(accessCodeParts).where(eq(accessCodeParts.accessAreaId, area.id)).all(),
			getDb().select().from(accessAreaPlayrooms).where(eq(accessAreaPlayrooms.accessAreaId, area.id)).all(),
		])
		const call = (handler: never, form?: Record<string, string>) =>
			callRoute(handler, {
				path: `/host/accessAreas/${area.id}`,
				cookie: hostB.cookie,
				params: { accessAreaId: area.id },
				form,
				middleware: [roleGuard('Owner')],
			})
		expect((await call(areaLoader)).status).toBe(404)
		for (const form of [
			{ intent: 'save', name: 'Mine now', type: 'Keypad' } as Record<string, string>,
			{ intent: 'delete' },
			{ intent: 'addPart', code: '0000' },
		]) {
			expect((await call(areaAction, form)).status, form.intent).toBe(404)
		}
		const list = await callRoute(areasLoader, {
			path: '/host/accessAreas',
			cookie: hostB.cookie,
			middleware: [roleGuard('Owner')],
		})
		expect(JSON.stringify(list.data)).not.toContain(area.id)
		const after = JSON.stringify([
			getDb().select().from(accessAreas).where(eq(accessAreas.id, area.id)).all(),
			getDb().select().from(accessCodeParts).where(eq(accessCodeParts.accessAreaId, area.id)).all(),
			getDb().select().from(accessAreaPlayrooms).where(eq(accessAreaPlayrooms.accessAreaId, area.id)).all(),
		])
		expect(after).toBe(before)
	})

	test('a host links only its own playrooms: another host’s playroom is refused and nothing is stored', async () => {
		const { host, area } = await accessScenario()
		const foreign = await createTestPlayroom({})
		const result = await callRoute(areaAction, {
			path: `/host/accessAreas/${area.id}`,
			cookie: host.cookie,
			params: { accessAreaId: area.id },
			form: { intent: 'save', name: 'Renamed', type: 'KeyBox', playroomIds: foreign.id },
			middleware: [roleGuard('Owner')],
		})
		expect(result.status).toBe(400)
		const row = getDb().select().from(accessAreas).where(eq(accessAreas.id, area.id)).get()
		expect(row?.name).toBe('Schlüsselkasten')
		const links = getDb()
			.select()
			.from(accessAreaPlayrooms)
			.where(eq(accessAreaPlayrooms.accessAreaId, area.id))
			.all()
		expect(links.map((link) => link.playroomId)).not.toContain(foreign.id)
	})

	test('the host creates an area (no JavaScript: a form post) and adds a monthly code', async () => {
		const host = await createLoggedInUser({ role: 'Owner' })
		const created = await callRoute(hostAreasPage.action as never, {
			path: '/host/accessAreas',
			cookie: host.cookie,
			form: { name: 'Keypad Hof', type: 'Keypad', instructionsDe: 'Hoftor', instructionsEn: 'Yard gate' },
			middleware: [roleGuard('Owner')],
		})
		expect(created.status).toBe(302)
		const row = getDb().select().from(accessAreas).where(eq(accessAreas.hostId, host.user.id)).get()
		expect(row).toMatchObject({ name: 'Keypad Hof', type: 'Keypad', instructionsEn: 'Yard gate' })
		expect(created.headers.get('Location')).toBe(`/host/accessAreas/${row?.id}`)
		const added = await callRoute(areaAction, {
			path: `/host/accessAreas/${row?.id}`,
			cookie: host.cookie,
			params: { accessAreaId: row?.id },
			form: { intent: 'addPart', code: '4242', validFrom: '2026-03-01', validTo: '2026-03-31' },
			middleware: [roleGuard('Owner')],
		})
		expect(added.status).toBe(302)
		const part = getDb().select().from(accessCodeParts).where(eq(accessCodeParts.accessAreaId, row!.id)).get()
		// Berlin days: 1 March 00:00 CET to 1 April 00:00 CEST (exclusive).
		expect(part?.validFrom?.toISOString()).toBe('2026-02-28T23:00:00.000Z')
		expect(part?.validUntil?.toISOString()).toBe('2026-03-31T22:00:00.000Z')
	})

	test('code parts valid from or to 1970 or 9999 are refused at the field with the translated message; nothing is stored', async () => {
		const { host, area } = await accessScenario()
		const partsOf = () =>
			getDb().select().from(accessCodeParts).where(eq(accessCodeParts.accessAreaId, area.id)).all()
		const before = partsOf()
		for (const [field, value] of [
			['validFrom', '1970-01-01'],
			['validFrom', '9999-12-31'],
			['validTo', '1970-01-01'],
			['validTo', '9999-12-31'],
		] as const) {
			const result = await callRoute(areaAction, {
				path: `/host/accessAreas/${area.id}`,
				cookie: host.cookie,
				params: { accessAreaId: area.id },
				form: { intent: 'addPart', code: '4242', [field]: value },
				middleware: [roleGuard('Owner')],
			})
			expect(result.status, `${field}=${value}`).toBe(400)
			const errors = (result.data as { result: { error: Record<string, string[]> } }).result.error
			expect(errors[field], `${field}=${value}`).toEqual([dateRangeMessage])
			for (const [locale, text] of [
				['de', 'Das Datum muss zwischen dem 1. Januar 2000 und heute in 10 Jahren liegen'],
				['en', 'The date must be between 1 January 2000 and 10 years from today'],
			] as const) {
				expect(translateValidationMessage(getFixedT(locale), errors[field]?.[0] ?? '')).toBe(text)
			}
		}
		expect(partsOf()).toEqual(before)
	})
})
