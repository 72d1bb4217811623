import { and, asc, eq, gt, inArray, lt, notInArray } from 'drizzle-orm'
import { playroomBlocks, playroomOpeningHours, playrooms, type BlockSource } from '#db/schema/catalogue.ts'
import { orders, SLOT_HOLDING_STATUSES, type OrderStatus } from '#db/schema/orders.ts'
import {
	addDays,
	isWholeLocalDays,
	localDateOf,
	localToInstant,
	startOfLocalDay,
	type LocalDate,
} from '#app/domain/berlin-time.ts'
import { monthOf, monthWeeks, weekDates } from '#app/domain/calendar-grid.ts'
import { localDateField } from '#app/schemas/fields.ts'
import { CALENDAR_VIEWS, type BlockFormInput, type CalendarView } from '#app/schemas/host-calendar.ts'
import { AppError } from '#app/utils/app-error.ts'
import { getDb, immediateTransaction, type DbOrTx } from '#app/utils/db.server.ts'
import { formatStay, formatTime } from '#app/utils/format-instant.ts'
import type { Locale } from '#app/utils/locale.ts'
import { validationMessage } from '#app/utils/validation.ts'
import { requireManageablePlayroom } from './playroom-access.server.ts'
import { listWaitlistForHost } from '#app/models/booking/waitlist.server.ts'
import type { SessionUser } from '#app/models/accounts/session.server.ts'

/**
 * The host calendar (issue 13, docs/subsystems/host-calendar.md): the orders
 * and blocks of the host's playrooms in a month or a week (Europe/Berlin),
 * and the host's own blocks — create, edit, remove. Imported busy times
 * (source ICal, filled by the iCal import) are shown but never changed here.
 * Every block command authorises through `requireManageablePlayroom` for the
 * block's playroom (and the playroom it moves to): another host's block is a
 * 404 and nothing changes. Availability and search read `playroom_blocks`
 * directly (availability.server.ts), so a block counts from its commit; the
 * POST that made it empties the page cache (server/page-cache.ts).
 */
type Caller = Pick<SessionUser, 'id' | 'role'>

export type CalendarQuery = { view: CalendarView; date: LocalDate; playroomId: string | null }

/**
 * The calendar's URL (?view=month|week&date=YYYY-MM-DD&playroom=); anything
 * invalid falls back (a date outside ADR 0143's bounds: today).
 */
export function readCalendarQuery(url: URL, now = Date.now()): CalendarQuery {
	const sp = url.searchParams
	const view = CALENDAR_VIEWS.find((v) => v === sp.get('view')) ?? 'month'
	const date = localDateField.safeParse(sp.get('date') ?? '')
	const playroomId = sp.get('playroom')?.trim() || null
	return { view, date: date.success ? date.data : localDateOf(now), playroomId }
}

/** The dates a view shows: the weeks of the month, or the Monday-to-Sunday week. */
export function calendarDates(query: Pick<CalendarQuery, 'view' | 'date'>): LocalDate[] {
	if (query.view === 'week') return weekDates(query.date)
	return monthWeeks(monthOf(query.date))
		.flat()
		.filter((d): d is LocalDate => d !== null)
}

export type CalendarEvent =
	| {
			kind: 'order'
			id: string
			playroomId: string
			start: number
			end: number
			status: OrderStatus
			code: string
			guestFirstName: string
	  }
	| {
			kind: 'block'
			id: string
			playroomId: string
			start: number
			end: number
			source: BlockSource
			note: string | null
	  }
	| {
			/**
			 * An order of another host on this playroom (it changed hands, ADR 0099/0144): the time is
			 * taken, but its code, guest and link stay the previous host's.
			 */
			kind: 'taken'
			id: string
			playroomId: string
			start: number
			end: number
	  }
	| {
			/** A guest waiting for a taken start (the slot waitlist, ADR 0086); drawn as a short mark. */
			kind: 'waitlist'
			id: string
			playroomId: string
			start: number
			end: number
			offered: boolean
			guestFirstName: string
	  }

/** How long a waitlist mark is drawn from its wanted start (it has no end of its own). */
const WAITLIST_MARK_MS = 30 * 60_000

/** Orders that never held the time (declined requests, expired payments) are left out. */
const HIDDEN_STATUSES: OrderStatus[] = ['Declined', 'Expired']

