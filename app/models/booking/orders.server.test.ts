import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { playroomBlocks } from '#db/schema/catalogue.ts'
import { orders } from '#db/schema/orders.ts'
import { users } from '#db/schema/users.ts'
import { isAppError } from '#app/utils/app-error.ts'
import { getDb } from '#app/utils/db.server.ts'
import { setSetting } from '#app/models/platform/settings.server.ts'
import { createOrder } from './order-creation.server.ts'
import {
	acceptOrder,
	cancelOrder,
	completeOrder,
	declineOrder,
	expireOrder,
	getCancellationQuote,
} from './order-transitions.server.ts'
import { recordBankTransfer } from './payments.server.ts'
import {
	accountBalance,
	bookingFixture,
	historyOf,
	hourlySlot,
	idempotencyKey,
	ledgerOf,
	mailsTo,
	NOW,
	orderRow,
	paymentsOf,
	placeOrder,
	unbalancedJournals,
} from '#tests/helpers/booking.ts'
import { createTestUser } from '#tests/helpers/users.ts'

const HOUR = 3_600_000
const DAY = 24 * HOUR

async function thrown(work: () => unknown) {
	try {
		await work()
	} catch (error) {
		if (isAppError(error)) return error
		throw error
	}
	throw new Error('expected an AppError')
}

