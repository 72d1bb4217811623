import type { OrderStatus } from '#db/schema/order-enums.ts'
import { addDays, daysBetween, localDateOf, startOfLocalDay, type LocalDate } from './berlin-time.ts'

/** The orders a report counts as booked (booking value, commission, top lists): ADR 0093. */
export const BOOKED_STATUSES = ['Confirmed', 'Completed'] as const satisfies readonly OrderStatus[]

/**
 * A reporting period of the admin dashboard (issue 14): whole Europe/Berlin
 * days from `from` to `to` (both included), as the UTC instants
 * [start, end) that queries compare `created_at` with.
 */
export const REPORT_PERIODS = ['7d', '30d', '90d', 'thisMonth', 'lastMonth', 'custom'] as const
export type ReportPeriodKey = (typeof REPORT_PERIODS)[number]
export const DEFAULT_REPORT_PERIOD: ReportPeriodKey = '30d'
/** The longest custom period (a leap year). */
export const MAX_REPORT_DAYS = 366

export type ReportPeriod = {
	key: ReportPeriodKey
	from: LocalDate
	to: LocalDate
	/** Local midnight at the start of `from`. */
	start: number
	/** Local midnight after `to`. */
	end: number
	days: number
}

function firstOfMonth(date: LocalDate): LocalDate {
	return `${date.slice(0, 7)}-01`
}

function periodOf(key: ReportPeriodKey, from: LocalDate, to: LocalDate): ReportPeriod {
	return {
		key,
		from,
		to,
		start: startOfLocalDay(from),
		end: startOfLocalDay(addDays(to, 1)),
		days: daysBetween(from, to) + 1,
	}
}

/**
 * The days of a period; `custom` takes `from`/`to` (validated by the schema:
 * real dates, from ≤ to, at most MAX_REPORT_DAYS).
 */
export function resolveReportPeriod(
	input: { period: ReportPeriodKey; from?: LocalDate; to?: LocalDate },
	now: number = Date.now(),
): ReportPeriod {
	const today = localDateOf(now)
	switch (input.period) {
		case '7d':
		case '30d':
		case '90d':
			return periodOf(input.period, addDays(today, 1 - Number.parseInt(input.period, 10)), today)
		case 'thisMonth':
			return periodOf('thisMonth', firstOfMonth(today), today)
		case 'lastMonth': {
			const lastDay = addDays(firstOfMonth(today), -1)
			return periodOf('lastMonth', firstOfMonth(lastDay), lastDay)
		}
		case 'custom':
			return periodOf('custom', input.from ?? today, input.to ?? today)
	}
}

/** Every local day of a period with its start instant (for per-day charts). */
export function periodDays(period: ReportPeriod): { date: LocalDate; start: number }[] {
	return Array.from({ length: period.days }, (_, i) => {
		const date = addDays(period.from, i)
		return { date, start: startOfLocalDay(date) }
	})
}
