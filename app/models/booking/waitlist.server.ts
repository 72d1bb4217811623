import { and, desc, eq, gte, inArray, lt, ne, or, sql } from 'drizzle-orm'
import { playrooms, type BookingType } from '#db/schema/catalogue.ts'
import type { OrderStatus } from '#db/schema/orders.ts'
import { users, type UserRole } from '#db/schema/users.ts'
import { waitlistEntries, type WaitlistStatus } from '#db/schema/waitlist.ts'
import { AppError } from '#app/utils/app-error.ts'
import { getDb, immediateTransaction, type DbOrTx } from '#app/utils/db.server.ts'
import { findVisiblePlayroom } from '#app/models/catalogue/playrooms.server.ts'
import {
	advanceWaitlist,
	deliverAfterCommit,
	loadSlotInput,
	offerCheckoutPath,
	slotState,
} from './waitlist-offers.server.ts'

/**
 * The slot waitlist (issue 13; docs/subsystems/waitlist.md, ADR 0086): a
 * guest joins for a taken start of a playroom, sees and leaves their entries
 * on /guest/orders; hosts see who waits in their calendar. The offers
 * themselves are in waitlist-offers.server.ts.
 */
type Caller = { id: string; role: UserRole }
type Slot = { playroomId: string; bookingType: BookingType; startsAt: number }

/** What a guest sees: Waiting, Offered (until …), Booked, Expired. */
export type WaitlistView = Exclude<WaitlistStatus, 'Left'>

function entryNotFound() {
	return new AppError(404, 'NotFound', { messageKey: 'waitlist:errors.notFound' })
}

/**
 * Joins the waitlist for a taken start. Only guests; the start must be a real
 * start of the playroom that someone else holds now (a free one is booked, not
 * waited for). Joining twice returns the same entry (`created: false`).
 */
export function joinWaitlist(slot: Slot, caller: Caller, options: { now?: number } = {}) {
	if (caller.role !== 'Customer') {
		throw new AppError(403, 'GuestAccountRequired', { messageKey: 'booking:errors.guestAccountRequired' })
	}
	const now = options.now ?? Date.now()
	return immediateTransaction((tx) => {
		const playroom = findVisiblePlayroom({ playroomId: slot.playroomId }, caller, tx)
		const existing = tx
			.select()
			.from(waitlistEntries)
			.where(
				and(
					eq(waitlistEntries.guestId, caller.id),
					eq(waitlistEntries.playroomId, playroom.id),
					eq(waitlistEntries.bookingType, slot.bookingType),
					eq(waitlistEntries.startsAt, new Date(slot.startsAt)),
					inArray(waitlistEntries.status, ['Waiting', 'Offered']),
				),
			)
			.get()
		if (existing) return { entry: existing, created: false }
		const input = loadSlotInput(playroom.id, [slot.startsAt], tx, { holderId: caller.id, now })
		const state = input ? slotState(input.rules, input.busy, slot, now) : { state: 'impossible' as const }
		if (state.state === 'impossible') {
			throw new AppError(400, 'StayNotValid', {
				messageKey: 'waitlist:errors.notAStart',
				fields: { startsAt: ['waitlist:errors.notAStart'] },
			})
		}
		if (state.state === 'free') {
			throw new AppError(409, 'SlotAvailable', { messageKey: 'waitlist:errors.slotFree' })
		}
		const entry = tx
			.insert(waitlistEntries)
			.values({
				playroomId: playroom.id,
				guestId: caller.id,
				bookingType: slot.bookingType,
				startsAt: new Date(slot.startsAt),
				createdAt: new Date(now),
				updatedAt: new Date(now),
			})
			.returning()
			.get()
		return { entry, created: true }
	})
}

/**
 * A guest leaves one of their own entries (another guest's is the same 404 as
 * an unknown one). Leaving an offer passes the slot on to the next guest.
 */
export function leaveWaitlist(entryId: string, caller: Caller, options: { now?: number } = {}) {
	const now = options.now ?? Date.now()
	const emails = immediateTransaction((tx) => {
		const entry = tx
			.select()
			.from(waitlistEntries)
			.where(and(eq(waitlistEntries.id, entryId), eq(waitlistEntries.guestId, caller.id)))
			.get()
		if (!entry || caller.role !== 'Customer') throw entryNotFound()
		if (entry.status !== 'Waiting' && entry.status !== 'Offered') return []
		tx.update(waitlistEntries)
			.set({ status: 'Left', updatedAt: new Date(now) })
			.where(eq(waitlistEntries.id, entry.id))
			.run()
		return entry.status === 'Offered' ? advanceWaitlist(tx, entry.playroomId, now).emails : []
	})
	deliverAfterCommit(emails)
}

const RELEASING: readonly OrderStatus[] = ['Cancelled', 'Declined', 'Expired']
const HOLDING: readonly OrderStatus[] = ['Requested', 'AwaitingPayment', 'Confirmed']

/**
 * Called by the order status machine (transitionOrder) inside its IMMEDIATE
 * transaction: an order that held a slot and is now cancelled, declined or
 * expired frees it — the first waiting guest is offered it.
 */
export function onOrderTransition(
	tx: DbOrTx,
	order: { playroomId: string },
	from: OrderStatus,
	to: OrderStatus,
	now: number,
) {
	if (!HOLDING.includes(from) || !RELEASING.includes(to)) return
	deliverAfterCommit(advanceWaitlist(tx, order.playroomId, now).emails)
}

/**
 * Called by order creation inside its transaction: the guest's offer (a hold
 * the new stay overlaps) and their own waiting entry for that start are Booked.
 */
