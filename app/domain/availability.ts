import type { BookingType } from '#db/schema/catalogue.ts'
import {
	addDays,
	daysBetween,
	instantToLocal,
	isoWeekday,
	localDateOf,
	localToInstant,
	type LocalDate,
} from './berlin-time.ts'

/**
 * The availability engine — one module for search (issue 4), AvailableLists /
 * GetOccupationData / LiveData, and order creation (issue 5). Pure: the inputs
 * are loaded by app/models/catalogue/availability.server.ts; nothing here touches the
 * database, so the booking transaction can call it synchronously.
 *
 * Rules (PRODUCT.md §3 Availability, docs/subsystems/catalogue.md):
 * - Times are computed in Europe/Berlin; instants are UTC ms. Durations are real
 *   elapsed time, so on the 23-hour and 25-hour days the grid simply has one
 *   hour fewer or more (starts are stepped in real time from the opening instant).
 * - A slot-holding order occupies [checkIn, checkOut + buffer), and so does a busy
 *   time imported from another calendar (iCal: usually a booking elsewhere, which
 *   needs the same turnaround; issue 31.10, ADR 0152); a host's own block occupies
 *   [start, end). A new stay needs [start, end + buffer) free: no two slot-holding
 *   orders or blocks overlap, buffers included (`overlapsBusy`).
 * - Hourly: starts on the slot grid from each opening, durations in grid steps
 *   between min and max hours, the stay inside one opening interval.
 * - Daily: the whole opening day (first opening to last closing).
 * - Overnight: check-in on an open weekday at the check-in time, check-out
 *   after min…max nights at the check-out time.
 * - Lead time: the start is at least leadTimeHours after now. Horizon: the start's
 *   local date is at most horizonDays after today.
 */

const MINUTE = 60_000
const HOUR = 60 * MINUTE

export type OpeningInterval = {
	/** ISO weekday, 1 = Monday … 7 = Sunday. */
	weekday: number
	openMinute: number
	/** ≤ 1440 (midnight at the end of the day). */
	closeMinute: number
}

export type HourlySettings = { minHours: number; maxHours: number }
export type OvernightSettings = {
	checkInMinute: number
	checkOutMinute: number
	minNights: number
	maxNights: number
}

export type AvailabilityRules = {
	slotMinutes: number
	bufferMinutes: number
	leadTimeHours: number
	horizonDays: number
	openingHours: readonly OpeningInterval[]
	/** Settings of the enabled booking types; a missing one is not offered. */
	hourly?: HourlySettings | null
	daily?: boolean
	overnight?: OvernightSettings | null
}

/** `imported`: a busy time from an iCal import (source ICal) — a block that keeps the buffer like an order. */
export type BusyInterval = { start: number; end: number; kind: 'order' | 'block' | 'imported' }
export type Stay = { start: number; end: number }

export type DurationOption = { minutes: number; end: number; nights?: number }
export type StartOption = { start: number; durations: DurationOption[] }

export type StayRejection =
	| 'BookingTypeNotOffered'
	| 'InvalidStay'
	| 'OutsideOpeningHours'
	| 'NotOnGrid'
	| 'DurationNotAllowed'
	| 'LeadTime'
	| 'BeyondHorizon'
	| 'Overlap'

/** Whether the buffer follows a busy interval: orders and imported busy times, not the host's own blocks. */
export function keepsBuffer(busy: BusyInterval): boolean {
	return busy.kind !== 'block'
}

/** Where an existing order or block stops occupying the playroom. */
export function occupiedEnd(busy: BusyInterval, bufferMinutes: number): number {
	return keepsBuffer(busy) ? busy.end + bufferMinutes * MINUTE : busy.end
}

/**
 * THE overlap rule. A stay [start, end) with its buffer overlaps an existing
 * slot-holding order or imported busy time (with its buffer) or a block. Half-open intervals: a stay
 * may start exactly when the previous order's buffer ends. The booking engine
 * calls this inside its IMMEDIATE transaction with the orders it just read.
 */
