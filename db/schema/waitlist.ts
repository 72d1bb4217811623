import { sql } from 'drizzle-orm'
import { index, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { BOOKING_TYPES, playrooms, type BookingType } from './catalogue.ts'
import { createdAt, idColumn, instant, updatedAt } from './columns.ts'
import { users } from './users.ts'

/**
 * The slot waitlist (issue 13, docs/subsystems/waitlist.md, ADR 0086). A
 * guest waits for a taken start time of a playroom (date, booking type,
 * start). When the slot is freed the first waiting guest is Offered it: the
 * offer holds [startsAt, holdEndsAt) for that guest alone until
 * offerExpiresAt (30 minutes); then the next guest gets it.
 *
 *   Waiting → Offered → Booked | Expired      Waiting | Offered → Left (the guest)
 *   Waiting → Expired (the start passed)
 */
export const WAITLIST_STATUSES = ['Waiting', 'Offered', 'Booked', 'Expired', 'Left'] as const
export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number]

export const waitlistEntries = sqliteTable(
	'waitlist_entries',
	{
		id: idColumn(),
		playroomId: text('playroom_id')
			.notNull()
			.references(() => playrooms.id, { onDelete: 'cascade' }),
		guestId: text('guest_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		bookingType: text('booking_type', { enum: BOOKING_TYPES }).$type<BookingType>().notNull(),
		/** The wanted start (UTC instant; its Europe/Berlin date is the wanted date). */
		startsAt: instant('starts_at').notNull(),
		status: text('status', { enum: WAITLIST_STATUSES }).notNull().default('Waiting'),
		offeredAt: instant('offered_at'),
		/** Offered: the hold lasts until then. */
		offerExpiresAt: instant('offer_expires_at'),
		/** Offered: end of the held interval (the shortest stay from startsAt; the holder may book longer if free). */
		holdEndsAt: instant('hold_ends_at'),
		/** Booked: the order the holder made. */
		orderId: text('order_id'),
		createdAt: createdAt(),
		updatedAt: updatedAt(),
	},
	(table) => [
		// One active entry per guest and slot: joining twice is the same entry.
		uniqueIndex('waitlist_active_unique')
			.on(table.guestId, table.playroomId, table.bookingType, table.startsAt)
			.where(sql`status IN ('Waiting', 'Offered')`),
		// The queue of a playroom (first come, first offered) and its active holds.
		index('waitlist_playroom_idx').on(table.playroomId, table.status, table.startsAt, table.createdAt),
		index('waitlist_guest_idx').on(table.guestId, table.createdAt),
		index('waitlist_offer_idx').on(table.status, table.offerExpiresAt),
	],
)
