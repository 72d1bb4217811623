import { beforeAll, describe, expect, test } from 'vitest'
import { eq, isNull } from 'drizzle-orm'
import { templateTexts } from '#db/schema/access.ts'
import { orders } from '#db/schema/orders.ts'
import type { UserRole } from '#db/schema/users.ts'
import { createAccessArea } from '#app/models/host-office/access-areas.server.ts'
import { createTemplateText, ensurePlatformTemplates } from '#app/models/host-office/template-texts.server.ts'
import { getDb } from '#app/utils/db.server.ts'
import { queueEmail } from '#app/utils/email.server.ts'
import { sendSupportMessage } from '#app/models/chat/support.server.ts'
import { createVoucherOrder } from '#app/models/vouchers/voucher-orders.server.ts'
import { createHostDiscountCode } from '#app/models/vouchers/voucher-offices.server.ts'
import { createHostInvoice, renderInvoiceDocuments } from '#app/models/invoices/invoices.server.ts'
import { isEntityParam, NO_TABLE_YET, ownershipRules } from '#app/utils/ownership.server.ts'
import { paymentTransactions } from '#db/schema/payments.ts'
import { payoutRuns } from '#db/schema/money.ts'
import { bookingFixture, daysAhead, hourlySlot, placeOrder } from '#tests/helpers/booking.ts'
import { createTestOrder, createTestPlayroom } from '#tests/helpers/catalogue.ts'
import {
	fillPattern,
	leafRoutes,
	paramNames,
	requestPage,
	type TableRoute,
} from '#tests/helpers/route-table.ts'
import { createLoggedInUser } from '#tests/helpers/users.ts'

/**
 * Issue 10: the authorisation matrix. Walks app/routes.ts — every route under
 * /guest, /host, /owner and /admin, German and English — and requests it as
 * anonymous, guest A, guest B, host A, host B and an admin:
 *
 * - anonymous → 302 to the login page of the same locale with ?redirect=<path>;
 * - a logged-in user of another role → 403;
 * - the area's role, but an id in the path that is not the caller's (host B on
 *   host A's playroom, guest B on guest A's order, an id of an entity that has
 *   no table yet) → 404;
 * - the owner → 200 (after following redirects that stay in the area).
 *
 * It is data-driven: a new route in an area is requested automatically, and
 * a route with a parameter that has no fixture below (or no ownership rule in
 * app/utils/ownership.server.ts) fails until someone adds both.
 */
type Identity = 'anonymous' | 'guestA' | 'guestB' | 'hostA' | 'hostB' | 'admin'
const IDENTITIES: Identity[] = ['anonymous', 'guestA', 'guestB', 'hostA', 'hostB', 'admin']
const ROLE_OF: Record<Exclude<Identity, 'anonymous'>, UserRole> = {
	guestA: 'Customer',
	guestB: 'Customer',
	hostA: 'Owner',
	hostB: 'Owner',
	admin: 'Admin',
}
const AREAS = { guest: 'Customer', host: 'Owner', owner: 'Owner', admin: 'Admin' } as const
type Area = keyof typeof AREAS

/** What the owner of every id gets, for modules that are not pages. Anything else: a page, 200. */
const OWNER_OUTCOME: Record<string, 'notFound' | 'redirectHome'> = {
	'routes/not-found.tsx': 'notFound',
	'routes/home-redirect.tsx': 'redirectHome',
}

/** A value for a parameter in an area, and which identity it belongs to ('nobody': no table yet). */
type Fixture = { value: string; owner: Identity | 'nobody' }
type World = Record<
	| 'playroomA'
	| 'orderA'
	| 'guestAId'
	| 'hostAId'
	| 'unknownId'
	| 'accessAreaA'
	| 'templateA'
	| 'platformTemplate'
	| 'paymentA'
	| 'supportThreadA'
	| 'voucherOrderA'
	| 'voucherA'
	| 'emailA'
	| 'payoutRunA'
	| 'invoiceA',
	string
>