export function overlapsBusy(stay: Stay, busy: readonly BusyInterval[], bufferMinutes: number): boolean {
	const stayEnd = stay.end + bufferMinutes * MINUTE
	for (const item of busy) {
		if (stay.start < occupiedEnd(item, bufferMinutes) && item.start < stayEnd) return true
	}
	return false
}

export function isBookingTypeOffered(rules: AvailabilityRules, bookingType: BookingType): boolean {
	if (bookingType === 'Hourly') return Boolean(rules.hourly)
	if (bookingType === 'Daily') return Boolean(rules.daily)
	return Boolean(rules.overnight)
}

export function offeredBookingTypes(rules: AvailabilityRules): BookingType[] {
	return (['Hourly', 'Daily', 'Overnight'] as const).filter((type) => isBookingTypeOffered(rules, type))
}

/** Opening intervals of a local date as instants, in time order (a non-existent local time is skipped). */
export function openingWindows(rules: AvailabilityRules, date: LocalDate): Stay[] {
	const weekday = isoWeekday(date)
	const windows: Stay[] = []
	for (const interval of rules.openingHours) {
		if (interval.weekday !== weekday || interval.closeMinute <= interval.openMinute) continue
		const start = localToInstant(date, interval.openMinute)
		const end =
			interval.closeMinute >= 1440
				? localToInstant(addDays(date, 1), 0)
				: localToInstant(date, interval.closeMinute)
		if (start === null || end === null || end <= start) continue
		windows.push({ start, end })
	}
	// Overlapping or touching intervals form one window (the grid starts at its opening).
	windows.sort((a, b) => a.start - b.start)
	const merged: Stay[] = []
	for (const window of windows) {
		const previous = merged[merged.length - 1]
		if (previous && window.start <= previous.end) previous.end = Math.max(previous.end, window.end)
		else merged.push(window)
	}
	return merged
}

function isWithinHorizon(rules: AvailabilityRules, date: LocalDate, now: number): boolean {
	const offset = daysBetween(localDateOf(now), date)
	return offset >= 0 && offset <= rules.horizonDays
}

function earliestStart(rules: AvailabilityRules, now: number): number {
	return now + rules.leadTimeHours * HOUR
}

/** Busy items that could touch [from, to) (with buffers), so the inner loops stay short. */
function relevantBusy(busy: readonly BusyInterval[], bufferMinutes: number, from: number, to: number) {
	const slack = bufferMinutes * MINUTE
	return busy.filter((item) => item.start < to + slack && occupiedEnd(item, bufferMinutes) > from)
}

/**
 * Start times and possible durations of a booking type on a local date
 * (AvailableLists). Durations of a start are ascending; a start with no
 * possible duration is not listed.
 */
export function availableStarts(
	rules: AvailabilityRules,
	busy: readonly BusyInterval[],
	date: LocalDate,
	bookingType: BookingType,
	now: number,
	/** Stop after this many starts (search only needs to know whether there is one). */
	limit = Number.POSITIVE_INFINITY,
): StartOption[] {
	if (!isBookingTypeOffered(rules, bookingType) || !isWithinHorizon(rules, date, now)) return []
	const windows = openingWindows(rules, date)
	if (windows.length === 0) return []
	const notBefore = earliestStart(rules, now)
	if (bookingType === 'Hourly') return hourlyStarts(rules, busy, windows, notBefore, limit)
	if (bookingType === 'Daily') return dailyStart(rules, busy, windows, notBefore)
	return overnightStarts(rules, busy, date, notBefore)
}

function hourlyStarts(
	rules: AvailabilityRules,
	busy: readonly BusyInterval[],
	windows: Stay[],
	notBefore: number,
	limit: number,
): StartOption[] {
	const hourly = rules.hourly
	if (!hourly) return []
	const step = rules.slotMinutes * MINUTE
	const minDuration = Math.max(1, Math.ceil((hourly.minHours * 60) / rules.slotMinutes)) * rules.slotMinutes
	const maxDuration = hourly.maxHours * 60
	const first = windows[0]
	const last = windows[windows.length - 1]
	if (!first || !last) return []
	const nearby = relevantBusy(busy, rules.bufferMinutes, first.start, last.end)
	const starts: StartOption[] = []
	for (const window of windows) {
		for (let start = window.start; start + minDuration * MINUTE <= window.end; start += step) {
			if (start < notBefore) continue
			const durations: DurationOption[] = []
			for (let minutes = minDuration; minutes <= maxDuration; minutes += rules.slotMinutes) {
				const end = start + minutes * MINUTE
				if (end > window.end) break
				// A longer stay only adds time, so once one overlaps all longer ones do.
				if (overlapsBusy({ start, end }, nearby, rules.bufferMinutes)) break
				durations.push({ minutes, end })
			}
			if (durations.length > 0) starts.push({ start, durations })
			if (starts.length >= limit) return starts
		}
	}
	return starts
}