export function markWaitlistBooked(
	tx: DbOrTx,
	order: {
		id: string
		guestId: string
		playroomId: string
		bookingType: BookingType
		checkIn: Date
		checkOut: Date
	},
	now: number,
) {
	tx.update(waitlistEntries)
		.set({ status: 'Booked', orderId: order.id, updatedAt: new Date(now) })
		.where(
			and(
				eq(waitlistEntries.guestId, order.guestId),
				eq(waitlistEntries.playroomId, order.playroomId),
				or(
					and(
						eq(waitlistEntries.status, 'Offered'),
						lt(waitlistEntries.startsAt, order.checkOut),
						sql`${waitlistEntries.holdEndsAt} > ${order.checkIn.getTime()}`,
					),
					and(
						eq(waitlistEntries.status, 'Waiting'),
						eq(waitlistEntries.bookingType, order.bookingType),
						eq(waitlistEntries.startsAt, order.checkIn),
					),
				),
			),
		)
		.run()
}

/**
 * Order creation's clearer refusal: when a stay overlaps someone else's
 * active hold, the guest learns it is held for the waitlist (409, nothing written).
 */
export function assertNotHeldForAnother(
	tx: DbOrTx,
	stay: { playroomId: string; start: number; end: number },
	guestId: string,
	now: number,
) {
	const hold = tx
		.select({ id: waitlistEntries.id })
		.from(waitlistEntries)
		.where(
			and(
				eq(waitlistEntries.playroomId, stay.playroomId),
				eq(waitlistEntries.status, 'Offered'),
				ne(waitlistEntries.guestId, guestId),
				sql`${waitlistEntries.offerExpiresAt} > ${now}`,
				lt(waitlistEntries.startsAt, new Date(stay.end)),
				sql`${waitlistEntries.holdEndsAt} > ${stay.start}`,
			),
		)
		.get()
	if (hold) {
		throw new AppError(409, 'SlotNotAvailable', {
			messageKey: 'waitlist:errors.heldForOther',
			params: { reason: 'HeldForWaitlist' },
		})
	}
}

/** The display status: a lapsed offer or a past start reads Expired before the task has run. */
export function viewStatus(
	entry: { status: WaitlistStatus; startsAt: Date; offerExpiresAt: Date | null },
	now: number,
): WaitlistView {
	if (entry.status === 'Offered' && (entry.offerExpiresAt?.getTime() ?? 0) <= now) return 'Expired'
	if (entry.status === 'Waiting' && entry.startsAt.getTime() <= now) return 'Expired'
	return entry.status === 'Left' ? 'Expired' : entry.status
}

/** The guest's own entries, newest first (never anyone else's), with the checkout link of an offer. */
export function listWaitlistForGuest(
	guestId: string,
	options: { now?: number; limit?: number } = {},
	db: DbOrTx = getDb(),
) {
	const now = options.now ?? Date.now()
	const rows = db
		.select({
			id: waitlistEntries.id,
			bookingType: waitlistEntries.bookingType,
			startsAt: waitlistEntries.startsAt,
			status: waitlistEntries.status,
			offerExpiresAt: waitlistEntries.offerExpiresAt,
			holdEndsAt: waitlistEntries.holdEndsAt,
			orderId: waitlistEntries.orderId,
			playroomName: playrooms.name,
			playroomUrlPath: playrooms.playroomUrlPath,
			city: playrooms.city,
		})
		.from(waitlistEntries)
		.innerJoin(playrooms, eq(playrooms.id, waitlistEntries.playroomId))
		.where(and(eq(waitlistEntries.guestId, guestId), ne(waitlistEntries.status, 'Left')))
		.orderBy(desc(waitlistEntries.createdAt))
		.limit(options.limit ?? 50)
		.all()
	return rows.map((row) => {
		const status = viewStatus(row, now)
		return {
			...row,
			status,
			canLeave: status === 'Waiting' || status === 'Offered',
			checkoutPath:
				status === 'Offered' && row.holdEndsAt
					? offerCheckoutPath({
							...row,
							startsAt: row.startsAt.getTime(),
							checkOut: row.holdEndsAt.getTime(),
						})
					: null,
		}
	})
}

/**
 * For the host calendar (issue 13): who waits for which start of the host's
 * playrooms in [from, to), active entries only, with the guest's first name
 * (no other personal data) and the hold of an offer.
 */
export function listWaitlistForHost(
	hostId: string,
	range: { from: number; to: number },
	options: { now?: number } = {},
	db: DbOrTx = getDb(),
) {
	const now = options.now ?? Date.now()
	const rows = db
		.select({
			id: waitlistEntries.id,
			playroomId: waitlistEntries.playroomId,
			playroomName: playrooms.name,
			bookingType: waitlistEntries.bookingType,
			startsAt: waitlistEntries.startsAt,
			status: waitlistEntries.status,
			offerExpiresAt: waitlistEntries.offerExpiresAt,
			holdEndsAt: waitlistEntries.holdEndsAt,
			guestFirstName: users.firstName,
			createdAt: waitlistEntries.createdAt,
		})
		.from(waitlistEntries)
		.innerJoin(playrooms, eq(playrooms.id, waitlistEntries.playroomId))
		.innerJoin(users, eq(users.id, waitlistEntries.guestId))
		.where(
			and(
				eq(playrooms.hostId, hostId),
				inArray(waitlistEntries.status, ['Waiting', 'Offered']),
				gte(waitlistEntries.startsAt, new Date(range.from)),
				lt(waitlistEntries.startsAt, new Date(range.to)),
			),
		)
		.orderBy(waitlistEntries.startsAt, waitlistEntries.createdAt)
		.all()
	return rows
		.map((row) => ({ ...row, status: viewStatus(row, now) }))
		.filter((row) => row.status === 'Waiting' || row.status === 'Offered')
}
