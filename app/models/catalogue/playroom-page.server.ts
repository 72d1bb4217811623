import type { BookingType } from '#db/schema/catalogue.ts'
import { addDays, localDateOf } from '#app/domain/berlin-time.ts'
import { addMonths, lastDayOfMonth, monthOf, monthWeeks } from '#app/domain/calendar-grid.ts'
import { calculatePrice } from '#app/domain/pricing.ts'
import { bookingTypeSchema, localDateSchema, monthSchema } from '#app/schemas/catalogue.ts'
import { getDb, type DbOrTx } from '#app/utils/db.server.ts'
import type { Locale } from '#app/utils/locale.ts'
import { inUrlOrder } from './catalogue-pages.server.ts'
import { getAvailableLists, getOccupationDays } from '#app/models/booking/playroom-booking.server.ts'
import { takenStartsOn } from '#app/models/booking/waitlist-offers.server.ts'
import { getPlayroomContent } from './playroom-content.server.ts'
import { getNearbyPlayrooms, type Caller } from './playrooms.server.ts'
import { listFavoriteIds } from '#app/models/accounts/favourites.server.ts'

/**
 * The playroom page (/playrooms/:playroomUrlPath): the detail, the month
 * calendar from GetOccupationData, the start times of a chosen date
 * (AvailableLists) and, for a chosen start, the durations with their price —
 * everything a visitor chooses lives in the URL, so it works without
 * JavaScript and leads to the checkout link (ADR 0034).
 */
export type CalendarDayState = 'free' | 'full' | 'closed' | 'past'
export type CalendarDay = { date: string; day: number; state: CalendarDayState }

export type PlayroomPageChoice = {
	bookingType: BookingType
	date: string | null
	month: string
	guests: number | null
	start: string | null
	photo: number
}

const MONTH_NAV_LIMIT_DAYS = 730

/** Weeks of a month, Monday first (German weeks start on Monday, spec §9); null pads the grid. */
export function monthGrid(
	month: string,
	days: ReadonlyMap<string, CalendarDayState>,
): (CalendarDay | null)[][] {
	return monthWeeks(month).map((week) =>
		week.map((date) =>
			date ? { date, day: Number(date.slice(8, 10)), state: days.get(date) ?? 'closed' } : null,
		),
	)
}

/** The visitor's choices from the URL; invalid ones are dropped and named. */
export function readPlayroomChoice(
	url: URL,
	offered: readonly BookingType[],
	limits: { maxGuests: number; horizonDays: number; photos: number; now: number },
): { choice: PlayroomPageChoice; invalid: string[] } {
	const sp = url.searchParams
	const invalid: string[] = []
	const read = <T>(name: string, parse: (value: string) => T | undefined): T | undefined => {
		const value = sp.get(name)?.trim()
		if (!value) return undefined
		const result = parse(value)
		if (result === undefined) invalid.push(name)
		return result
	}
	const today = localDateOf(limits.now)
	const lastDate = addDays(today, limits.horizonDays)
	const bookingType = read('bookingType', (v) => {
		const parsed = bookingTypeSchema.safeParse(v)
		return parsed.success && offered.includes(parsed.data) ? parsed.data : undefined
	})
	const date = read('date', (v) => {
		const parsed = localDateSchema.safeParse(v)
		return parsed.success && parsed.data >= today && parsed.data <= lastDate ? parsed.data : undefined
	})
	const maxMonth = monthOf(addDays(today, Math.min(limits.horizonDays, MONTH_NAV_LIMIT_DAYS)))
	const month = read('month', (v) => {
		const parsed = monthSchema.safeParse(v)
		return parsed.success && parsed.data >= monthOf(today) && parsed.data <= maxMonth
			? parsed.data
			: undefined
	})
	const guests = read('guests', (v) => {
		const n = Number(v)
		return Number.isInteger(n) && n >= 1 && n <= limits.maxGuests ? n : undefined
	})
	const photo = read('photo', (v) => {
		const n = Number(v)
		return Number.isInteger(n) && n >= 1 && n <= limits.photos ? n : undefined
	})
	return {
		choice: {
			bookingType: bookingType ?? offered[0] ?? 'Hourly',
			date: date ?? null,
			month: month ?? monthOf(date ?? today),
			guests: guests ?? null,
			start: sp.get('start')?.trim() || null,
			photo: photo ?? 1,
		},
		invalid: inUrlOrder(invalid, sp),
	}
}