function dayStay(windows: Stay[]): Stay | null {
	const first = windows[0]
	const last = windows[windows.length - 1]
	if (!first || !last) return null
	return { start: first.start, end: Math.max(...windows.map((w) => w.end)) }
}

function dailyStart(
	rules: AvailabilityRules,
	busy: readonly BusyInterval[],
	windows: Stay[],
	notBefore: number,
): StartOption[] {
	const stay = dayStay(windows)
	if (!stay || stay.start < notBefore || overlapsBusy(stay, busy, rules.bufferMinutes)) return []
	return [{ start: stay.start, durations: [{ minutes: (stay.end - stay.start) / MINUTE, end: stay.end }] }]
}

function overnightStay(overnight: OvernightSettings, date: LocalDate, nights: number): Stay | null {
	const start = localToInstant(date, overnight.checkInMinute)
	const end = localToInstant(addDays(date, nights), overnight.checkOutMinute)
	if (start === null || end === null || end <= start) return null
	return { start, end }
}

function overnightStarts(
	rules: AvailabilityRules,
	busy: readonly BusyInterval[],
	date: LocalDate,
	notBefore: number,
): StartOption[] {
	const overnight = rules.overnight
	if (!overnight) return []
	const durations: DurationOption[] = []
	let start: number | null = null
	for (let nights = Math.max(1, overnight.minNights); nights <= overnight.maxNights; nights++) {
		const stay = overnightStay(overnight, date, nights)
		if (!stay) break
		start = stay.start
		if (stay.start < notBefore || overlapsBusy(stay, busy, rules.bufferMinutes)) break
		durations.push({ minutes: (stay.end - stay.start) / MINUTE, end: stay.end, nights })
	}
	return start !== null && durations.length > 0 ? [{ start, durations }] : []
}

/** "Is this playroom free on date D (for booking type T, or for any offered type)?" — search. */
export function isAvailableOn(
	rules: AvailabilityRules,
	busy: readonly BusyInterval[],
	date: LocalDate,
	bookingType: BookingType | undefined,
	now: number,
): boolean {
	const types = bookingType ? [bookingType] : offeredBookingTypes(rules)
	return types.some((type) => availableStarts(rules, busy, date, type, now, 1).length > 0)
}

/**
 * Checks a requested stay against the same rules, independently of the
 * start-time lists: what the booking engine runs before it inserts an order.
 * Returns null when the stay can be booked, else the first reason it cannot.
 */
export function validateStay(
	rules: AvailabilityRules,
	busy: readonly BusyInterval[],
	bookingType: BookingType,
	stay: Stay,
	now: number,
): StayRejection | null {
	if (!isBookingTypeOffered(rules, bookingType)) return 'BookingTypeNotOffered'
	if (!(stay.end > stay.start)) return 'InvalidStay'
	const date = localDateOf(stay.start)
	const shape = checkShape(rules, bookingType, date, stay)
	if (shape) return shape
	if (stay.start < earliestStart(rules, now)) return 'LeadTime'
	if (!isWithinHorizon(rules, date, now)) return 'BeyondHorizon'
	if (overlapsBusy(stay, busy, rules.bufferMinutes)) return 'Overlap'
	return null
}