export function getHostCalendar(host: Caller, query: CalendarQuery, db: DbOrTx = getDb()) {
	if (query.playroomId) requireManageablePlayroom(host, query.playroomId, db)
	const rooms = db
		.select({ id: playrooms.id, name: playrooms.name })
		.from(playrooms)
		.where(eq(playrooms.hostId, host.id))
		.orderBy(asc(playrooms.name))
		.all()
	const shown = query.playroomId ? [query.playroomId] : rooms.map((r) => r.id)
	const dates = calendarDates(query)
	const first = dates[0] ?? query.date
	const from = new Date(startOfLocalDay(first))
	const to = new Date(startOfLocalDay(addDays(dates.at(-1) ?? first, 1)))
	const events: CalendarEvent[] = []
	if (shown.length) {
		const orderRows = db
			.select({
				id: orders.id,
				playroomId: orders.playroomId,
				checkIn: orders.checkIn,
				checkOut: orders.checkOut,
				status: orders.status,
				code: orders.code,
				contact: orders.contact,
				hostId: orders.hostId,
			})
			.from(orders)
			.where(
				and(
					inArray(orders.playroomId, shown),
					notInArray(orders.status, HIDDEN_STATUSES),
					lt(orders.checkIn, to),
					gt(orders.checkOut, from),
				),
			)
			.all()
		for (const o of orderRows) {
			if (o.hostId !== host.id) {
				// The previous host's booking: only that the time is (or was) taken; a cancelled one not at all.
				if (o.status === 'Cancelled') continue
				const start = o.checkIn.getTime()
				events.push({
					kind: 'taken',
					id: `${o.playroomId}-${start}`,
					playroomId: o.playroomId,
					start,
					end: o.checkOut.getTime(),
				})
				continue
			}
			events.push({
				kind: 'order',
				id: o.id,
				playroomId: o.playroomId,
				start: o.checkIn.getTime(),
				end: o.checkOut.getTime(),
				status: o.status,
				code: o.code,
				guestFirstName: o.contact.firstName,
			})
		}
		const blockRows = db
			.select()
			.from(playroomBlocks)
			.where(
				and(
					inArray(playroomBlocks.playroomId, shown),
					lt(playroomBlocks.startsAt, to),
					gt(playroomBlocks.endsAt, from),
				),
			)
			.all()
		for (const b of blockRows) {
			events.push({
				kind: 'block',
				id: b.id,
				playroomId: b.playroomId,
				start: b.startsAt.getTime(),
				end: b.endsAt.getTime(),
				source: b.source,
				note: b.note,
			})
		}
	}
	if (shown.length) {
		const waiting = listWaitlistForHost(host.id, { from: from.getTime(), to: to.getTime() }, {}, db)
		for (const entry of waiting) {
			if (!shown.includes(entry.playroomId)) continue
			const start = entry.startsAt.getTime()
			events.push({
				kind: 'waitlist',
				id: entry.id,
				playroomId: entry.playroomId,
				start,
				end: start + WAITLIST_MARK_MS,
				offered: entry.status === 'Offered',
				guestFirstName: entry.guestFirstName,
			})
		}
	}
	events.sort((a, b) => a.start - b.start || a.end - b.end)
	// The week grid spans the shown playrooms' opening hours (ADR 0152).
	const opening = shown.length
		? db
				.selectDistinct({
					openMinute: playroomOpeningHours.openMinute,
					closeMinute: playroomOpeningHours.closeMinute,
				})
				.from(playroomOpeningHours)
				.where(inArray(playroomOpeningHours.playroomId, shown))
				.all()
		: []
	return { playrooms: rooms, dates, events, opening, range: { from: from.getTime(), to: to.getTime() } }
}

/** Longest block (a year), so a typo cannot close a playroom for ever. */
const MAX_BLOCK_DAYS = 366

function fieldError(field: keyof BlockFormInput, key: string): never {
	throw new AppError(400, 'ValidationError', {
		messageKey: key,
		fields: { [field]: [validationMessage(key)] },
	})
}

/** The form's local dates and times → the instants [start, end). Whole days include the end date. */
export function blockInterval(input: BlockFormInput): { start: number; end: number } {
	if (input.allDay) {
		if (input.endDate < input.startDate) fieldError('endDate', 'hostCalendar:errors.endBeforeStart')
		return { start: startOfLocalDay(input.startDate), end: startOfLocalDay(addDays(input.endDate, 1)) }
	}
	const minutes = (time: string | undefined) => {
		const [h = 0, m = 0] = (time ?? '00:00').split(':').map(Number)
		return h * 60 + m
	}
	const start = localToInstant(input.startDate, minutes(input.startTime))
	if (start === null) fieldError('startTime', 'hostCalendar:errors.noSuchTime')
	const end = localToInstant(input.endDate, minutes(input.endTime))
	if (end === null) fieldError('endTime', 'hostCalendar:errors.noSuchTime')
	if (end <= start) fieldError('endTime', 'hostCalendar:errors.endBeforeStart')
	return { start, end }
}

