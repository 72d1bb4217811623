import { and, asc, eq, inArray, lte, or } from 'drizzle-orm'
import { playrooms, type BookingType } from '#db/schema/catalogue.ts'
import { users } from '#db/schema/users.ts'
import { waitlistEntries } from '#db/schema/waitlist.ts'
import { availableStarts, type AvailabilityRules, type BusyInterval } from '#app/domain/availability.ts'
import { addDays, localDateOf, startOfLocalDay, type LocalDate } from '#app/domain/berlin-time.ts'
import { checkoutPath } from '#app/utils/catalogue-urls.ts'
import { getDb, immediateTransaction, type DbOrTx } from '#app/utils/db.server.ts'
import { queueEmail, renderEmailLayout } from '#app/utils/email.server.ts'
import { getEnv } from '#app/utils/env.server.ts'
import { formatDate, formatDateTime, formatTime } from '#app/utils/format-instant.ts'
import { getFixedT } from '#app/utils/i18n.server.ts'
import { localizePath } from '#app/utils/locale.ts'
import { looseT } from '#app/utils/loose-t.ts'
import { deliverSoon } from '#app/models/accounts/account-emails.server.ts'
import { loadAvailabilityInput, MAX_NIGHTS_LOOKAHEAD } from '#app/models/catalogue/availability.server.ts'

/**
 * The waitlist's engine (ADR 0086): when a slot is freed, the first waiting
 * guest is offered it — a hold of 30 minutes that availability and order
 * creation treat as busy for everyone else — and an e-mail with a checkout
 * link; an offer nobody took expires and the next guest gets it. Everything
 * here runs inside the caller's IMMEDIATE transaction (synchronous).
 */
export const OFFER_HOLD_MS = 30 * 60_000

type Slot = { bookingType: BookingType; startsAt: number }

/**
 * Whether a start can be booked now (with the caller's view of the holds):
 * `free` with its possible ends, `taken` (someone holds it), or `impossible`
 * (not a start of this playroom and booking type at all, or too late).
 */
export function slotState(
	rules: AvailabilityRules,
	busy: readonly BusyInterval[],
	slot: Slot,
	now: number,
): { state: 'free'; ends: number[] } | { state: 'taken' | 'impossible' } {
	const date = localDateOf(slot.startsAt)
	const option = availableStarts(rules, busy, date, slot.bookingType, now).find(
		(o) => o.start === slot.startsAt,
	)
	if (option) return { state: 'free', ends: option.durations.map((d) => d.end).sort((a, b) => a - b) }
	const possible = availableStarts(rules, [], date, slot.bookingType, now).some(
		(o) => o.start === slot.startsAt,
	)
	return { state: possible ? 'taken' : 'impossible' }
}

/**
 * The starts of a date someone else holds (orders, blocks, holds — the
 * public view): what the playroom page offers to wait for.
 */
export function takenStartsOn(
	playroomId: string,
	date: LocalDate,
	bookingType: BookingType,
	now: number,
	db: DbOrTx = getDb(),
): number[] {
	const input = loadSlotInput(playroomId, [startOfLocalDay(date)], db, { now })
	if (!input) return []
	const free = new Set(availableStarts(input.rules, input.busy, date, bookingType, now).map((o) => o.start))
	return availableStarts(input.rules, [], date, bookingType, now)
		.map((o) => o.start)
		.filter((start) => !free.has(start))
}

/** The availability input around some starts (enough days ahead for the longest overnight stay). */
export function loadSlotInput(
	playroomId: string,
	starts: number[],
	db: DbOrTx,
	view: { holderId?: string | null; now: number },
) {
	const first = Math.min(...starts)
	const last = Math.max(...starts)
	return loadAvailabilityInput(
		playroomId,
		startOfLocalDay(addDays(localDateOf(first), -1)),
		startOfLocalDay(addDays(localDateOf(last), MAX_NIGHTS_LOOKAHEAD + 2)),
		db,
		view,
	)
}

/**
 * Moves a playroom's waitlist along (idempotent): lapsed offers and past
 * starts expire; every waiting slot that is free now and held by nobody goes
 * to its first waiting guest. Returns the queued e-mail ids (deliver after
 * commit) and how many entries expired or were offered.
 */