function checkShape(
	rules: AvailabilityRules,
	bookingType: BookingType,
	date: LocalDate,
	stay: Stay,
): StayRejection | null {
	const windows = openingWindows(rules, date)
	if (bookingType === 'Hourly') {
		const hourly = rules.hourly
		if (!hourly) return 'BookingTypeNotOffered'
		const window = windows.find((w) => stay.start >= w.start && stay.start < w.end)
		if (!window || stay.end > window.end) return 'OutsideOpeningHours'
		const step = rules.slotMinutes * MINUTE
		if ((stay.start - window.start) % step !== 0 || (stay.end - stay.start) % step !== 0) return 'NotOnGrid'
		const minutes = (stay.end - stay.start) / MINUTE
		if (minutes < hourly.minHours * 60 || minutes > hourly.maxHours * 60) return 'DurationNotAllowed'
		return null
	}
	if (bookingType === 'Daily') {
		const day = dayStay(windows)
		if (!day) return 'OutsideOpeningHours'
		return day.start === stay.start && day.end === stay.end ? null : 'NotOnGrid'
	}
	const overnight = rules.overnight
	if (!overnight) return 'BookingTypeNotOffered'
	if (windows.length === 0) return 'OutsideOpeningHours'
	if (instantToLocal(stay.start).minute !== overnight.checkInMinute) return 'NotOnGrid'
	const checkOut = instantToLocal(stay.end)
	if (checkOut.minute !== overnight.checkOutMinute) return 'NotOnGrid'
	const nights = daysBetween(date, checkOut.date)
	if (nights < Math.max(1, overnight.minNights) || nights > overnight.maxNights) return 'DurationNotAllowed'
	const expected = overnightStay(overnight, date, nights)
	return expected && expected.start === stay.start && expected.end === stay.end ? null : 'NotOnGrid'
}

export type OccupiedInterval = { start: number; end: number; kind: 'booked' | 'blocked' }

/**
 * Occupied intervals in [from, to) for the calendar (GetOccupationData): orders
 * with their buffer and blocks, sorted, overlapping ones of the same kind
 * merged. No guest data — only times.
 */
export function occupiedIntervals(
	busy: readonly BusyInterval[],
	bufferMinutes: number,
	from: number,
	to: number,
): OccupiedInterval[] {
	const items = busy
		.map((item) => ({
			start: item.start,
			end: occupiedEnd(item, bufferMinutes),
			kind: item.kind === 'order' ? ('booked' as const) : ('blocked' as const),
		}))
		.filter((item) => item.start < to && item.end > from)
		.sort((a, b) => a.start - b.start || a.end - b.end)
	const merged: OccupiedInterval[] = []
	for (const item of items) {
		const previous = merged[merged.length - 1]
		if (previous && previous.kind === item.kind && item.start <= previous.end) {
			previous.end = Math.max(previous.end, item.end)
		} else {
			merged.push({ ...item })
		}
	}
	return merged
}

/** Whether an instant lies in an opening interval of its local date. */
export function isOpenAt(rules: AvailabilityRules, instant: number): boolean {
	return openingWindows(rules, localDateOf(instant)).some((w) => instant >= w.start && instant < w.end)
}

export type LiveStatus = {
	openNow: boolean
	/** Open and not occupied right now. */
	freeNow: boolean
	nextFreeStart: { start: number; bookingType: BookingType } | null
}

/** LiveData: free now, and the next start any offered booking type can take (within `searchDays`). */
export function liveStatus(
	rules: AvailabilityRules,
	busy: readonly BusyInterval[],
	now: number,
	searchDays = 31,
): LiveStatus {
	const openNow = isOpenAt(rules, now)
	const occupiedNow = busy.some((item) => item.start <= now && now < occupiedEnd(item, rules.bufferMinutes))
	const today = localDateOf(now)
	let nextFreeStart: LiveStatus['nextFreeStart'] = null
	const lastDay = Math.min(searchDays, rules.horizonDays)
	for (let offset = 0; offset <= lastDay && !nextFreeStart; offset++) {
		const date = addDays(today, offset)
		for (const bookingType of offeredBookingTypes(rules)) {
			const first = availableStarts(rules, busy, date, bookingType, now)[0]
			if (first && (!nextFreeStart || first.start < nextFreeStart.start)) {
				nextFreeStart = { start: first.start, bookingType }
			}
		}
	}
	return { openNow, freeNow: openNow && !occupiedNow, nextFreeStart }
}