const FIXTURES: Record<string, (area: Area, world: World) => Fixture | undefined> = {
	orderId: (area, w) => ({
		value: w.orderA,
		owner: area === 'guest' ? 'guestA' : area === 'admin' ? 'admin' : 'hostA',
	}),
	playroomId: (area, w) => ({ value: w.playroomA, owner: area === 'admin' ? 'admin' : 'hostA' }),
	guestId: (area, w) => (area === 'owner' ? { value: w.guestAId, owner: 'hostA' } : undefined),
	hostUserId: (area, w) => (area === 'admin' ? { value: w.hostAId, owner: 'admin' } : undefined),
	guestUserId: (area, w) => (area === 'admin' ? { value: w.guestAId, owner: 'admin' } : undefined),
	accessAreaId: (area, w) => (area === 'host' ? { value: w.accessAreaA, owner: 'hostA' } : undefined),
	// Hosts edit their own texts; admins (issue 14) the platform defaults.
	templateTextId: (area, w) =>
		area === 'host'
			? { value: w.templateA, owner: 'hostA' }
			: area === 'admin'
				? { value: w.platformTemplate, owner: 'admin' }
				: undefined,
	// Payments are admin-only (issue 14).
	paymentTransactionId: (area, w) => (area === 'admin' ? { value: w.paymentA, owner: 'admin' } : undefined),
	// Support threads are the platform's: every admin answers every one (ADR 0163).
	supportThreadId: (area, w) => (area === 'admin' ? { value: w.supportThreadA, owner: 'admin' } : undefined),
	voucherOrderId: (area, w) => (area === 'admin' ? { value: w.voucherOrderA, owner: 'admin' } : undefined),
	payoutRunId: (area, w) => (area === 'admin' ? { value: w.payoutRunA, owner: 'admin' } : undefined),
	// The e-mail log is admin-only (issue 34, ADR 0175).
	emailId: (area, w) => (area === 'admin' ? { value: w.emailA, owner: 'admin' } : undefined),
	// A host's own discount code; admins see every voucher (issue 33, ADR 0170).
	voucherId: (area, w) =>
		area === 'host'
			? { value: w.voucherA, owner: 'hostA' }
			: area === 'admin'
				? { value: w.voucherA, owner: 'admin' }
				: undefined,
	// Commission invoices (issue 34, ADR 0178): host A's own; admins see every one. `kind`: pdf or xml.
	invoiceId: (area, w) =>
		area === 'host'
			? { value: w.invoiceA, owner: 'hostA' }
			: area === 'admin'
				? { value: w.invoiceA, owner: 'admin' }
				: undefined,
	kind: (area) =>
		area === 'host'
			? { value: 'pdf', owner: 'hostA' }
			: area === 'admin'
				? { value: 'xml', owner: 'admin' }
				: undefined,
	// Two segments deep: one segment would match a `:param` sibling before a splat.
	'*': () => ({ value: 'no-such/page', owner: 'nobody' }),
}
const noTableYet = (_area: Area, w: World): Fixture => ({ value: w.unknownId, owner: 'nobody' })

/**
 * ADR 0102: the playroom editor's routes (the children of its layout) admit an
 * admin too, on behalf of the host — any host's playroom, like the admin
 * back office. Everything else in the host area stays Owner only.
 */
const EDITOR_LAYOUT = 'routes/host/editor/layout.tsx'
const adminOnBehalf = (route: TableRoute) => route.parents.includes(EDITOR_LAYOUT)

function areaOf(route: TableRoute): Area | null {
	const first = route.pattern.replace(/^en\?\/?/, '').split('/')[0] ?? ''
	return first in AREAS ? (first as Area) : null
}

const AREA_ROUTES = leafRoutes().filter((route) => areaOf(route) !== null)

let world: World
const cookies: Partial<Record<Identity, string>> = {}

