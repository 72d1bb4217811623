import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { waitlistEntries } from '#db/schema/waitlist.ts'
import { isAppError } from '#app/utils/app-error.ts'
import { getDb } from '#app/utils/db.server.ts'
import { getStartsForDays } from './booking-availability.server.ts'
import { loadCheckout, parseCheckoutState, type CheckoutState, type CheckoutUser } from './checkout.server.ts'
import { cancelOrder, declineOrder, expireOrder } from './order-transitions.server.ts'
import { getAvailableLists } from './playroom-booking.server.ts'
import { OFFER_HOLD_MS, offerCheckoutPath, runWaitlist } from './waitlist-offers.server.ts'
import { joinWaitlist, leaveWaitlist, listWaitlistForGuest, listWaitlistForHost } from './waitlist.server.ts'
import { bookingFixture, hourlySlot, mailsTo, NOW, placeOrder } from '#tests/helpers/booking.ts'
import { createTestUser } from '#tests/helpers/users.ts'

const MINUTE = 60_000
const HOUR = 60 * MINUTE

async function thrown(work: () => unknown) {
	try {
		await work()
	} catch (error) {
		if (isAppError(error)) return error
		throw error
	}
	throw new Error('expected an AppError')
}

/** A playroom whose 14:00–16:00 on 10 June is booked by `holder`, and three more guests. */
async function bookedSlot(options: { instantBooking?: boolean } = {}) {
	const fixture = await bookingFixture({ instantBooking: options.instantBooking ?? true })
	const slot = hourlySlot('2026-06-10', 14, 2)
	const order = placeOrder(fixture, slot)
	const guests = await Promise.all([1, 2, 3].map(() => createTestUser({ role: 'Customer' })))
	const [first, second, third] = guests.map((g) => ({ ...g, id: g.id, role: 'Customer' as const }))
	if (!first || !second || !third) throw new Error('no guests')
	const wanted = { playroomId: fixture.playroom.id, bookingType: 'Hourly' as const, startsAt: slot.checkIn }
	return { ...fixture, slot, order, first, second, third, wanted }
}

function offersTo(email: string) {
	return mailsTo(email).filter((m) => m.template === 'waitlist.offer')
}

function entryOf(id: string) {
	return getDb().select().from(waitlistEntries).where(eq(waitlistEntries.id, id)).get()
}

function entriesOf(playroomId: string) {
	return getDb().select().from(waitlistEntries).where(eq(waitlistEntries.playroomId, playroomId)).all()
}

const hostCaller = (fixture: { host: { id: string } }) => ({ id: fixture.host.id, role: 'Owner' as const })

describe('joining', () => {
	test('a guest joins a taken start; joining twice is the same entry', async () => {
		const f = await bookedSlot()
		const a = joinWaitlist(f.wanted, f.first, { now: NOW })
		const b = joinWaitlist(f.wanted, f.first, { now: NOW + MINUTE })
		expect(a.created).toBe(true)
		expect(b.created).toBe(false)
		expect(b.entry.id).toBe(a.entry.id)
		expect(entriesOf(f.playroom.id)).toHaveLength(1)
	})

	test('a free start, a start that does not exist and a host are refused', async () => {
		const f = await bookedSlot()
		const free = await thrown(() =>
			joinWaitlist({ ...f.wanted, startsAt: hourlySlot('2026-06-10', 10).checkIn }, f.first, { now: NOW }),
		)
		expect(free).toMatchObject({ status: 409, errorName: 'SlotAvailable' })
		const night = await thrown(() =>
			joinWaitlist({ ...f.wanted, startsAt: hourlySlot('2026-06-10', 3).checkIn }, f.first, { now: NOW }),
		)
		expect(night).toMatchObject({ status: 400 })
		const host = await thrown(() => joinWaitlist(f.wanted, hostCaller(f), { now: NOW }))
		expect(host).toMatchObject({ status: 403 })
		expect(entriesOf(f.playroom.id)).toHaveLength(0)
	})
})