describe('order creation', () => {
	test('request-only playroom: Requested, 24 h response deadline, history, snapshot, commission, code', async () => {
		const fixture = await bookingFixture({ instantBooking: false })
		const slot = hourlySlot('2026-06-10', 14, 3)
		const order = placeOrder(fixture, { ...slot, adults: 2, children: 12, message: '  Geburtstag!  ' })
		expect(order.status).toBe('Requested')
		expect(order.code).toMatch(/^SZ-[2-9A-HJKMNP-TV-Z]{6}$/)
		expect(order.responseDeadline?.getTime()).toBe(NOW + DAY)
		expect(order.paymentDeadline).toBeNull()
		expect(order.message).toBe('Geburtstag!')
		// 3 h at 35 € + 4 extra guests × 5 € + cleaning 25 € = 150 €
		expect(order.price.lines.map((l) => [l.kind, l.amount])).toEqual([
			['base', 10_500],
			['extraGuests', 2_000],
			['cleaning', 2_500],
		])
		expect(order.totalAmount).toBe(15_000)
		expect(order.commissionRateBp).toBe(1000)
		expect(order.commissionAmount).toBe(1_500)
		expect(order.contact).toMatchObject({ email: fixture.guest.email, phoneNumber: '+49 170 5550101' })
		expect(historyOf(order.id)).toMatchObject([
			{ fromStatus: null, toStatus: 'Requested', actorRole: 'Customer', actorId: fixture.guest.id },
		])
		expect(mailsTo(fixture.guest.email).map((m) => m.template)).toEqual(['order.requestReceived'])
		expect(mailsTo(fixture.host.email).map((m) => m.template)).toEqual(['order.newRequest'])
	})

	test('instant booking: bank transfer → AwaitingPayment (3 days), on site → Confirmed', async () => {
		const fixture = await bookingFixture({ instantBooking: true })
		const bank = placeOrder(fixture, { ...hourlySlot('2026-06-10', 9), paymentMethod: 'BankTransfer' })
		expect(bank.status).toBe('AwaitingPayment')
		expect(bank.paymentDeadline?.getTime()).toBe(NOW + 3 * DAY)
		expect(bank.paymentStatus).toBe('Unpaid')
		const onSite = placeOrder(fixture, { ...hourlySlot('2026-06-10', 12), paymentMethod: 'OnSite' })
		expect(onSite.status).toBe('Confirmed')
		expect(onSite.confirmedAt?.getTime()).toBe(NOW)
		const guestMails = mailsTo(fixture.guest.email)
		expect(guestMails.map((m) => m.template)).toEqual(['order.paymentInstructions', 'order.confirmed'])
		// Payment instructions: bank details and the order code as reference; the confirmation carries the .ics.
		expect(guestMails[0]?.text).toContain('DE89 3704 0044 0532 0130 00')
		expect(guestMails[0]?.text).toContain(bank.code)
		expect(guestMails[1]?.attachments[0]?.filename).toBe(`spielzimmer-${onSite.code.toLowerCase()}.ics`)
		const ics = Buffer.from(guestMails[1]?.attachments[0]?.content ?? '', 'base64').toString()
		expect(ics).toContain('BEGIN:VEVENT')
		expect(ics).toContain(`UID:${onSite.id}@spielzimmer`)
		expect(ics).toContain('DTSTART:20260610T100000Z')
	})

	test('the payment deadline never lies after the start of the stay', async () => {
		const fixture = await bookingFixture({ instantBooking: true })
		const slot = hourlySlot('2026-06-02', 11)
		const order = placeOrder(fixture, slot)
		expect(order.paymentDeadline?.getTime()).toBe(slot.checkIn)
	})

	test('e-mails are in the recipient’s language with text and HTML', async () => {
		const fixture = await bookingFixture({ instantBooking: false })
		getDb().update(users).set({ langPreference: 'en' }).where(eq(users.id, fixture.guest.id)).run()
		placeOrder(fixture, hourlySlot('2026-06-11', 10))
		const [guestMail] = mailsTo(fixture.guest.email)
		const [hostMail] = mailsTo(fixture.host.email)
		expect(guestMail).toMatchObject({ locale: 'en' })
		expect(guestMail?.subject).toMatch(/^Your request SZ-/)
		expect(guestMail?.html).toMatch(/<html [^>]*lang="en"/)
		expect(hostMail).toMatchObject({ locale: 'de' })
		expect(hostMail?.subject).toMatch(/^Neue Anfrage SZ-/)
		expect(hostMail?.text).toContain('+49 170 5550101')
	})

	test('non-essential e-mails honour allowEmailForBookings, essential ones do not', async () => {
		const fixture = await bookingFixture({ instantBooking: true })
		for (const id of [fixture.guest.id, fixture.host.id]) {
			getDb().update(users).set({ allowEmailForBookings: false }).where(eq(users.id, id)).run()
		}
		placeOrder(fixture, { ...hourlySlot('2026-06-12', 10), paymentMethod: 'BankTransfer' })
		// Payment instructions are essential; the host's "new booking" notice is not.
		expect(mailsTo(fixture.guest.email).map((m) => m.template)).toEqual(['order.paymentInstructions'])
		expect(mailsTo(fixture.host.email)).toEqual([])
	})

	test('the commission comes from the platform setting', async () => {
		setSetting('commissionPercent', 12.5)
		try {
			const fixture = await bookingFixture({ instantBooking: true })
			const order = placeOrder(fixture, { ...hourlySlot('2026-06-13', 10), paymentMethod: 'OnSite' })
			expect(order.commissionRateBp).toBe(1250)
			expect(order.commissionAmount).toBe(Math.round(order.totalAmount * 0.125))
		} finally {
			setSetting('commissionPercent', 10)
		}
	})

	test('a taken slot: 409 SlotNotAvailable and nothing is written', async () => {
		const fixture = await bookingFixture({ instantBooking: true, bufferMinutes: 30 })
		placeOrder(fixture, hourlySlot('2026-06-15', 10))
		const before = getDb().select().from(orders).all().length
		const mailsBefore = mailsTo(fixture.guest.email).length
		// 12:00 would start inside the 30-minute buffer after 10:00–12:00.
		const error = await thrown(() => placeOrder(fixture, hourlySlot('2026-06-15', 12)))
		expect(error).toMatchObject({
			status: 409,
			errorName: 'SlotNotAvailable',
			messageKey: 'booking:errors.slotNotAvailable',
		})
		expect(getDb().select().from(orders).all()).toHaveLength(before)
		expect(mailsTo(fixture.guest.email)).toHaveLength(mailsBefore)
	})

	test('a block, the lead time and the horizon make the slot unavailable (409)', async () => {
		const fixture = await bookingFixture({ leadTimeHours: 48, horizonDays: 30 })
		getDb()
			.insert(playroomBlocks)
			.values({
				playroomId: fixture.playroom.id,
				startsAt: new Date(hourlySlot('2026-06-20', 9).checkIn),
				endsAt: new Date(hourlySlot('2026-06-20', 13).checkIn),
				source: 'Host',
			})
			.run()
		for (const slot of [
			hourlySlot('2026-06-20', 10),
			hourlySlot('2026-06-02', 10),
			hourlySlot('2026-07-15', 10),
		]) {
			expect(await thrown(() => placeOrder(fixture, slot))).toMatchObject({
				status: 409,
				errorName: 'SlotNotAvailable',
			})
		}
	})

	test('bad input: a clear 400 and nothing written', async () => {
		const fixture = await bookingFixture({ maxGuests: 8 })
		const slot = hourlySlot('2026-06-16', 10)
		const cases: [Parameters<typeof placeOrder>[1], string, string][] = [
			[{ ...slot, checkOut: slot.checkIn + 30 * 60_000 }, 'StayNotValid', 'checkIn'],
			[{ ...hourlySlot('2026-06-16', 19) }, 'StayNotValid', 'checkIn'],
			[{ ...slot, adults: 5, children: 5 }, 'ValidationError', 'guests'],
			[{ ...slot, paymentMethod: 'Card' }, 'PaymentMethodNotAccepted', 'paymentMethod'],
			[{ ...slot, voucherCode: 'GESCHENK-2026' }, 'VoucherRefused', 'voucherCode'],
			[
				{ ...slot, extras: [{ additionId: 'AAAAAAAAAAAAAAAA', quantity: 1 }] },
				'ValidationError',
				'extras.0.additionId',
			],
			[{ ...slot, bookingType: 'Daily' }, 'BookingTypeNotOffered', 'bookingType'],
		]
		for (const [input, name, field] of cases) {
			const error = await thrown(() => placeOrder(fixture, input))
			expect(error.status, name).toBe(400)
			expect(error.errorName).toBe(name)
			expect(Object.keys(error.fields ?? {})).toContain(field)
		}
		expect(getDb().select().from(orders).where(eq(orders.playroomId, fixture.playroom.id)).all()).toEqual([])
	})

	test('only guests book, and only published playrooms', async () => {
		const fixture = await bookingFixture()
		const host = await createTestUser({ role: 'Owner' })
		const slot = hourlySlot('2026-06-17', 10)
		const asHost = await thrown(() =>
			createOrder(
				{
					playroomId: fixture.playroom.id,
					bookingType: 'Hourly',
					...slot,
					adults: 2,
					children: 0,
					paymentMethod: 'BankTransfer',
					idempotencyKey: idempotencyKey(),
				},
				{ id: host.id, role: 'Owner' },
				{ now: NOW },
			),
		)
		expect(asHost).toMatchObject({ status: 403, errorName: 'GuestAccountRequired' })
		const draft = await bookingFixture({ status: 'Draft' })
		expect(await thrown(() => placeOrder(draft, slot))).toMatchObject({ status: 404 })
	})

	test('the idempotency key: a double submit creates one order', async () => {
		const fixture = await bookingFixture({ instantBooking: true })
		const key = idempotencyKey()
		const slot = hourlySlot('2026-06-18', 10)
		const first = createOrder(
			{
				playroomId: fixture.playroom.id,
				bookingType: 'Hourly',
				...slot,
				adults: 2,
				children: 1,
				paymentMethod: 'BankTransfer',
				idempotencyKey: key,
			},
			{ id: fixture.guest.id, role: 'Customer' },
			{ now: NOW },
		)
		const second = createOrder(
			{
				playroomId: fixture.playroom.id,
				bookingType: 'Hourly',
				...slot,
				adults: 2,
				children: 1,
				paymentMethod: 'BankTransfer',
				idempotencyKey: key,
			},
			{ id: fixture.guest.id, role: 'Customer' },
			{ now: NOW },
		)
		expect(first.created).toBe(true)
		expect(second).toMatchObject({ created: false, order: { id: first.order.id } })
		expect(getDb().select().from(orders).where(eq(orders.idempotencyKey, key)).all()).toHaveLength(1)
		expect(mailsTo(fixture.guest.email)).toHaveLength(1)
		// Someone else's key is not theirs to reuse.
		const other = await createTestUser()
		const reused = await thrown(() =>
			createOrder(
				{
					playroomId: fixture.playroom.id,
					bookingType: 'Hourly',
					...slot,
					adults: 2,
					children: 1,
					paymentMethod: 'BankTransfer',
					idempotencyKey: key,
				},
				{ id: other.id, role: 'Customer' },
				{ now: NOW },
			),
		)
		expect(reused).toMatchObject({ status: 409, errorName: 'IdempotencyKeyReused' })
	})

	test('Mobile offers need the address where they come to', async () => {
		const fixture = await bookingFixture({ placeType: 'Mobile', serviceRadiusKm: 30 })
		const slot = hourlySlot('2026-06-19', 10)
		expect(await thrown(() => placeOrder(fixture, slot))).toMatchObject({
			status: 400,
			errorName: 'ValidationError',
		})
		const order = placeOrder(fixture, {
			...slot,
			eventAddress: { street: 'Venloer Str. 1', postalCode: '50672', city: 'Köln' },
		})
		expect(order.contact.eventAddress).toEqual({
			street: 'Venloer Str. 1',
			postalCode: '50672',
			city: 'Köln',
		})
		// Issue 11: placed with the shipped gazetteer and checked against the service radius.
		const later = hourlySlot('2026-06-19', 14)
		const address = (postalCode: string, city: string) => ({ street: 'Hauptstr. 1', postalCode, city })
		expect(
			await thrown(() => placeOrder(fixture, { ...later, eventAddress: address('80331', 'München') })),
		).toMatchObject({
			status: 400,
			errorName: 'OutsideServiceRadius',
			params: { radius: 30 },
			fields: {
				'eventAddress.city': [
					expect.stringMatching(/^booking:errors.eventAddressTooFar\?distance=4\d\d&radius=30$/),
				],
			},
		})
		expect(
			await thrown(() => placeOrder(fixture, { ...later, eventAddress: address('1234', 'Köln') })),
		).toMatchObject({ fields: { 'eventAddress.postalCode': ['booking:errors.postalCodeFormat'] } })
		expect(
			await thrown(() => placeOrder(fixture, { ...later, eventAddress: address('99999', 'Atlantis') })),
		).toMatchObject({ errorName: 'EventAddressUnknown' })
		// Düsseldorf is ~34 km from Köln: outside 30 km. A Köln district is inside.
		expect(
			await thrown(() => placeOrder(fixture, { ...later, eventAddress: address('40210', 'Düsseldorf') })),
		).toMatchObject({ errorName: 'OutsideServiceRadius' })
		expect(
			placeOrder(fixture, { ...later, eventAddress: address('51103', 'Köln') }).contact.eventAddress,
		).toEqual(address('51103', 'Köln'))
	})

	test('a fixed-place playroom refuses an event address instead of dropping it (issue 11)', async () => {
		const fixture = await bookingFixture()
		expect(
			await thrown(() =>
				placeOrder(fixture, {
					...hourlySlot('2026-06-19', 10),
					eventAddress: { street: 'Venloer Str. 1', postalCode: '50672', city: 'Köln' },
				}),
			),
		).toMatchObject({ status: 400, errorName: 'EventAddressNotAllowed' })
	})
})