beforeAll(async () => {
	const hostA = await createLoggedInUser({ role: 'Owner' })
	const hostB = await createLoggedInUser({ role: 'Owner' })
	const guestA = await createLoggedInUser({ role: 'Customer' })
	const guestB = await createLoggedInUser({ role: 'Customer' })
	const admin = await createLoggedInUser({ role: 'Admin' })
	Object.assign(cookies, {
		hostA: hostA.cookie,
		hostB: hostB.cookie,
		guestA: guestA.cookie,
		guestB: guestB.cookie,
		admin: admin.cookie,
	})
	const fixture = await bookingFixture({ hostId: hostA.user.id, instantBooking: true })
	const order = placeOrder({ ...fixture, guest: guestA.user }, hourlySlot(daysAhead(12), 10), {
		now: Date.now() - 60_000,
	})
	// Host B and guest B have data of their own (so "not theirs" is not "they have nothing").
	const other = await createTestPlayroom({ hostId: hostB.user.id, instantBooking: true })
	placeOrder({ playroom: other, guest: guestB.user }, hourlySlot(daysAhead(13), 10), {
		now: Date.now() - 60_000,
	})
	const hostAUser = { id: hostA.user.id, role: 'Owner' as const }
	const accessArea = createAccessArea(hostAUser, { name: 'Key box', type: 'KeyBox', playroomIds: [] })
	const template = createTemplateText(hostAUser, {
		type: 'Reminder',
		locale: 'de',
		subject: 'Bis morgen',
		body: 'Hallo {{guestName}}',
	})
	ensurePlatformTemplates()
	const platformTemplate = getDb()
		.select({ id: templateTexts.id })
		.from(templateTexts)
		.where(isNull(templateTexts.hostId))
		.get()
	const payment = getDb()
		.insert(paymentTransactions)
		.values({
			orderId: order.id,
			provider: 'BankTransfer',
			direction: 'Incoming',
			amount: 100,
			reference: order.code,
			status: 'Succeeded',
		})
		.returning({ id: paymentTransactions.id })
		.get()
	const supportThread = sendSupportMessage(guestA.user, 'user', {
		body: 'Eine Frage an den Support',
		clientMessageId: 'matrix-support-1',
	})
	const { voucherOrder } = createVoucherOrder(
		{
			amountChoice: '2500',
			otherAmount: undefined,
			scope: 'All',
			childName: 'Mia',
			greeting: '',
			buyerName: 'Guest A',
			buyerEmail: guestA.user.email,
			language: 'de',
			idempotencyKey: 'matrix-voucher-order-1',
		},
		{ id: guestA.user.id },
	)
	const voucher = createHostDiscountCode(
		hostAUser,
		{ scope: 'Host', discountType: 'percent', discountPercent: 10, idempotencyKey: 'matrix-voucher-0001' },
		new Date(),
	).voucher
	// Host A's commission invoice for a past month, with its documents.
	const completed = await createTestOrder({
		playroomId: fixture.playroom.id,
		hostId: hostA.user.id,
		checkIn: new Date('2026-01-10T09:00:00Z'),
		checkOut: new Date('2026-01-10T11:00:00Z'),
		status: 'Completed',
	})
	getDb()
		.update(orders)
		.set({ completedAt: new Date('2026-01-10T12:00:00Z') })
		.where(eq(orders.id, completed.id))
		.run()
	const invoice = createHostInvoice(
		hostA.user.id,
		{ start: '2026-01-01', end: '2026-01-31' },
		new Date('2026-02-01T05:00:00Z'),
	)
	renderInvoiceDocuments(invoice?.id ?? '')
	world = {
		invoiceA: invoice?.id ?? '',
		emailA: queueEmail({
			to: guestA.user.email,
			subject: 'Matrix',
			text: 't',
			html: 'h',
			template: 'matrix',
			locale: 'de',
		}),
		voucherOrderA: voucherOrder.id,
		payoutRunA: getDb()
			.insert(payoutRuns)
			.values({
				reference: 'SZP-MATRIX-1',
				trigger: 'manual',
				cutoffAt: new Date(),
				payoutCount: 0,
				totalAmount: 0,
				sepaXml: '<Document/>',
			})
			.returning({ id: payoutRuns.id })
			.get().id,
		voucherA: voucher.id,
		supportThreadA: supportThread.threadId,
		paymentA: payment.id,
		accessAreaA: accessArea.id,
		templateA: template.id,
		platformTemplate: platformTemplate?.id ?? '',
		playroomA: fixture.playroom.id,
		orderA: order.id,
		guestAId: guestA.user.id,
		hostAId: hostA.user.id,
		unknownId: 'Zz9Zz9Zz9Zz9Zz9Z',
	}
})

/** Parameter values of a route and the identities they belong to; throws for a parameter without fixture. */
function fixturesOf(route: TableRoute, area: Area) {
	const rules = ownershipRules()
	return paramNames(route.pattern).map((name) => {
		if (isEntityParam(name) && !rules[name]) {
			throw new Error(`:${name} of ${route.id} has no ownership rule in app/utils/ownership.server.ts`)
		}
		const make = rules[name] === NO_TABLE_YET ? noTableYet : FIXTURES[name]
		const fixture = make?.(area, world)
		if (!fixture) throw new Error(`:${name} of ${route.id} (${area}) has no fixture in this test`)
		return { name, ...fixture }
	})
}