export function advanceWaitlist(
	db: DbOrTx,
	playroomId: string,
	now: number,
): { emails: string[]; changed: number } {
	const at = new Date(now)
	const expired = db
		.update(waitlistEntries)
		.set({ status: 'Expired', updatedAt: at })
		.where(
			and(
				eq(waitlistEntries.playroomId, playroomId),
				or(
					and(eq(waitlistEntries.status, 'Offered'), lte(waitlistEntries.offerExpiresAt, at)),
					and(eq(waitlistEntries.status, 'Waiting'), lte(waitlistEntries.startsAt, at)),
				),
			),
		)
		.run().changes
	const active = db
		.select()
		.from(waitlistEntries)
		.where(
			and(
				eq(waitlistEntries.playroomId, playroomId),
				inArray(waitlistEntries.status, ['Waiting', 'Offered']),
			),
		)
		.orderBy(asc(waitlistEntries.startsAt), asc(waitlistEntries.createdAt))
		.all()
	const waiting = active.filter((entry) => entry.status === 'Waiting')
	if (waiting.length === 0) return { emails: [], changed: expired }
	const key = (slot: { bookingType: string; startsAt: Date }) =>
		`${slot.bookingType}@${slot.startsAt.getTime()}`
	const handled = new Set(active.filter((entry) => entry.status === 'Offered').map(key))
	// Every hold counts (holderId null): a new offer never overlaps someone else's.
	const input = loadSlotInput(
		playroomId,
		waiting.map((e) => e.startsAt.getTime()),
		db,
		{ holderId: null, now },
	)
	if (!input) return { emails: [], changed: expired }
	const emails: string[] = []
	let offered = 0
	for (const entry of waiting) {
		if (handled.has(key(entry))) continue
		handled.add(key(entry))
		const slot = { bookingType: entry.bookingType, startsAt: entry.startsAt.getTime() }
		const state = slotState(input.rules, input.busy, slot, now)
		if (state.state !== 'free') continue
		const holdEndsAt = state.ends[0] ?? slot.startsAt
		const expires = now + OFFER_HOLD_MS
		db.update(waitlistEntries)
			.set({
				status: 'Offered',
				offeredAt: at,
				offerExpiresAt: new Date(expires),
				holdEndsAt: new Date(holdEndsAt),
				updatedAt: at,
			})
			.where(and(eq(waitlistEntries.id, entry.id), eq(waitlistEntries.status, 'Waiting')))
			.run()
		offered++
		input.busy.push({ start: slot.startsAt, end: holdEndsAt, kind: 'order' })
		const id = queueOfferEmail(db, { ...entry, checkOut: holdEndsAt, expires })
		if (id) emails.push(id)
	}
	return { emails, changed: expired + offered }
}

/** Delivers e-mails once the surrounding transaction has committed (it is synchronous). */
export function deliverAfterCommit(ids: string[]) {
	if (ids.length) setImmediate(() => deliverSoon(ids))
}

/** The checkout link of an offer: the held stay (the start with its shortest length). */
export function offerCheckoutPath(offer: {
	playroomUrlPath: string
	bookingType: BookingType
	startsAt: number
	checkOut: number
}) {
	return checkoutPath({
		playroomUrlPath: offer.playroomUrlPath,
		bookingType: offer.bookingType,
		checkIn: new Date(offer.startsAt).toISOString(),
		checkOut: new Date(offer.checkOut).toISOString(),
	})
}

function queueOfferEmail(
	db: DbOrTx,
	offer: {
		guestId: string
		playroomId: string
		bookingType: BookingType
		startsAt: Date
		checkOut: number
		expires: number
	},
): string | null {
	const row = db
		.select({
			email: users.email,
			firstName: users.firstName,
			displayName: users.displayName,
			locale: users.langPreference,
			deletedAt: users.deletedAt,
			playroom: playrooms.name,
			playroomUrlPath: playrooms.playroomUrlPath,
		})
		.from(users)
		.innerJoin(playrooms, eq(playrooms.id, offer.playroomId))
		.where(eq(users.id, offer.guestId))
		.get()
	if (!row || row.deletedAt) return null
	const { locale } = row
	const t = looseT(getFixedT(locale))
	const values = {
		name: row.firstName || row.displayName,
		playroom: row.playroom,
		date: formatDate(offer.startsAt, locale),
		time: formatTime(offer.startsAt, locale),
		until: formatDateTime(offer.expires, locale),
		bookingType: t(`catalogue:bookingTypes.${offer.bookingType}`),
	}
	const path = offerCheckoutPath({ ...row, ...offer, startsAt: offer.startsAt.getTime() })
	const { text, html } = renderEmailLayout({
		locale,
		heading: t('waitlist:email.heading', values),
		paragraphs: [t('waitlist:email.body', values), t('waitlist:email.hold', values)],
		action: { label: t('waitlist:email.action'), url: `${getEnv().PUBLIC_URL}${localizePath(path, locale)}` },
		footer: t('waitlist:email.footer'),
	})
	return queueEmail(
		{
			to: row.email,
			subject: t('waitlist:email.subject', values),
			text,
			html,
			template: 'waitlist.offer',
			locale,
		},
		db,
	)
}

/**
 * The background task's work (every minute): every playroom with a lapsed
 * offer or a waiting guest is moved along, each in its own IMMEDIATE
 * transaction. Returns how many entries changed.
 */
export function runWaitlist(now: number): number {
	const at = new Date(now)
	const ids = getDb()
		.selectDistinct({ playroomId: waitlistEntries.playroomId })
		.from(waitlistEntries)
		.where(
			or(
				eq(waitlistEntries.status, 'Waiting'),
				and(eq(waitlistEntries.status, 'Offered'), lte(waitlistEntries.offerExpiresAt, at)),
			),
		)
		.limit(500)
		.all()
	let changed = 0
	for (const { playroomId } of ids) {
		const result = immediateTransaction((tx) => advanceWaitlist(tx, playroomId, now))
		changed += result.changed
		deliverSoon(result.emails)
	}
	return changed
}