describe('order creation across the DST switches', () => {
	test('29 March 2026 (23 h): 01:00–04:00 local is two real hours and books as such', async () => {
		const fixture = await bookingFixture({
			instantBooking: true,
			openingHours: [7].map((weekday) => ({ weekday, openMinute: 0, closeMinute: 1440 })),
			bookingTypes: [
				{
					bookingType: 'Hourly',
					minHours: 1,
					maxHours: 4,
					weekdayPrice: 3_000,
					weekendPrice: 4_000,
					guestsIncluded: 10,
				},
			],
		})
		const start = Date.parse('2026-03-29T00:00:00Z') // 01:00 CET
		const end = Date.parse('2026-03-29T02:00:00Z') // 04:00 CEST
		const now = Date.parse('2026-03-20T10:00:00Z')
		const order = placeOrder(fixture, { checkIn: start, checkOut: end, paymentMethod: 'OnSite' }, { now })
		expect(order.price.minutes).toBe(120)
		expect(order.totalAmount).toBe(8_000)
		// The next hour is the real hour after: 04:00–05:00 CEST is free, 03:00 local does not overlap.
		const next = placeOrder(fixture, { checkIn: end, checkOut: end + HOUR, paymentMethod: 'OnSite' }, { now })
		expect(next.status).toBe('Confirmed')
		expect(
			await thrown(() => placeOrder(fixture, { checkIn: start + HOUR, checkOut: end + HOUR }, { now })),
		).toMatchObject({
			status: 409,
		})
	})

	test('25 October 2026 (25 h): 02:00 exists twice; both hours can be booked separately', async () => {
		const fixture = await bookingFixture({
			instantBooking: true,
			openingHours: [7].map((weekday) => ({ weekday, openMinute: 0, closeMinute: 1440 })),
			bookingTypes: [
				{
					bookingType: 'Hourly',
					minHours: 1,
					maxHours: 4,
					weekdayPrice: 3_000,
					weekendPrice: 4_000,
					guestsIncluded: 10,
				},
			],
		})
		const now = Date.parse('2026-10-20T10:00:00Z')
		const firstTwo = Date.parse('2026-10-25T00:00:00Z') // 02:00 CEST
		const secondTwo = Date.parse('2026-10-25T01:00:00Z') // 02:00 CET
		const a = placeOrder(
			fixture,
			{ checkIn: firstTwo, checkOut: firstTwo + HOUR, paymentMethod: 'OnSite' },
			{ now },
		)
		const b = placeOrder(
			fixture,
			{ checkIn: secondTwo, checkOut: secondTwo + HOUR, paymentMethod: 'OnSite' },
			{ now },
		)
		expect([a.status, b.status]).toEqual(['Confirmed', 'Confirmed'])
		expect(a.totalAmount).toBe(4_000)
		expect(
			await thrown(() => placeOrder(fixture, { checkIn: firstTwo, checkOut: secondTwo + HOUR }, { now })),
		).toMatchObject({
			status: 409,
		})
	})
})