describe('offers', () => {
	test('cancel → the first waiting guest gets the e-mail with a checkout link; the hold excludes everyone else for 30 minutes', async () => {
		const f = await bookedSlot()
		joinWaitlist(f.wanted, f.first, { now: NOW })
		joinWaitlist(f.wanted, f.second, { now: NOW + MINUTE })
		const cancelAt = NOW + 10 * MINUTE
		cancelOrder(f.order.id, { id: f.guest.id, role: 'Customer' }, null, { now: cancelAt })

		const [mail] = offersTo(f.first.email)
		expect(mail?.locale).toBe('de')
		expect(mail?.subject).toContain(f.playroom.input.name)
		expect(mail?.text).toContain('/public/playroomOrder/checkout?')
		expect(mail?.text).toContain(`checkIn=${encodeURIComponent(new Date(f.slot.checkIn).toISOString())}`)
		expect(offersTo(f.second.email)).toHaveLength(0)

		// Availability does not offer 14:00 to others (public lists, checkout), but does to the holder.
		const date = '2026-06-10'
		const starts = (caller: { id: string; role: 'Customer' } | null) =>
			getAvailableLists({ playroomId: f.playroom.id }, date, 'Hourly', caller, {
				now: cancelAt + MINUTE,
			}).starts.map((s) => Date.parse(s.start))
		expect(starts(null)).not.toContain(f.slot.checkIn)
		const checkoutFor = (user: typeof f.first) =>
			loadCheckout(
				parseCheckoutState(
					new URLSearchParams(
						offerCheckoutPath({ ...f.wanted, ...f.playroom.input, checkOut: f.slot.checkOut }).split('?')[1],
					),
				).state as CheckoutState,
				[],
				user as unknown as CheckoutUser,
				'de',
				{ now: cancelAt + MINUTE },
			).slotProblem
		expect(checkoutFor(f.second)).toBe('Overlap')
		expect(checkoutFor(f.first)).toBeNull()

		// Order creation refuses anyone else with a clear error, and nothing is written.
		const refused = await thrown(() =>
			placeOrder({ playroom: f.playroom, guest: f.second }, f.slot, { now: cancelAt + 5 * MINUTE }),
		)
		expect(refused).toMatchObject({
			status: 409,
			errorName: 'SlotNotAvailable',
			messageKey: 'waitlist:errors.heldForOther',
		})
		// An overlapping stay of another length is refused too.
		const overlapping = await thrown(() =>
			placeOrder({ playroom: f.playroom, guest: f.third }, hourlySlot(date, 13, 2), {
				now: cancelAt + 5 * MINUTE,
			}),
		)
		expect(overlapping).toMatchObject({ status: 409 })

		// The holder can book it; the entry is Booked.
		const booked = placeOrder({ playroom: f.playroom, guest: f.first }, f.slot, {
			now: cancelAt + 20 * MINUTE,
		})
		expect(booked.status).not.toBe('Cancelled')
		const [entry] = listWaitlistForGuest(f.first.id, { now: cancelAt + 21 * MINUTE })
		expect(entry).toMatchObject({ status: 'Booked', canLeave: false })
	})

	test('after 30 minutes without booking the next guest is offered it (task, idempotent)', async () => {
		const f = await bookedSlot()
		const a = joinWaitlist(f.wanted, f.first, { now: NOW }).entry
		const b = joinWaitlist(f.wanted, f.second, { now: NOW + MINUTE }).entry
		cancelOrder(f.order.id, { id: f.guest.id, role: 'Customer' }, null, { now: NOW + 2 * MINUTE })
		const offeredAt = NOW + 2 * MINUTE

		// Before the hold ends the task changes nothing.
		runWaitlist(offeredAt + OFFER_HOLD_MS - MINUTE)
		expect(entryOf(b.id)?.status).toBe('Waiting')
		// The guest sees "Offered until …" before, "Expired" after, even before the task runs.
		expect(listWaitlistForGuest(f.first.id, { now: offeredAt + MINUTE })[0]).toMatchObject({
			status: 'Offered',
		})
		expect(listWaitlistForGuest(f.first.id, { now: offeredAt + OFFER_HOLD_MS })[0]).toMatchObject({
			status: 'Expired',
		})
		// At 29 minutes nobody else can book it.
		const early = await thrown(() =>
			placeOrder({ playroom: f.playroom, guest: f.third }, f.slot, {
				now: offeredAt + OFFER_HOLD_MS - MINUTE,
			}),
		)
		expect(early).toMatchObject({ status: 409 })
		// At 30 minutes the task moves the offer on to the next guest.
		const later = offeredAt + OFFER_HOLD_MS
		expect(runWaitlist(later)).toBe(2)
		expect(entryOf(a.id)?.status).toBe('Expired')
		expect(entryOf(b.id)?.status).toBe('Offered')
		expect(offersTo(f.second.email)).toHaveLength(1)
		// Running again does nothing more.
		expect(runWaitlist(later + MINUTE)).toBe(0)
		expect(offersTo(f.second.email)).toHaveLength(1)
		expect(offersTo(f.first.email)).toHaveLength(1)
		// Now the first guest is the one refused.
		const refused = await thrown(() =>
			placeOrder({ playroom: f.playroom, guest: f.first }, f.slot, { now: later + 2 * MINUTE }),
		)
		expect(refused).toMatchObject({ status: 409 })
	})

	test('declined and expired orders offer the slot too; an order that stays booked does not', async () => {
		const declined = await bookedSlot({ instantBooking: false })
		joinWaitlist(declined.wanted, declined.first, { now: NOW })
		declineOrder(declined.order.id, hostCaller(declined), 'Leider belegt', { now: NOW + MINUTE })
		expect(offersTo(declined.first.email)).toHaveLength(1)

		const expired = await bookedSlot({ instantBooking: false })
		joinWaitlist(expired.wanted, expired.first, { now: NOW })
		expect(expireOrder(expired.order.id, { now: NOW + HOUR })).toBe(false)
		expect(offersTo(expired.first.email)).toHaveLength(0)
		expect(expireOrder(expired.order.id, { now: NOW + 25 * HOUR })).toBe(true)
		expect(offersTo(expired.first.email)).toHaveLength(1)
	})

	test('the offer e-mail is in the recipient’s language', async () => {
		const f = await bookedSlot()
		const { users } = await import('#db/schema/users.ts')
		getDb().update(users).set({ langPreference: 'en' }).where(eq(users.id, f.first.id)).run()
		joinWaitlist(f.wanted, f.first, { now: NOW })
		cancelOrder(f.order.id, { id: f.guest.id, role: 'Customer' }, null, { now: NOW + MINUTE })
		const [mail] = offersTo(f.first.email)
		expect(mail?.locale).toBe('en')
		expect(mail?.subject).toMatch(/^Your time at /)
		expect(mail?.text).toContain('/en/public/playroomOrder/checkout?')
	})
})

