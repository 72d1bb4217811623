import { eq } from 'drizzle-orm'
import { beforeEach, describe, expect, test } from 'vitest'
import { orders } from '#db/schema/orders.ts'
import { vouchers as voucherTable } from '#db/schema/vouchers.ts'
import { getDb, immediateTransaction } from '#app/utils/db.server.ts'
import { getFixedT } from '#app/utils/i18n.server.ts'
import { translateValidationMessage } from '#app/utils/validation.ts'
import { issueVoucher, type IssueVoucherInput } from '#app/models/vouchers/voucher-ledger.server.ts'
import { resetVoucherGuesses, VOUCHER_GUESS_LIMIT } from '#app/models/vouchers/voucher-redemption.server.ts'
import { bookingFixture, daysAhead, hourlySlot } from '#tests/helpers/booking.ts'
import { createTestPlayroom } from '#tests/helpers/catalogue.ts'
import { callRoute } from '#tests/helpers/route-harness.ts'
import { createLoggedInUser } from '#tests/helpers/users.ts'
import { action, loader } from './checkout.tsx'

/**
 * A voucher code in the checkout's payment step (issue 33, ADR 0167): the breakdown shows the
 * discount or what the gift voucher pays, or one reason in the user's language; guessing is limited.
 */
type View = {
	view: {
		step: string
		price: { total: number; lines: { kind: string; amount: number; code?: string }[] } | null
		priceErrors: Record<string, string[]>
		voucher: { kind: string; code: string; amount: number } | null
		amountDue: number | null
		complete: Record<string, boolean>
		idempotencyKey: string
	}
}

const HOURLY = {
	bookingType: 'Hourly' as const,
	minHours: 2,
	maxHours: 4,
	weekdayPrice: 4_000,
	weekendPrice: 4_000,
	guestsIncluded: 10,
	extraGuestFee: 0,
	cleaningFee: 2_000,
	deposit: 0,
}
// 2 h × 40 € + 20 € cleaning = 100 €, any day.
const TOTAL = 10_000

function voucher(input: Partial<IssueVoucherInput> & Pick<IssueVoucherInput, 'kind'>) {
	return immediateTransaction((tx) =>
		issueVoucher(
			{
				issuer: 'Platform',
				scope: 'All',
				origin: 'Created',
				now: new Date(Date.now() - 86_400_000),
				...input,
			},
			tx,
		),
	)
}

async function setup() {
	const fixture = await bookingFixture({ instantBooking: true, bookingTypes: [HOURLY] })
	const { user, cookie } = await createLoggedInUser({ role: 'Customer', phoneNumber: '+49 221 555123' })
	const slot = hourlySlot(daysAhead(12), 10)
	const path = (voucherCode: string | null, extra: Record<string, string> = {}, prefix = '') => {
		const params = new URLSearchParams({
			playroomUrlPath: fixture.playroom.input.playroomUrlPath,
			bookingType: 'Hourly',
			checkIn: new Date(slot.checkIn).toISOString(),
			checkOut: new Date(slot.checkOut).toISOString(),
			adults: '2',
			children: '1',
			paymentMethod: 'BankTransfer',
			step: 'payment',
			...extra,
		})
		if (voucherCode) params.set('voucherCode', voucherCode)
		return `${prefix}/public/playroomOrder/checkout?${params.toString()}`
	}
	return { fixture, user, cookie, path }
}

async function viewOf(path: string, cookie: string) {
	return ((await callRoute(loader, { path, cookie })).data as View).view
}

const say = (lang: 'de' | 'en', message: string | undefined) =>
	translateValidationMessage(getFixedT(lang), message ?? '')

beforeEach(async () => {
	await resetVoucherGuesses()
})

