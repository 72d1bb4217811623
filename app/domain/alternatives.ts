import type { BookingType } from '#db/schema/catalogue.ts'
import {
	availableStarts,
	type AvailabilityRules,
	type BusyInterval,
	type StartOption,
	type Stay,
} from './availability.ts'
import { addDays, localDateOf, startOfLocalDay, type LocalDate } from './berlin-time.ts'

/**
 * Built on the availability engine (ADR 0021), pure (ADR 0040): start lists for a run of
 * days (the checkout's free days, the 90-day AvailableLists benchmark) and the
 * nearest free alternatives to a stay someone else just took.
 */
export type DayStarts = { date: LocalDate; starts: StartOption[] }

/** availableStarts for `days` consecutive local dates from `from` (one rules/busy load for all). */
export function availableStartsForDays(
	rules: AvailabilityRules,
	busy: readonly BusyInterval[],
	from: LocalDate,
	days: number,
	bookingType: BookingType,
	now: number,
	limitPerDay = Number.POSITIVE_INFINITY,
): DayStarts[] {
	const result: DayStarts[] = []
	for (let i = 0; i < days; i++) {
		const date = addDays(from, i)
		result.push({ date, starts: availableStarts(rules, busy, date, bookingType, now, limitPerDay) })
	}
	return result
}

export type Alternative = Stay & { nights?: number }

/**
 * Free stays closest in time to `wanted` with the same length (the same
 * number of nights for Overnight; Daily has one stay per day): the same day
 * first, then the following days, up to `searchDays`. Sorted by distance from
 * the wanted start; at most `limit`.
 */
export function nearestAlternatives(
	rules: AvailabilityRules,
	busy: readonly BusyInterval[],
	bookingType: BookingType,
	wanted: Stay,
	now: number,
	options: { limit?: number; searchDays?: number } = {},
): Alternative[] {
	const limit = options.limit ?? 3
	const searchDays = options.searchDays ?? 14
	const length = wanted.end - wanted.start
	const found: Alternative[] = []
	const firstDay = localDateOf(wanted.start)
	for (const day of availableStartsForDays(
		rules,
		busy,
		addDays(firstDay, -1),
		searchDays + 1,
		bookingType,
		now,
	)) {
		for (const option of day.starts) {
			const duration =
				bookingType === 'Daily'
					? option.durations[0]
					: bookingType === 'Overnight'
						? // Same number of nights: lengths differ by at most the DST hour, other night counts by ≥ 22 h.
							option.durations.find((d) => Math.abs(d.minutes * 60_000 - length) <= 2 * 3_600_000)
						: option.durations.find((d) => d.end - option.start === length)
			if (!duration) continue
			if (option.start === wanted.start && duration.end === wanted.end) continue
			found.push({
				start: option.start,
				end: duration.end,
				...(duration.nights !== undefined ? { nights: duration.nights } : {}),
			})
		}
		// Every later candidate starts after the next midnight: stop once `limit` are at least that close.
		const bound = startOfLocalDay(addDays(day.date, 1)) - wanted.start
		if (found.filter((a) => Math.abs(a.start - wanted.start) <= bound).length >= limit) break
	}
	return found
		.sort((a, b) => Math.abs(a.start - wanted.start) - Math.abs(b.start - wanted.start))
		.slice(0, limit)
}