describe('cancellation', () => {
	async function paidOrder(policy: 'Flexible' | 'Moderate' | 'Strict', date: string) {
		const fixture = await bookingFixture({ instantBooking: true, cancellationPolicy: policy })
		const order = placeOrder(fixture, { ...hourlySlot(date, 10), paymentMethod: 'BankTransfer' })
		const admin = await createTestUser({ role: 'Admin' })
		recordBankTransfer({ orderId: order.id, amount: order.totalAmount }, admin, { now: NOW + HOUR })
		return { fixture, order: orderRow(order.id) ?? order, admin }
	}

	const guestCases: ['Flexible' | 'Moderate' | 'Strict', number, number][] = [
		['Flexible', 24 * HOUR, 100],
		['Flexible', 24 * HOUR - 60_000, 0],
		['Moderate', 5 * DAY, 100],
		['Moderate', 5 * DAY - 60_000, 50],
		['Moderate', HOUR, 50],
		['Strict', 7 * DAY, 50],
		['Strict', 7 * DAY - 60_000, 0],
	]
	test.each(guestCases)(
		'guest, %s, %i ms before check-in → %i percent back',
		async (policy, notice, percent) => {
			const { fixture, order } = await paidOrder(policy, '2026-06-25')
			const now = order.checkIn.getTime() - notice
			const quote = getCancellationQuote(order.id, { id: fixture.guest.id, role: 'Customer' }, { now })
			expect(quote).toMatchObject({
				policy,
				refundPercent: percent,
				paidAmount: order.totalAmount,
				allowed: true,
			})
			const result = cancelOrder(order.id, { id: fixture.guest.id, role: 'Customer' }, 'Kind krank', { now })
			const refund = Math.round((order.totalAmount * percent) / 100)
			expect(result.refund).toBe(refund)
			const row = orderRow(order.id)
			expect(row).toMatchObject({
				status: 'Cancelled',
				cancelledByRole: 'Customer',
				cancellationReason: 'Kind krank',
				refundAmount: refund,
				paymentStatus: percent === 100 ? 'Refunded' : percent === 0 ? 'Paid' : 'PartiallyRefunded',
			})
			expect(
				paymentsOf(order.id)
					.filter((p) => p.direction === 'Outgoing')
					.map((p) => p.amount),
			).toEqual(refund > 0 ? [refund] : [])
			// Everything the platform held for the order is settled: refunded, commission, host's share.
			expect(accountBalance(order.id, 'GuestPrepayments')).toBe(0)
			const retained = order.totalAmount - refund
			expect(0 - accountBalance(order.id, 'PlatformRevenue') || 0).toBe(Math.round(retained / 10))
			expect(row?.commissionAmount).toBe(Math.round(retained / 10))
			expect(unbalancedJournals()).toEqual([])
			expect(mailsTo(fixture.host.email).some((m) => m.template === 'order.cancelled')).toBe(true)
			expect(mailsTo(fixture.guest.email).at(-1)?.template).toBe('order.cancelled')
		},
	)

	test('the host cancels with a full refund, a reason, and e-mails to both', async () => {
		const { fixture, order } = await paidOrder('Strict', '2026-06-26')
		const result = cancelOrder(order.id, { id: fixture.host.id, role: 'Owner' }, 'Wasserschaden', {
			now: order.checkIn.getTime() - HOUR,
		})
		expect(result.refund).toBe(order.totalAmount)
		expect(orderRow(order.id)).toMatchObject({
			status: 'Cancelled',
			cancelledByRole: 'Owner',
			paymentStatus: 'Refunded',
		})
		expect(accountBalance(order.id, 'PlatformRevenue')).toBe(0)
		expect(mailsTo(fixture.guest.email).at(-1)?.text).toContain('Wasserschaden')
	})

	test('an admin cancels (full refund); an unpaid order refunds nothing', async () => {
		const fixture = await bookingFixture({ instantBooking: false })
		const order = placeOrder(fixture, hourlySlot('2026-06-27', 10))
		const admin = await createTestUser({ role: 'Admin' })
		const result = cancelOrder(order.id, { id: admin.id, role: 'Admin' }, 'Missbrauch', { now: NOW })
		expect(result.refund).toBe(0)
		expect(orderRow(order.id)).toMatchObject({
			status: 'Cancelled',
			cancelledByRole: 'Admin',
			paymentStatus: 'Unpaid',
			refundAmount: 0,
		})
		expect(paymentsOf(order.id)).toEqual([])
	})

	test('nobody else may cancel; guests and hosts not after check-in', async () => {
		const { fixture, order } = await paidOrder('Flexible', '2026-06-28')
		const stranger = await createTestUser()
		const otherHost = await createTestUser({ role: 'Owner' })
		expect(
			await thrown(() => cancelOrder(order.id, { id: stranger.id, role: 'Customer' }, null, { now: NOW })),
		).toMatchObject({ status: 404 })
		expect(
			await thrown(() => cancelOrder(order.id, { id: otherHost.id, role: 'Owner' }, 'x', { now: NOW })),
		).toMatchObject({ status: 404 })
		const during = order.checkIn.getTime() + HOUR
		expect(
			await thrown(() =>
				cancelOrder(order.id, { id: fixture.guest.id, role: 'Customer' }, null, { now: during }),
			),
		).toMatchObject({
			status: 409,
			errorName: 'CancellationTooLate',
		})
		expect(orderRow(order.id)?.status).toBe('Confirmed')
	})
})

