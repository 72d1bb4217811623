import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { orders } from '#db/schema/orders.ts'
import { users } from '#db/schema/users.ts'
import { getDb } from '#app/utils/db.server.ts'
import { getFixedT } from '#app/utils/i18n.server.ts'
import { translateValidationMessage } from '#app/utils/validation.ts'
import { bookingFixture, daysAhead, hourlySlot, mailsTo, placeOrder } from '#tests/helpers/booking.ts'
import { callRoute } from '#tests/helpers/route-harness.ts'
import { createLoggedInUser } from '#tests/helpers/users.ts'
import { action, loader } from './checkout.tsx'

type View = {
	view: {
		step: string
		notes: string[]
		slot: { start: number; end: number } | null
		state: { adults: number | null; children: number; paymentMethod: string | null }
		starts: { start: number }[]
		price: { total: number } | null
		idempotencyKey: string
		slotProblem: string | null
		alternatives: unknown[]
	}
	user: unknown
}

const BASE = '/public/playroomOrder/checkout'

async function guestCookie() {
	const { user, cookie } = await createLoggedInUser({ role: 'Customer', phoneNumber: '+49 221 555123' })
	return { user, cookie }
}

function query(params: Record<string, string>) {
	return `?${new URLSearchParams(params).toString()}`
}