export type DurationChoice = {
	minutes: number
	nights: number | null
	end: string
	localEnd: string
	total: number | null
}

/** Everything /playrooms/:playroomUrlPath shows. Throws the 404 AppError for unknown or invisible playrooms. */
export function loadPlayroomPage(
	playroomUrlPath: string,
	url: URL,
	caller: Caller,
	locale: Locale,
	options: { now: number },
	db: DbOrTx = getDb(),
) {
	const { now } = options
	const { detail, pages } = getPlayroomContent(playroomUrlPath, caller, locale, db)
	const offered = detail.bookingTypes.map((b) => b.bookingType)
	const { choice, invalid } = readPlayroomChoice(url, offered, {
		maxGuests: detail.maxGuests,
		horizonDays: detail.availability.horizonDays,
		photos: detail.photos.length,
		now,
	})

	const today = localDateOf(now)
	const from = `${choice.month}-01`
	const to = lastDayOfMonth(choice.month)
	// getPlayroomContent has found the playroom visible to the caller.
	const occupation = getOccupationDays(detail.id, { from, to }, now, db)
	const states = new Map<string, CalendarDayState>(
		occupation.map((d) => [
			d.date,
			d.date < today ? 'past' : !d.open ? 'closed' : d.available ? 'free' : 'full',
		]),
	)
	const maxMonth = monthOf(addDays(today, Math.min(detail.availability.horizonDays, MONTH_NAV_LIMIT_DAYS)))
	const calendar = {
		month: choice.month,
		weeks: monthGrid(choice.month, states),
		previous: choice.month > monthOf(today) ? addMonths(choice.month, -1) : null,
		next: choice.month < maxMonth ? addMonths(choice.month, 1) : null,
	}

	let starts: { start: string; localStart: string }[] | null = null
	/** Taken starts of the chosen date a guest can wait for (the slot waitlist, ADR 0086). */
	let waitlistStarts: number[] = []
	let selected: { start: string; localStart: string; guests: number; durations: DurationChoice[] } | null =
		null
	if (choice.date && offered.length) {
		const lists = getAvailableLists(
			{ playroomId: detail.id },
			choice.date,
			choice.bookingType,
			caller,
			{ now },
			db,
		)
		starts = lists.starts.map(({ start, localStart }) => ({ start, localStart }))
		waitlistStarts = takenStartsOn(detail.id, choice.date, choice.bookingType, now, db)
		const chosen = choice.start ? lists.starts.find((s) => s.start === choice.start) : undefined
		if (choice.start && !chosen) invalid.push('start')
		const settings = detail.bookingTypes.find((b) => b.bookingType === choice.bookingType)
		if (chosen && settings) {
			const guests = choice.guests ?? Math.min(settings.guestsIncluded || 1, detail.maxGuests)
			selected = {
				start: chosen.start,
				localStart: chosen.localStart,
				/** The guest count every price below is for (the checkout gets the same, issue 11). */
				guests: Math.max(1, guests),
				durations: chosen.durations.map((d) => ({
					minutes: d.minutes,
					nights: d.nights ?? null,
					end: d.end,
					localEnd: d.localEnd,
					total: calculatePrice(
						{
							bookingType: choice.bookingType,
							start: Date.parse(chosen.start),
							end: Date.parse(d.end),
							guests: Math.max(1, guests),
							maxGuests: detail.maxGuests,
							now,
							taxStatus: detail.taxStatus,
						},
						settings,
						[],
					).total,
				})),
			}
		}
	} else if (choice.start) {
		invalid.push('start')
	}

	const nearby = getNearbyPlayrooms(detail.id, { limit: 4, radiusKm: 50 }, caller, locale, db)
	const favouriteIds = caller ? listFavoriteIds(caller.id, db) : null

	return {
		detail,
		choice,
		invalid,
		today,
		calendar,
		starts,
		selected,
		waitlistStarts,
		pagePath: `${url.pathname}${url.search}`,
		pages,
		nearby,
		favouriteIds,
	}
}

export type PlayroomPageData = ReturnType<typeof loadPlayroomPage>

export { buildPlayroomView } from './playroom-view.server.ts'
