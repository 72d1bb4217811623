import { sql } from 'drizzle-orm'
import type { BookingType } from '#db/schema/catalogue.ts'
import type { AvailabilityRules, BusyInterval, OpeningInterval } from '#app/domain/availability.ts'
import { getDb, type DbOrTx } from '#app/utils/db.server.ts'

/**
 * Loads the inputs of the availability engine (app/domain/availability.ts)
 * for one or many playrooms in a few queries. Synchronous, so the booking
 * engine can call it inside its IMMEDIATE transaction, followed by
 * `validateStay` / `overlapsBusy`.
 */
export type AvailabilityInput = { rules: AvailabilityRules; busy: BusyInterval[] }

type PlayroomRow = {
	id: string
	slot_minutes: number
	buffer_minutes: number
	lead_time_hours: number
	horizon_days: number
}
type BookingTypeRow = {
	playroom_id: string
	booking_type: BookingType
	min_hours: number | null
	max_hours: number | null
	check_in_minute: number | null
	check_out_minute: number | null
	min_nights: number | null
	max_nights: number | null
}
type OpeningRow = { playroom_id: string; weekday: number; open_minute: number; close_minute: number }
type BusyRow = { playroom_id: string; start: number; end: number }
type BlockRow = BusyRow & { source: string }

/** Longest overnight stay the engine ever looks ahead for (keeps the busy range bounded). */
export const MAX_NIGHTS_LOOKAHEAD = 30

function rulesFrom(
	playroom: PlayroomRow,
	types: BookingTypeRow[],
	opening: OpeningInterval[],
): AvailabilityRules {
	const rules: AvailabilityRules = {
		slotMinutes: playroom.slot_minutes,
		bufferMinutes: playroom.buffer_minutes,
		leadTimeHours: playroom.lead_time_hours,
		horizonDays: playroom.horizon_days,
		openingHours: opening,
		hourly: null,
		daily: false,
		overnight: null,
	}
	for (const type of types) {
		if (type.booking_type === 'Hourly') {
			rules.hourly = { minHours: type.min_hours ?? 1, maxHours: type.max_hours ?? type.min_hours ?? 1 }
		} else if (type.booking_type === 'Daily') {
			rules.daily = true
		} else {
			rules.overnight = {
				checkInMinute: type.check_in_minute ?? 15 * 60,
				checkOutMinute: type.check_out_minute ?? 11 * 60,
				minNights: type.min_nights ?? 1,
				maxNights: Math.min(MAX_NIGHTS_LOOKAHEAD, type.max_nights ?? type.min_nights ?? 1),
			}
		}
	}
	return rules
}

/**
 * Only the rules (opening hours, grid, enabled booking types) of many playrooms.
 * `weekday` limits the opening hours to one ISO weekday — enough to answer
 * questions about a single date (search), and 7× fewer rows.
 */
export function loadAvailabilityRules(
	playroomIds: readonly string[],
	db: DbOrTx = getDb(),
	options: { weekday?: number } = {},
) {
	const result = new Map<string, AvailabilityRules>()
	if (playroomIds.length === 0) return result
	const ids = JSON.stringify(playroomIds)
	const playrooms = db.all<PlayroomRow>(sql`
		SELECT id, slot_minutes, buffer_minutes, lead_time_hours, horizon_days
		FROM playrooms WHERE id IN (SELECT value FROM json_each(${ids}))`)
	const types = db.all<BookingTypeRow>(sql`
		SELECT playroom_id, booking_type, min_hours, max_hours, check_in_minute, check_out_minute, min_nights, max_nights
		FROM playroom_booking_types
		WHERE enabled = 1 AND playroom_id IN (SELECT value FROM json_each(${ids}))`)
	const opening = db.all<OpeningRow>(sql`
		SELECT playroom_id, weekday, open_minute, close_minute FROM playroom_opening_hours
		WHERE playroom_id IN (SELECT value FROM json_each(${ids}))
			${options.weekday ? sql`AND weekday = ${options.weekday}` : sql``}`)
	const typesBy = groupBy(types, (t) => t.playroom_id)
	const openingBy = groupBy(opening, (o) => o.playroom_id)
	for (const playroom of playrooms) {
		const intervals = (openingBy.get(playroom.id) ?? []).map((o) => ({
			weekday: o.weekday,
			openMinute: o.open_minute,
			closeMinute: o.close_minute,
		}))
		result.set(playroom.id, rulesFrom(playroom, typesBy.get(playroom.id) ?? [], intervals))
	}
	return result
}