describe('checkout page', () => {
	test('the entry contract: a valid slot opens at guests; bad values are dropped with a note, never an error', async () => {
		const { playroom } = await bookingFixture({ instantBooking: true })
		const slot = hourlySlot(daysAhead(30), 10, 2)
		const path = `${BASE}${query({
			playroomUrlPath: playroom.input.playroomUrlPath,
			bookingType: 'Hourly',
			checkIn: new Date(slot.checkIn).toISOString(),
			checkOut: new Date(slot.checkOut).toISOString(),
			guests: '5',
		})}`
		const ok = await callRoute(loader, { path })
		const data = ok.data as View
		expect(data.view.step).toBe('guests')
		expect(data.view.slot).toEqual({ start: slot.checkIn, end: slot.checkOut })
		expect(data.view.state).toMatchObject({ adults: 2, children: 3 })
		expect(data.view.price?.total).toBeGreaterThan(0)
		expect(data.view.notes).toEqual([])

		const garbage = await callRoute(loader, {
			path: `${BASE}${query({
				playroomUrlPath: playroom.input.playroomUrlPath,
				bookingType: 'Spaceship',
				checkIn: 'yesterday',
				checkOut: new Date(slot.checkOut).toISOString(),
				guests: '-3',
				extras: 'x:y',
				step: 'review',
			})}`,
		})
		expect(garbage.status).toBe(200)
		const dropped = garbage.data as View
		expect(dropped.view.step).toBe('date')
		expect(dropped.view.notes).toEqual(
			expect.arrayContaining(['bookingType', 'checkIn', 'checkOut', 'guests', 'extras']),
		)
		expect(dropped.view.starts.length).toBeGreaterThan(0)

		// A slot that does not fit the rules is dropped too; only playroomUrlPath is required.
		const offGrid = await callRoute(loader, {
			path: `${BASE}${query({
				playroomUrlPath: playroom.input.playroomUrlPath,
				checkIn: new Date(slot.checkIn + 15 * 60_000).toISOString(),
				checkOut: new Date(slot.checkOut).toISOString(),
			})}`,
		})
		expect((offGrid.data as View).view).toMatchObject({ step: 'date', notes: ['checkIn'], slot: null })
		// Issue 11: a payment method the playroom does not take (Card without Stripe) is dropped and said.
		const forged = await callRoute(loader, {
			path: `${BASE}${query({
				playroomUrlPath: playroom.input.playroomUrlPath,
				bookingType: 'Hourly',
				checkIn: new Date(slot.checkIn).toISOString(),
				checkOut: new Date(slot.checkOut).toISOString(),
				guests: '5',
				paymentMethod: 'Card',
				step: 'review',
			})}`,
		})
		expect((forged.data as View).view).toMatchObject({
			notes: ['paymentMethod'],
			state: { paymentMethod: null },
		})
		expect((await callRoute(loader, { path: `${BASE}?guests=2` })).status).toBe(404)
		expect(
			(await callRoute(loader, { path: `${BASE}${query({ playroomUrlPath: 'gibt-es-nicht' })}` })).status,
		).toBe(404)
	})

	test('the steps without JavaScript: each form posts, is checked, and redirects to the next step', async () => {
		const { playroom } = await bookingFixture({ instantBooking: true, maxGuests: 12 })
		const { cookie } = await guestCookie()
		const date = daysAhead(31)
		const slot = hourlySlot(date, 11, 3)
		let path = `${BASE}${query({ playroomUrlPath: playroom.input.playroomUrlPath, guests: '4' })}`

		// 1. date: a start that is not offered is refused with a message, an offered one redirects.
		const wrong = await callRoute(action, {
			path,
			cookie,
			form: {
				intent: 'date',
				bookingType: 'Hourly',
				date,
				start: new Date(slot.checkIn + 60_000).toISOString(),
				duration: '180',
			},
		})
		expect(wrong.status).toBe(400)
		const right = await callRoute(action, {
			path,
			cookie,
			form: {
				intent: 'date',
				bookingType: 'Hourly',
				date,
				start: new Date(slot.checkIn).toISOString(),
				duration: '180',
			},
		})
		expect(right.status).toBe(302)
		path = right.location ?? ''
		expect(path).toContain('step=guests')
		expect(path).toContain(`checkIn=${encodeURIComponent(new Date(slot.checkIn).toISOString())}`)

		// 2. guests: more than the playroom takes is refused on the field.
		const tooMany = await callRoute(action, {
			path,
			cookie,
			form: { intent: 'guests', adults: '6', children: '7' },
		})
		expect(tooMany.status).toBe(400)
		// Issue 11: the total is too high, said at the group — not "at most 12" under "children".
		const tooManyErrors = (tooMany.data as { result: { error: Record<string, string[]> } }).result.error
		expect(tooManyErrors).toEqual({ guests: ['booking:errors.guestsTooMany?count=12&total=13'] })
		expect(translateValidationMessage(getFixedT('de'), tooManyErrors.guests?.[0] ?? '')).toBe(
			'Erwachsene und Kinder zusammen sind 13 – dieser Spielraum erlaubt höchstens 12 Personen.',
		)
		expect(translateValidationMessage(getFixedT('en'), tooManyErrors.guests?.[0] ?? '')).toBe(
			'Adults and children together are 13 – this playroom allows at most 12 people.',
		)
		const guests = await callRoute(action, {
			path,
			cookie,
			form: { intent: 'guests', adults: '2', children: '6' },
		})
		expect(guests.location).toContain('step=contact')
		path = guests.location ?? ''

		// 3. contact: saved in the account.
		const contact = await callRoute(action, {
			path,
			cookie,
			form: { intent: 'contact', firstName: 'Mira', lastName: 'Sommer', phoneNumber: '+49 170 999000' },
		})
		expect(contact.location).toContain('step=payment')
		path = contact.location ?? ''

		// 4. payment: a voucher code is refused with a clear message; a method the playroom lacks too.
		const voucher = await callRoute(action, {
			path,
			cookie,
			form: { intent: 'payment', paymentMethod: 'BankTransfer', voucherCode: 'SOMMER-2026' },
		})
		expect(voucher.status).toBe(400)
		expect(JSON.stringify(voucher.json)).toContain('vouchers:errors.unknown')
		const card = await callRoute(action, { path, cookie, form: { intent: 'payment', paymentMethod: 'Card' } })
		expect(card.status).toBe(400)
		const payment = await callRoute(action, {
			path,
			cookie,
			form: { intent: 'payment', paymentMethod: 'BankTransfer' },
		})
		expect(payment.location).toContain('step=review')
		path = payment.location ?? ''

		// 5. review → confirm: terms are required; then one order, even when the form is sent twice.
		const review = (await callRoute(loader, { path, cookie })).data as View
		expect(review.view.step).toBe('review')
		const form = { intent: 'confirm', idempotencyKey: review.view.idempotencyKey, message: 'Bis bald!' }
		expect((await callRoute(action, { path, cookie, form })).status).toBe(400)
		const confirmed = await callRoute(action, { path, cookie, form: { ...form, acceptTerms: 'on' } })
		expect(confirmed.status).toBe(302)
		const again = await callRoute(action, { path, cookie, form: { ...form, acceptTerms: 'on' } })
		expect(again.location).toBe(confirmed.location)
		const rows = getDb().select().from(orders).where(eq(orders.playroomId, playroom.id)).all()
		expect(rows).toHaveLength(1)
		expect(rows[0]).toMatchObject({
			status: 'AwaitingPayment',
			adults: 2,
			children: 6,
			message: 'Bis bald!',
			contact: { firstName: 'Mira', lastName: 'Sommer', phoneNumber: '+49 170 999000' },
		})
		expect(confirmed.location).toBe(`/public/playroomOrder/${rows[0]?.id}/confirmation`)
	})

	test('the review step needs a logged-in guest; a visitor is sent to log in and comes back', async () => {
		const { playroom } = await bookingFixture({ instantBooking: true })
		const slot = hourlySlot(daysAhead(32), 10, 2)
		const path = `/en${BASE}${query({
			playroomUrlPath: playroom.input.playroomUrlPath,
			bookingType: 'Hourly',
			checkIn: new Date(slot.checkIn).toISOString(),
			checkOut: new Date(slot.checkOut).toISOString(),
			adults: '2',
			children: '1',
			paymentMethod: 'BankTransfer',
			step: 'review',
		})}`
		const visitor = (await callRoute(loader, { path })).data as View
		expect(visitor.view.step).toBe('contact')
		const post = await callRoute(action, {
			path,
			form: { intent: 'confirm', acceptTerms: 'on', idempotencyKey: 'abcdefghijklmnop' },
		})
		expect(post.status).toBe(302)
		expect(post.location).toBe(`/en/login?redirect=${encodeURIComponent(path)}`)
		const { cookie } = await guestCookie()
		expect(((await callRoute(loader, { path, cookie })).data as View).view.step).toBe('review')
		const host = await createLoggedInUser({ role: 'Owner' })
		expect(((await callRoute(loader, { path, cookie: host.cookie })).data as View).view.step).toBe('contact')
	})

	test('a Mobile offer asks where to come: checked against its radius, shown to the host (issue 11)', async () => {
		const fixture = await bookingFixture({ instantBooking: true, placeType: 'Mobile', serviceRadiusKm: 20 })
		const { cookie } = await guestCookie()
		const slot = hourlySlot(daysAhead(34), 10, 2)
		const path = `${BASE}${query({
			playroomUrlPath: fixture.playroom.input.playroomUrlPath,
			bookingType: 'Hourly',
			checkIn: new Date(slot.checkIn).toISOString(),
			checkOut: new Date(slot.checkOut).toISOString(),
			adults: '2',
			children: '4',
			paymentMethod: 'BankTransfer',
			step: 'review',
		})}`
		const key = ((await callRoute(loader, { path, cookie })).data as View).view.idempotencyKey
		const form = { intent: 'confirm', acceptTerms: 'on', idempotencyKey: key, street: 'Hauptstr. 5' }
		const missing = await callRoute(action, { path, cookie, form })
		expect(missing.status).toBe(400)
		const errorsOf = (result: { data: unknown }) =>
			(result.data as { result: { error: Record<string, string[]> } }).result.error
		expect(errorsOf(missing)).toMatchObject({
			postalCode: ['validation.required'],
			city: ['validation.required'],
		})
		const far = await callRoute(action, {
			path,
			cookie,
			form: { ...form, postalCode: '40210', city: 'Düsseldorf' },
		})
		expect(far.status).toBe(400)
		const message = errorsOf(far).city?.[0] ?? ''
		expect(translateValidationMessage(getFixedT('de'), message)).toMatch(
			/^Diese Adresse liegt etwa 3\d km entfernt – das Angebot kommt nur bis 20 km weit\.$/,
		)
		const ok = await callRoute(action, { path, cookie, form: { ...form, postalCode: '50823', city: 'Köln' } })
		expect(ok.status).toBe(302)
		const [order] = getDb().select().from(orders).where(eq(orders.playroomId, fixture.playroom.id)).all()
		expect(order?.contact.eventAddress).toEqual({ street: 'Hauptstr. 5', postalCode: '50823', city: 'Köln' })
		const hostMail = mailsTo(fixture.host.email).at(-1)
		expect(hostMail?.text).toContain('Hauptstr. 5, 50823 Köln')
	})

	test('a fixed-place playroom refuses a forged event address at confirm', async () => {
		const fixture = await bookingFixture({ instantBooking: true })
		const { cookie } = await guestCookie()
		const slot = hourlySlot(daysAhead(35), 10, 2)
		const path = `${BASE}${query({
			playroomUrlPath: fixture.playroom.input.playroomUrlPath,
			bookingType: 'Hourly',
			checkIn: new Date(slot.checkIn).toISOString(),
			checkOut: new Date(slot.checkOut).toISOString(),
			adults: '2',
			children: '0',
			paymentMethod: 'BankTransfer',
			step: 'review',
		})}`
		const key = ((await callRoute(loader, { path, cookie })).data as View).view.idempotencyKey
		const forged = await callRoute(action, {
			path,
			cookie,
			form: { intent: 'confirm', acceptTerms: 'on', idempotencyKey: key, street: 'Hauptstr. 5' },
		})
		expect(forged.status).toBe(400)
		expect(getDb().select().from(orders).where(eq(orders.playroomId, fixture.playroom.id)).all()).toEqual([])
	})

	test('taken meanwhile: 409 "no longer available" with the nearest free alternatives, nothing written', async () => {
		const fixture = await bookingFixture({ instantBooking: true })
		const { cookie } = await guestCookie()
		const slot = hourlySlot(daysAhead(33), 12, 2)
		const path = `/en${BASE}${query({
			playroomUrlPath: fixture.playroom.input.playroomUrlPath,
			bookingType: 'Hourly',
			checkIn: new Date(slot.checkIn).toISOString(),
			checkOut: new Date(slot.checkOut).toISOString(),
			adults: '2',
			children: '1',
			paymentMethod: 'BankTransfer',
			step: 'review',
		})}`
		const key = ((await callRoute(loader, { path, cookie })).data as View).view.idempotencyKey
		placeOrder(fixture, slot, { now: Date.now() })
		const result = await callRoute(action, {
			path,
			cookie,
			form: { intent: 'confirm', acceptTerms: 'on', idempotencyKey: key },
		})
		expect(result.status).toBe(409)
		const body = result.json as {
			errorName: string
			alternatives: { start: number; end: number; search: string }[]
		}
		expect(body.errorName).toBe('SlotNotAvailable')
		expect(body.alternatives.length).toBeGreaterThan(0)
		for (const alternative of body.alternatives) {
			expect(alternative.end - alternative.start).toBe(slot.checkOut - slot.checkIn)
			expect(alternative.search).toContain('step=review')
		}
		expect(getDb().select().from(orders).where(eq(orders.idempotencyKey, key)).all()).toEqual([])
		// The page itself says so when the slot was taken before it loaded.
		const view = ((await callRoute(loader, { path, cookie })).data as View).view
		expect(view).toMatchObject({ step: 'date', slotProblem: 'Overlap' })
		expect(view.alternatives.length).toBeGreaterThan(0)
	})

	test('inline registration creates an unconfirmed guest and comes back to the checkout', async () => {
		const { playroom } = await bookingFixture()
		const path = `${BASE}${query({ playroomUrlPath: playroom.input.playroomUrlPath, step: 'contact' })}`
		const email = `neu-${Date.now()}@example.test`
		const result = await callRoute(action, {
			path,
			form: {
				intent: 'register',
				email,
				password: 'Kletterwand-Sonne-42',
				firstName: 'Nora',
				lastName: 'Neu',
				displayName: `Familie Neu ${Date.now()}`,
				acceptTerms: 'on',
			},
		})
		expect(result.status).toBe(302)
		expect(result.location).toContain('registered=1')
		expect(result.location).toContain('playroomUrlPath=')
		const user = getDb().select().from(users).where(eq(users.email, email)).get()
		expect(user).toMatchObject({ role: 'Customer', emailConfirmedAt: null })
	})
})