/** Requests a path and follows redirects that stay inside the area (index → start page, artefacts → parent). */
async function finalAnswer(path: string, cookie: string | undefined, areaPrefix: string) {
	let result = await requestPage(path, { cookie })
	for (let hop = 0; hop < 3 && result.status === 302 && result.location?.startsWith(areaPrefix); hop++) {
		result = await requestPage(result.location, { cookie })
	}
	return result
}

describe('authorisation matrix over app/routes.ts', () => {
	test('the walk finds the area routes (and every one of them has a role guard above it)', () => {
		expect(AREA_ROUTES.length).toBeGreaterThan(60)
		for (const area of Object.keys(AREAS)) {
			expect(AREA_ROUTES.filter((route) => areaOf(route) === area).length, area).toBeGreaterThan(2)
		}
	})

	describe.each(['de', 'en'] as const)('%s', (locale) => {
		test.each(AREA_ROUTES.map((route) => [route.id, route] as const))('%s', async (_id, route) => {
			const area = areaOf(route) as Area
			const fixtures = fixturesOf(route, area)
			const values = Object.fromEntries(fixtures.map((f) => [f.name, f.value]))
			const path = fillPattern(route.pattern, locale, values)
			const prefix = locale === 'en' ? '/en' : ''
			const areaPrefix = `${prefix}/${area}`
			const outcome = OWNER_OUTCOME[route.file] ?? 'page'
			const onBehalf = adminOnBehalf(route)
			const admitted = (identity: Exclude<Identity, 'anonymous'>) =>
				ROLE_OF[identity] === AREAS[area] || (onBehalf && identity === 'admin')
			const got: Record<string, string> = {}
			const want: Record<string, string> = {}
			for (const identity of IDENTITIES) {
				const cookie = identity === 'anonymous' ? undefined : cookies[identity]
				const result = await finalAnswer(path, cookie, areaPrefix)
				got[identity] = result.status === 302 ? `302 ${result.location}` : String(result.status)
				if (identity === 'anonymous') {
					want[identity] = `302 ${prefix}/login?redirect=${encodeURIComponent(path)}`
				} else if (!admitted(identity)) {
					want[identity] = '403'
				} else if (
					!(onBehalf && identity === 'admin') &&
					fixtures.some((f) => f.owner !== identity && f.name !== '*')
				) {
					want[identity] = '404'
				} else if (outcome === 'redirectHome') {
					want[identity] = `302 ${prefix || '/'}`
				} else {
					want[identity] = outcome === 'notFound' ? '404' : '200'
				}
			}
			expect(got, path).toEqual(want)

			// The owner with an unknown (well-formed) id instead of theirs: 404, never a 500.
			const owned = fixtures.filter((f) => isEntityParam(f.name) && f.owner !== 'nobody')
			const owner = owned[0]?.owner
			if (owner && owner !== 'nobody' && owner !== 'anonymous') {
				const unknown = fillPattern(route.pattern, locale, { ...values, [owned[0]!.name]: world.unknownId })
				const result = await finalAnswer(unknown, cookies[owner], areaPrefix)
				expect(result.status, unknown).toBe(404)
				if (onBehalf)
					expect((await finalAnswer(unknown, cookies.admin, areaPrefix)).status, unknown).toBe(404)
			}
		})
	})

	test('the admin reaches the host area only through the playroom editor', () => {
		const hostRoutes = AREA_ROUTES.filter((route) => areaOf(route) === 'host')
		const editor = hostRoutes.filter(adminOnBehalf).map((route) => route.id)
		expect(editor).toContain('host/playrooms/edit/rules')
		expect(editor).toContain('host/playrooms/edit')
		expect(editor.length).toBeLessThan(hostRoutes.length / 3)
	})

	test('a route with an id parameter nobody wrote a rule and a fixture for fails this test', () => {
		const route: TableRoute = {
			id: 'host/widgets/detail',
			pattern: 'en?/host/widgets/:widgetId',
			file: 'x',
			parents: [],
		}
		expect(() => fixturesOf(route, 'host')).toThrow(/no ownership rule/)
	})

	test('the public voucher-order placeholder shows no entity that does not exist yet', async () => {
		for (const cookie of [undefined, cookies.guestA, cookies.admin]) {
			const result = await requestPage(`/en/public/voucher-orders/${world.unknownId}`, { cookie })
			expect(result.status).toBe(404)
		}
	})
})