describe('host answers and the tasks', () => {
	test('accept within 24 h: bank transfer → AwaitingPayment with a new 3-day deadline; on site → Confirmed', async () => {
		const fixture = await bookingFixture({ instantBooking: false })
		const bank = placeOrder(fixture, { ...hourlySlot('2026-06-22', 10), paymentMethod: 'BankTransfer' })
		const onSite = placeOrder(fixture, { ...hourlySlot('2026-06-22', 14), paymentMethod: 'OnSite' })
		const host = { id: fixture.host.id, role: 'Owner' as const }
		const accepted = acceptOrder(bank.id, host, { now: NOW + 2 * HOUR })
		expect(accepted).toMatchObject({ status: 'AwaitingPayment', responseDeadline: null })
		expect(accepted.paymentDeadline?.getTime()).toBe(NOW + 2 * HOUR + 3 * DAY)
		expect(acceptOrder(onSite.id, host, { now: NOW + 2 * HOUR })).toMatchObject({ status: 'Confirmed' })
		expect(historyOf(bank.id).map((h) => [h.fromStatus, h.toStatus, h.actorRole])).toEqual([
			[null, 'Requested', 'Customer'],
			['Requested', 'AwaitingPayment', 'Owner'],
		])
		expect(mailsTo(fixture.guest.email).map((m) => m.template)).toEqual([
			'order.requestReceived',
			'order.requestReceived',
			'order.paymentInstructions',
			'order.confirmed',
		])
	})

	test('accepting after the deadline is refused; the task expires the request and frees the slot', async () => {
		const fixture = await bookingFixture({ instantBooking: false })
		const slot = hourlySlot('2026-06-23', 10)
		const order = placeOrder(fixture, slot)
		const late = NOW + DAY
		expect(
			await thrown(() => acceptOrder(order.id, { id: fixture.host.id, role: 'Owner' }, { now: late })),
		).toMatchObject({
			status: 409,
			errorName: 'ResponseDeadlinePassed',
		})
		expect(expireOrder(order.id, { now: late - 1 })).toBe(false)
		expect(expireOrder(order.id, { now: late })).toBe(true)
		expect(historyOf(order.id).at(-1)).toMatchObject({
			fromStatus: 'Requested',
			toStatus: 'Expired',
			actorRole: 'System',
			actorId: null,
		})
		expect(mailsTo(fixture.guest.email).at(-1)?.template).toBe('order.expired')
		// The slot is free again.
		expect(placeOrder(fixture, slot, { now: late }).status).toBe('Requested')
	})

	test('decline needs the host of the order and gives the guest the reason', async () => {
		const fixture = await bookingFixture({ instantBooking: false })
		const order = placeOrder(fixture, hourlySlot('2026-06-24', 10))
		const otherHost = await createTestUser({ role: 'Owner' })
		expect(
			await thrown(() =>
				declineOrder(order.id, { id: otherHost.id, role: 'Owner' }, 'Nein danke', { now: NOW }),
			),
		).toMatchObject({ status: 404 })
		const declined = declineOrder(order.id, { id: fixture.host.id, role: 'Owner' }, 'Wir sind im Urlaub', {
			now: NOW + HOUR,
		})
		expect(declined).toMatchObject({ status: 'Declined', declineReason: 'Wir sind im Urlaub' })
		expect(historyOf(order.id).at(-1)).toMatchObject({ toStatus: 'Declined', reason: 'Wir sind im Urlaub' })
		const mail = mailsTo(fixture.guest.email).at(-1)
		expect(mail?.template).toBe('order.declined')
		expect(mail?.text).toContain('Wir sind im Urlaub')
	})

	test('completion after check-out settles the money: online paid and on site', async () => {
		const fixture = await bookingFixture({ instantBooking: true })
		const admin = await createTestUser({ role: 'Admin' })
		const bank = placeOrder(fixture, { ...hourlySlot('2026-06-03', 10), paymentMethod: 'BankTransfer' })
		recordBankTransfer({ orderCode: bank.code, amount: bank.totalAmount }, admin, { now: NOW + HOUR })
		const onSite = placeOrder(fixture, { ...hourlySlot('2026-06-03', 14), paymentMethod: 'OnSite' })
		const before = bank.checkOut.getTime() - 1
		expect(completeOrder(bank.id, { now: before })).toBe(false)
		const after = onSite.checkOut.getTime() + HOUR
		expect(completeOrder(bank.id, { now: after })).toBe(true)
		expect(completeOrder(onSite.id, { now: after })).toBe(true)
		expect(orderRow(bank.id)).toMatchObject({ status: 'Completed', paymentStatus: 'Paid' })
		expect(accountBalance(bank.id, 'GuestPrepayments')).toBe(0)
		expect(accountBalance(bank.id, 'PlatformRevenue')).toBe(-bank.commissionAmount)
		expect(accountBalance(bank.id, 'HostPayable')).toBe(-(bank.totalAmount - bank.commissionAmount))
		// On site: the host collected the money and owes the commission.
		expect(orderRow(onSite.id)).toMatchObject({ status: 'Completed', paymentStatus: 'Paid' })
		expect(accountBalance(onSite.id, 'HostPayable')).toBe(onSite.commissionAmount)
		expect(paymentsOf(onSite.id)).toMatchObject([
			{ provider: 'OnSite', status: 'Succeeded', amount: onSite.totalAmount },
		])
		expect(ledgerOf(onSite.id).every((row) => row.hostId === null || row.hostId === fixture.host.id)).toBe(
			true,
		)
		expect(unbalancedJournals()).toEqual([])
	})
})