describe('the payment step with a voucher code', () => {
	test('every refusal reason, one clear message in German and English', async () => {
		const { fixture, cookie, user, path } = await setup()
		const other = await createTestPlayroom()
		const usedByMe = voucher({ kind: 'Discount', discountAmount: 500, maxUsesPerGuest: 1 })
		// One earlier use by this guest (a hold of another order).
		const earlier = await bookingFixture({ instantBooking: true, bookingTypes: [HOURLY] })
		const { createOrder } = await import('#app/models/booking/order-creation.server.ts')
		createOrder(
			{
				playroomId: earlier.playroom.id,
				bookingType: 'Hourly',
				...hourlySlot(daysAhead(13), 10),
				adults: 1,
				children: 0,
				paymentMethod: 'BankTransfer',
				voucherCode: usedByMe.code,
				idempotencyKey: `voucher-earlier-${Date.now()}`,
			},
			{ id: user.id, role: 'Customer' },
		)
		const usedUp = voucher({ kind: 'Gift', amount: 1_000 })
		getDb()
			.update(voucherTable)
			.set({ balance: 0, status: 'UsedUp' })
			.where(eq(voucherTable.id, usedUp.voucher.id))
			.run()
		const cancelled = voucher({ kind: 'Gift', amount: 1_000 })
		getDb()
			.update(voucherTable)
			.set({ status: 'Cancelled' })
			.where(eq(voucherTable.id, cancelled.voucher.id))
			.run()
		const cases: [string, string, string, string][] = [
			[
				'ABCD-EFGH-JKMN',
				'unknown',
				'Diesen Gutscheincode kennen wir nicht. Prüf bitte die Schreibweise.',
				'We do not know this voucher code. Please check the spelling.',
			],
			[
				voucher({ kind: 'Gift', amount: 1_000, validUntil: new Date(Date.now() - 1_000) }).code,
				'expired',
				'Dieser Gutschein ist abgelaufen.',
				'This voucher has expired.',
			],
			[
				voucher({ kind: 'Gift', amount: 1_000, validFrom: new Date(Date.now() + 86_400_000) }).code,
				'notYetValid',
				'Dieser Gutschein gilt noch nicht.',
				'This voucher is not valid yet.',
			],
			[usedUp.code, 'usedUp', 'Dieser Gutschein ist bereits aufgebraucht.', 'This voucher has been used up.'],
			[cancelled.code, 'cancelled', 'Dieser Gutschein wurde storniert.', 'This voucher has been cancelled.'],
			[
				voucher({
					kind: 'Discount',
					discountPercent: 10,
					issuer: 'Host',
					issuerHostId: other.hostId,
					scope: 'Host',
					scopeHostId: other.hostId,
				}).code,
				'notForThisPlayroom',
				'Dieser Gutschein gilt nicht für dieses Spielzimmer.',
				'This voucher is not valid for this playroom.',
			],
			[
				voucher({ kind: 'Discount', discountAmount: 500, minOrderAmount: 15_000 }).code,
				'belowMinimum',
				'Dieser Gutschein gilt erst ab einem Buchungswert von 150,00\u00a0€.',
				'This voucher applies from a booking value of €150.00.',
			],
			[
				usedByMe.code,
				'alreadyUsedByYou',
				'Du hast diesen Gutschein bereits eingelöst.',
				'You have already used this voucher.',
			],
		]
		for (const [code, reason, de, en] of cases) {
			const view = await viewOf(path(code), cookie)
			expect(view.step, reason).toBe('payment')
			expect(view.complete.payment, reason).toBe(false)
			expect(view.voucher, reason).toBeNull()
			// The price without the voucher, and why.
			expect(view.price?.total, reason).toBe(TOTAL)
			const message = view.priceErrors.voucherCode?.[0]
			expect(message?.startsWith(`vouchers:errors.${reason}`), reason).toBe(true)
			expect(say('de', message), reason).toBe(de)
			// In English on the English page (amounts formatted in the page's language).
			const english = await viewOf(path(code, {}, '/en'), cookie)
			expect(say('en', english.priceErrors.voucherCode?.[0]), reason).toBe(en)
		}
		// Posted on the payment step: 400 with the reason at the field, nothing moves on.
		const posted = await callRoute(action, {
			path: path(null),
			cookie,
			form: { intent: 'payment', paymentMethod: 'BankTransfer', voucherCode: cases[5]?.[0] ?? '' },
		})
		expect(posted.status).toBe(400)
		expect(JSON.stringify(posted.json)).toContain('vouchers:errors.notForThisPlayroom')
		expect(fixture.playroom.id).toBeTruthy()
	})

	test('a 10 % host code: the discount line before the total, exact in cents; the order keeps it', async () => {
		const { fixture, cookie, path } = await setup()
		const { code } = voucher({
			kind: 'Discount',
			issuer: 'Host',
			issuerHostId: fixture.playroom.hostId,
			scope: 'Host',
			scopeHostId: fixture.playroom.hostId,
			discountPercent: 10,
		})
		const payment = await callRoute(action, {
			path: path(null),
			cookie,
			form: { intent: 'payment', paymentMethod: 'BankTransfer', voucherCode: code.toLowerCase() },
		})
		expect(payment.location).toContain('step=review')
		const review = await viewOf(payment.location ?? '', cookie)
		expect(review.step).toBe('review')
		expect(review.voucher).toEqual({ kind: 'Discount', code: `…-${code.slice(-4)}`, amount: 1_000 })
		expect(review.price?.lines.at(-1)).toMatchObject({ kind: 'voucher', amount: -1_000 })
		expect(review.price?.total).toBe(9_000)
		const confirmed = await callRoute(action, {
			path: payment.location ?? '',
			cookie,
			form: { intent: 'confirm', idempotencyKey: review.idempotencyKey, acceptTerms: 'on' },
		})
		expect(confirmed.status).toBe(302)
		const order = getDb().select().from(orders).where(eq(orders.playroomId, fixture.playroom.id)).get()
		expect(order).toMatchObject({
			totalAmount: 9_000,
			voucherCode: `…-${code.slice(-4)}`,
			status: 'AwaitingPayment',
		})
	})

	test('a gift voucher covering everything: no payment method needed, the order is confirmed', async () => {
		const { fixture, cookie, path } = await setup()
		const { code } = voucher({ kind: 'Gift', amount: 25_000, paid: true, origin: 'Purchase' })
		const view = await viewOf(path(code, { step: 'review' }), cookie)
		expect(view.voucher).toEqual({ kind: 'Gift', code: `…-${code.slice(-4)}`, amount: TOTAL })
		expect(view.amountDue).toBe(0)
		expect(view.price?.total).toBe(TOTAL)
		expect(view.step).toBe('review')
		const confirmed = await callRoute(action, {
			path: path(code, { step: 'review' }),
			cookie,
			form: { intent: 'confirm', idempotencyKey: view.idempotencyKey, acceptTerms: 'on' },
		})
		expect(confirmed.status).toBe(302)
		const order = getDb().select().from(orders).where(eq(orders.playroomId, fixture.playroom.id)).get()
		expect(order).toMatchObject({ status: 'Confirmed', paymentStatus: 'Paid', voucherAmount: TOTAL })
	})

	test('a gift voucher covering part: it pays its balance, the rest is due', async () => {
		const { cookie, path } = await setup()
		const { code } = voucher({ kind: 'Gift', amount: 3_000, paid: true, origin: 'Purchase' })
		const view = await viewOf(path(code), cookie)
		expect(view.voucher).toMatchObject({ kind: 'Gift', amount: 3_000 })
		expect(view.amountDue).toBe(7_000)
	})

	test(`guessing: after ${VOUCHER_GUESS_LIMIT.max} unknown codes every code is refused, in German and English`, async () => {
		const { cookie, path } = await setup()
		for (let i = 0; i < VOUCHER_GUESS_LIMIT.max; i++) {
			const guess = await callRoute(action, {
				path: path(null),
				cookie,
				form: {
					intent: 'payment',
					paymentMethod: 'BankTransfer',
					voucherCode: `ABCD-EFGH-JK${'MNPQRSTUVW'[i]}${'Z'}`,
				},
			})
			expect(guess.status).toBe(400)
			expect(JSON.stringify(guess.json)).toContain('vouchers:errors.unknown')
		}
		const good = voucher({ kind: 'Discount', discountPercent: 10 })
		const blocked = await callRoute(action, {
			path: path(null),
			cookie,
			form: { intent: 'payment', paymentMethod: 'BankTransfer', voucherCode: good.code },
		})
		expect(blocked.status).toBe(400)
		expect(blocked.location).toBeNull()
		expect(JSON.stringify(blocked.json)).toContain('vouchers:errors.tooManyAttempts')
		const view = await viewOf(path(good.code), cookie)
		expect(view.voucher).toBeNull()
		expect(say('de', view.priceErrors.voucherCode?.[0])).toBe(
			'Zu viele ungültige Gutscheincodes. Versuch es bitte in 15 Minuten noch einmal.',
		)
		expect(say('en', view.priceErrors.voucherCode?.[0])).toBe(
			'Too many invalid voucher codes. Please try again in 15 minutes.',
		)
		// Nothing was held.
		expect(
			getDb().select().from(voucherTable).where(eq(voucherTable.id, good.voucher.id)).get()?.usesCount,
		).toBe(0)
	})
})
