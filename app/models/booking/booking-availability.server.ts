import type { BookingType } from '#db/schema/catalogue.ts'
import { availableStartsForDays, nearestAlternatives, type Alternative } from '#app/domain/alternatives.ts'
import { addDays, localDateOf, startOfLocalDay, type LocalDate } from '#app/domain/berlin-time.ts'
import { getDb, type DbOrTx } from '#app/utils/db.server.ts'
import { loadAvailabilityInput, MAX_NIGHTS_LOOKAHEAD } from '#app/models/catalogue/availability.server.ts'

/**
 * Availability over a run of days for the checkout and the booking engine:
 * one load of rules and busy intervals, then the engine per day. This is the
 * "AvailableLists for one playroom over 90 days" of issue 5's benchmark.
 */
export function getStartsForDays(
	playroomId: string,
	from: LocalDate,
	days: number,
	bookingType: BookingType,
	options: { now?: number; limitPerDay?: number; holderId?: string | null } = {},
	db: DbOrTx = getDb(),
) {
	const now = options.now ?? Date.now()
	const input = loadAvailabilityInput(
		playroomId,
		startOfLocalDay(from),
		startOfLocalDay(addDays(from, days + MAX_NIGHTS_LOOKAHEAD)),
		db,
		{ holderId: options.holderId ?? null, now },
	)
	if (!input) return []
	return availableStartsForDays(input.rules, input.busy, from, days, bookingType, now, options.limitPerDay)
}

/** The nearest free stays of the same length after `wanted` was taken (checkout's 409 message). */
export function findAlternatives(
	playroomId: string,
	bookingType: BookingType,
	wanted: { start: number; end: number },
	options: { now?: number; limit?: number; holderId?: string | null } = {},
	db: DbOrTx = getDb(),
): Alternative[] {
	const searchDays = 14
	const firstDay = localDateOf(wanted.start)
	const now = options.now ?? Date.now()
	const input = loadAvailabilityInput(
		playroomId,
		startOfLocalDay(addDays(firstDay, -1)),
		startOfLocalDay(addDays(firstDay, searchDays + MAX_NIGHTS_LOOKAHEAD)),
		db,
		{ holderId: options.holderId ?? null, now },
	)
	if (!input) return []
	return nearestAlternatives(input.rules, input.busy, bookingType, wanted, now, {
		limit: options.limit ?? 3,
		searchDays,
	})
}