/**
 * Who asks, for the waitlist holds (ADR 0086): an active hold is busy for
 * everyone but its holder. `now` decides whether a hold is still active.
 */
export type HoldView = { holderId?: string | null; now?: number }

/**
 * Slot-holding orders, blocks and active waitlist holds of many playrooms that
 * overlap [from, to) (the buffer of an order or an imported busy time is added by the engine — a hold counts
 * as the order it stands for; callers widen `from` by the largest buffer).
 * The status list matches the partial index orders_slot_holding_idx.
 */
export function loadBusyIntervals(
	playroomIds: readonly string[],
	from: number,
	to: number,
	db: DbOrTx = getDb(),
	view: HoldView = {},
): Map<string, BusyInterval[]> {
	const result = new Map<string, BusyInterval[]>()
	if (playroomIds.length === 0) return result
	const ids = JSON.stringify(playroomIds)
	// One index range per playroom: the id list drives the loop (CROSS JOIN keeps that order) and
	// the partial index orders_slot_holding_idx (playroom_id, check_out) serves each lookup; the
	// planner would otherwise pick the status index and scan every future order of every playroom.
	const orderRows = db.all<BusyRow>(sql`
		SELECT o.playroom_id, o.check_in AS start, o.check_out AS "end"
		FROM json_each(${ids}) AS j CROSS JOIN orders AS o INDEXED BY orders_slot_holding_idx
		WHERE o.playroom_id = j.value
			AND o.status IN ('Requested', 'AwaitingPayment', 'Confirmed')
			AND o.check_out > ${from} AND o.check_in < ${to}`)
	const blockRows = db.all<BlockRow>(sql`
		SELECT b.playroom_id, b.starts_at AS start, b.ends_at AS "end", b.source
		FROM json_each(${ids}) AS j CROSS JOIN playroom_blocks AS b
		WHERE b.playroom_id = j.value AND b.ends_at > ${from} AND b.starts_at < ${to}`)
	const holdRows = db.all<BusyRow>(sql`
		SELECT w.playroom_id, w.starts_at AS start, w.hold_ends_at AS "end"
		FROM json_each(${ids}) AS j CROSS JOIN waitlist_entries AS w
		WHERE w.playroom_id = j.value AND w.status = 'Offered'
			AND w.offer_expires_at > ${view.now ?? Date.now()} AND w.guest_id IS NOT ${view.holderId ?? null}
			AND w.hold_ends_at > ${from} AND w.starts_at < ${to}`)
	for (const id of playroomIds) result.set(id, [])
	for (const row of [...orderRows, ...holdRows])
		result.get(row.playroom_id)?.push({ start: row.start, end: row.end, kind: 'order' })
	// An imported busy time (iCal) keeps the playroom's buffer like an order (ADR 0152); a host block does not.
	for (const row of blockRows)
		result
			.get(row.playroom_id)
			?.push({ start: row.start, end: row.end, kind: row.source === 'ICal' ? 'imported' : 'block' })
	return result
}

/** Everything the engine needs for one playroom and the period [from, to). */
export function loadAvailabilityInput(
	playroomId: string,
	from: number,
	to: number,
	db: DbOrTx = getDb(),
	view: HoldView = {},
): AvailabilityInput | null {
	const rules = loadAvailabilityRules([playroomId], db).get(playroomId)
	if (!rules) return null
	const slack = rules.bufferMinutes * 60_000
	const busy = loadBusyIntervals([playroomId], from - slack, to + slack, db, view).get(playroomId) ?? []
	return { rules, busy }
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
	const map = new Map<string, T[]>()
	for (const item of items) {
		const k = key(item)
		const list = map.get(k)
		if (list) list.push(item)
		else map.set(k, [item])
	}
	return map
}