function checkLength(interval: { start: number; end: number }) {
	if (interval.end - interval.start > MAX_BLOCK_DAYS * 86_400_000) {
		fieldError('endDate', 'hostCalendar:errors.tooLong')
	}
}

/**
 * A slot-holding order in the way is named: code, guest first name, time — the caller's own; one
 * of the playroom's previous host (ADR 0144) only by its time.
 */
function refuseOverlappingOrder(
	caller: Caller,
	playroomId: string,
	interval: { start: number; end: number },
	locale: Locale,
	db: DbOrTx,
) {
	const order = db
		.select({
			code: orders.code,
			contact: orders.contact,
			checkIn: orders.checkIn,
			checkOut: orders.checkOut,
			hostId: orders.hostId,
		})
		.from(orders)
		.where(
			and(
				eq(orders.playroomId, playroomId),
				inArray(orders.status, [...SLOT_HOLDING_STATUSES]),
				lt(orders.checkIn, new Date(interval.end)),
				gt(orders.checkOut, new Date(interval.start)),
			),
		)
		.orderBy(asc(orders.checkIn))
		.limit(1)
		.get()
	if (!order) return
	const time = formatStay(order.checkIn, order.checkOut, locale)
	// An admin's block (on the host's behalf) may name the host's booking; another host's never.
	if (order.hostId !== caller.id && caller.role !== 'Admin') {
		throw new AppError(409, 'BlockOverlapsOrder', {
			messageKey: 'hostCalendar:errors.overlapsTaken',
			params: { time },
		})
	}
	throw new AppError(409, 'BlockOverlapsOrder', {
		messageKey: 'hostCalendar:errors.overlapsOrder',
		params: { code: order.code, guest: order.contact.firstName, time },
	})
}

function requireHostBlock(caller: Caller, blockId: string, db: DbOrTx) {
	const block = db.select().from(playroomBlocks).where(eq(playroomBlocks.id, blockId)).get()
	if (!block) throw new AppError(404)
	requireManageablePlayroom(caller, block.playroomId, db)
	// Imported busy times belong to their feed: the next sync would bring them back.
	if (block.source !== 'Host')
		throw new AppError(409, 'BlockImported', { messageKey: 'hostCalendar:errors.imported' })
	return block
}

export function createBlock(caller: Caller, input: BlockFormInput, locale: Locale) {
	return immediateTransaction((tx) => {
		requireManageablePlayroom(caller, input.playroomId, tx)
		const interval = blockInterval(input)
		checkLength(interval)
		refuseOverlappingOrder(caller, input.playroomId, interval, locale, tx)
		return tx
			.insert(playroomBlocks)
			.values({
				playroomId: input.playroomId,
				startsAt: new Date(interval.start),
				endsAt: new Date(interval.end),
				source: 'Host',
				note: input.note ?? null,
			})
			.returning()
			.get()
	})
}

export function updateBlock(caller: Caller, blockId: string, input: BlockFormInput, locale: Locale) {
	return immediateTransaction((tx) => {
		requireHostBlock(caller, blockId, tx)
		requireManageablePlayroom(caller, input.playroomId, tx)
		const interval = blockInterval(input)
		checkLength(interval)
		refuseOverlappingOrder(caller, input.playroomId, interval, locale, tx)
		return tx
			.update(playroomBlocks)
			.set({
				playroomId: input.playroomId,
				startsAt: new Date(interval.start),
				endsAt: new Date(interval.end),
				note: input.note ?? null,
			})
			.where(eq(playroomBlocks.id, blockId))
			.returning()
			.get()
	})
}

export function deleteBlock(caller: Caller, blockId: string) {
	immediateTransaction((tx) => {
		requireHostBlock(caller, blockId, tx)
		tx.delete(playroomBlocks).where(eq(playroomBlocks.id, blockId)).run()
	})
}

/**
 * A period as the form's values (local dates and times); whole local days come
 * back as such (both ends at a local midnight: no step past the period's last day).
 */
export function periodFormValues(start: number, end: number) {
	const startDate = localDateOf(start)
	const lastDate = localDateOf(end - 1)
	const allDay = isWholeLocalDays(start, end)
	return {
		allDay,
		startDate,
		startTime: allDay ? '' : formatTime(start),
		endDate: allDay ? lastDate : localDateOf(end),
		endTime: allDay ? '' : formatTime(end),
	}
}

/** A host block as the edit form's values. */
export function blockFormValues(caller: Caller, blockId: string, db: DbOrTx = getDb()) {
	const block = requireHostBlock(caller, blockId, db)
	return {
		id: block.id,
		playroomId: block.playroomId,
		...periodFormValues(block.startsAt.getTime(), block.endsAt.getTime()),
		note: block.note ?? '',
	}
}