describe('guests and hosts', () => {
	test('a guest sees and leaves only their own entries; leaving an offer passes it on', async () => {
		const f = await bookedSlot()
		const a = joinWaitlist(f.wanted, f.first, { now: NOW }).entry
		const b = joinWaitlist(f.wanted, f.second, { now: NOW }).entry
		expect(listWaitlistForGuest(f.first.id, { now: NOW }).map((e) => e.id)).toEqual([a.id])

		const foreign = await thrown(() => leaveWaitlist(b.id, f.first, { now: NOW }))
		expect(foreign).toMatchObject({ status: 404 })
		expect(entryOf(b.id)?.status).toBe('Waiting')

		cancelOrder(f.order.id, { id: f.guest.id, role: 'Customer' }, null, { now: NOW + MINUTE })
		expect(entryOf(a.id)?.status).toBe('Offered')
		leaveWaitlist(a.id, f.first, { now: NOW + 2 * MINUTE })
		expect(entryOf(a.id)?.status).toBe('Left')
		expect(entryOf(b.id)?.status).toBe('Offered')
		expect(offersTo(f.second.email)).toHaveLength(1)
		expect(listWaitlistForGuest(f.first.id, { now: NOW + 3 * MINUTE })).toEqual([])
	})

	test('the host query lists active entries of the host’s playrooms only, with a first name', async () => {
		const f = await bookedSlot()
		const other = await bookedSlot()
		joinWaitlist(f.wanted, f.first, { now: NOW })
		joinWaitlist(other.wanted, other.first, { now: NOW })
		const range = { from: f.slot.checkIn - HOUR, to: f.slot.checkIn + HOUR }
		const rows = listWaitlistForHost(f.host.id, range, { now: NOW })
		expect(rows).toHaveLength(1)
		expect(rows[0]).toMatchObject({
			playroomId: f.playroom.id,
			status: 'Waiting',
			guestFirstName: f.first.firstName,
		})
		expect(rows[0]).not.toHaveProperty('email')
		expect(listWaitlistForHost(f.host.id, { from: range.to, to: range.to + HOUR }, { now: NOW })).toEqual([])
	})

	test('search-style availability over days hides a hold as well', async () => {
		const f = await bookedSlot()
		joinWaitlist(f.wanted, f.first, { now: NOW })
		cancelOrder(f.order.id, { id: f.guest.id, role: 'Customer' }, null, { now: NOW + MINUTE })
		const [day] = getStartsForDays(f.playroom.id, '2026-06-10', 1, 'Hourly', { now: NOW + 2 * MINUTE })
		expect(day?.starts.map((s) => s.start)).not.toContain(f.slot.checkIn)
	})
})
