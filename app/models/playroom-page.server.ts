import type { BookingType } from '#db/schema/catalogue.ts'
import { addDays, formatMinute, localDateOf } from '#app/domain/berlin-time.ts'
import { addMonths, lastDayOfMonth, monthOf, monthWeeks } from '#app/domain/calendar-grid.ts'
import { calculatePrice } from '#app/domain/pricing.ts'
import { bookingTypeSchema, localDateSchema, monthSchema } from '#app/schemas/catalogue.ts'
import { getDb, type DbOrTx } from '#app/utils/db.server.ts'
import { checkoutPath, queryString } from '#app/utils/catalogue-urls.ts'
import { formatTime } from '#app/utils/format-instant.ts'
import {
	formatLocalDate,
	formatMoney,
	formatMonth,
	formatNumber,
	formatRating,
	weekdayNames,
} from '#app/utils/format.ts'
import type { Locale } from '#app/utils/locale.ts'
import type { LooseT } from '#app/utils/loose-t.ts'
import { inUrlOrder } from './catalogue-pages.server.ts'
import { getAvailableLists, getOccupationData } from './playroom-booking.server.ts'
import { takenStartsOn } from './waitlist-offers.server.ts'
import { getNearbyPlayrooms, getPlayroomDetail, getPlayroomPage, type Caller } from './playrooms.server.ts'
import { listFavoriteIds } from './favourites.server.ts'

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
	const detail = getPlayroomDetail({ playroomUrlPath }, caller, locale, db)
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
	const occupation = getOccupationData(detail.id, { from, to }, caller, { now }, db)
	const states = new Map<string, CalendarDayState>(
		occupation.days.map((d) => [
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

	const pages = detail.pages.map((p) => getPlayroomPage(detail.id, p.id, caller, locale, db))
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

// --- The page's view: texts and links built on the server (small client bundle, ADR 0030) ---

const PRICE_UNITS = { Hourly: 'hour', Daily: 'day', Overnight: 'night' } as const

/** Links, labels and formatted values of the playroom page. `t` is the request's (server) translator. */
export function buildPlayroomView(data: PlayroomPageData, t: LooseT, locale: Locale) {
	const { detail, choice } = data
	const money = (cents: number) => formatMoney(cents, locale)
	const link = (
		changes: Partial<Record<'bookingType' | 'month' | 'date' | 'start' | 'guests', string | number | null>>,
	) => {
		const next = {
			bookingType: choice.bookingType,
			month: choice.month,
			date: choice.date,
			guests: choice.guests,
			...changes,
		}
		return `${queryString({
			bookingType: next.bookingType,
			month: next.month,
			date: next.date,
			start: next.start ?? undefined,
			guests: next.guests,
		})}#booking`
	}
	const time = (local: string) => local.slice(11, 16)

	const prices = detail.bookingTypes.map((b) => {
		const unit = t(`catalogue:units.${PRICE_UNITS[b.bookingType]}`)
		const lines = [
			`${t('catalogue:detail.weekday')}: ${t('catalogue:detail.perUnit', { price: money(b.weekdayPrice), unit })}`,
			`${t('catalogue:detail.weekend')}: ${t('catalogue:detail.perUnit', { price: money(b.weekendPrice), unit })}`,
			t('catalogue:detail.guestsIncluded', { count: b.guestsIncluded, price: money(b.extraGuestFee) }),
		]
		if (b.bookingType === 'Hourly' && b.minHours && b.maxHours)
			lines.push(t('catalogue:detail.hours', { min: b.minHours, max: b.maxHours }))
		if (b.bookingType === 'Overnight') {
			if (b.minNights && b.maxNights)
				lines.push(t('catalogue:detail.nights', { min: b.minNights, max: b.maxNights }))
			if (b.checkInMinute !== null && b.checkOutMinute !== null) {
				lines.push(
					t('catalogue:detail.checkInOut', {
						checkIn: formatMinute(b.checkInMinute),
						checkOut: formatMinute(b.checkOutMinute),
					}),
				)
			}
		}
		if (b.cleaningFee) lines.push(t('catalogue:detail.cleaningFee', { price: money(b.cleaningFee) }))
		if (b.deposit) lines.push(t('catalogue:detail.deposit', { price: money(b.deposit) }))
		return { type: b.bookingType, title: t(`catalogue:bookingTypes.${b.bookingType}`), lines }
	})

	// One translation per state, not one per day of the month (the render's hot path, issue 15).
	const stateLabels = new Map<CalendarDayState, string>()
	const stateLabel = (state: CalendarDayState) => {
		let label = stateLabels.get(state)
		if (label === undefined) stateLabels.set(state, (label = t(`catalogue:detail.legend.${state}`)))
		return label
	}
	const calendar = {
		title: formatMonth(data.calendar.month, locale),
		weekdays: weekdayNames(locale),
		weeks: data.calendar.weeks.map((week) =>
			week.map((day) =>
				day
					? {
							day: day.day,
							state: day.state,
							selected: day.date === choice.date,
							label: t('catalogue:detail.dayLabel', {
								date: formatLocalDate(day.date, locale),
								state: stateLabel(day.state),
							}),
							// A full day opens too: its taken starts can be waited for (waitlist).
							href:
								day.state === 'free' || day.state === 'full' ? link({ date: day.date, start: null }) : null,
						}
					: null,
			),
		),
		previous: data.calendar.previous ? link({ month: data.calendar.previous }) : null,
		next: data.calendar.next ? link({ month: data.calendar.next }) : null,
		legend: (['free', 'full', 'closed'] as const).map((state) => ({ state, label: stateLabel(state) })),
	}

	const durationLabel = (d: DurationChoice) => {
		const price = d.total === null ? '' : money(d.total)
		if (choice.bookingType === 'Daily')
			return t('catalogue:detail.durationDay', { end: time(d.localEnd), price })
		if (choice.bookingType === 'Overnight') {
			const end = `${formatLocalDate(d.localEnd.slice(0, 10), locale, 'short')}, ${time(d.localEnd)}`
			return t('catalogue:detail.durationNights', { count: d.nights ?? 1, end, price })
		}
		const hours = formatNumber(d.minutes / 60, locale)
		return t('catalogue:detail.durationHours', { hours, end: time(d.localEnd), price })
	}

	const booking = {
		types: detail.bookingTypes.map((b) => ({
			type: b.bookingType,
			label: t(`catalogue:bookingTypes.${b.bookingType}`),
			href: link({ bookingType: b.bookingType, start: null }),
			current: b.bookingType === choice.bookingType,
		})),
		calendar,
		dateLabel: choice.date ? formatLocalDate(choice.date, locale) : null,
		starts:
			data.starts?.map((s) => ({
				label: t('catalogue:detail.startAt', { time: time(s.localStart) }),
				href: link({ start: s.start }),
				selected: s.start === data.selected?.start,
			})) ?? null,
		selected: data.selected
			? {
					label: t('catalogue:detail.chosenStart', {
						date: formatLocalDate(data.selected.localStart.slice(0, 10), locale),
						time: time(data.selected.localStart),
					}),
					checkIn: data.selected.start,
					durations: data.selected.durations.map((d) => ({ value: d.end, label: durationLabel(d) })),
					changeHref: link({ start: null }),
					guests: data.selected.guests,
					// The guests form reloads this page with the same choice and a new count.
					keep: Object.entries({
						bookingType: choice.bookingType,
						month: choice.month,
						date: choice.date ?? '',
						start: data.selected.start,
					}).map(([name, value]) => ({ name, value })),
				}
			: null,
		bookingType: choice.bookingType,
		guests: choice.guests,
		maxGuests: detail.maxGuests,
		instant: detail.instantBooking,
		waitlist: data.waitlistStarts.length
			? {
					playroomId: detail.id,
					bookingType: choice.bookingType,
					redirectTo: `${data.pagePath}#booking`,
					starts: data.waitlistStarts.map((start) => ({
						value: new Date(start).toISOString(),
						label: t('waitlist:join.startOption', { time: formatTime(start, locale) }),
					})),
				}
			: null,
		checkoutWithoutDate: checkoutPath({
			playroomUrlPath: detail.playroomUrlPath,
			bookingType: choice.bookingType,
			guests: choice.guests ?? undefined,
		}),
	}

	const rating = detail.rating
	return {
		prices,
		booking,
		facts: [
			t('catalogue:detail.guestsUpTo', { count: detail.maxGuests }),
			...(detail.sizeSqm ? [t('catalogue:detail.size', { size: detail.sizeSqm })] : []),
			detail.instantBooking ? t('catalogue:detail.instant') : t('catalogue:detail.onRequest'),
			...(detail.safetyChecked ? [t('catalogue:detail.safetyChecked')] : []),
			...childAgeFact(t, detail.minChildAge, detail.maxChildAge),
			...(detail.placeType === 'Mobile'
				? [t('catalogue:detail.mobile', { km: detail.serviceRadiusKm ?? 0 })]
				: []),
		],
		rating: {
			summary:
				rating.average !== null && rating.count > 0
					? t('catalogue:detail.ratingSummary', { average: formatRating(rating.average, locale) })
					: null,
			count: t('catalogue:detail.ratingCount', { count: rating.count }),
			criteria: (['cleanliness', 'communication', 'value'] as const)
				.filter((key) => rating[key] !== null)
				.map((key) => ({
					label: t(`catalogue:detail.criteria.${key}`),
					value: formatRating(rating[key] ?? 0, locale),
				})),
			latest: detail.ratings.map((r) => ({
				id: r.id,
				stars: r.stars,
				comment: r.comment,
				hostReply: r.hostReply,
				author: r.guestName,
				date: formatLocalDate(r.createdAt.slice(0, 10), locale, 'short'),
			})),
		},
		rules: detail.rules
			.split('\n')
			.map((line) => line.trim())
			.filter(Boolean),
		cancellation: t(`catalogue:cancellationPolicies.${detail.cancellationPolicy}`),
		payment: detail.paymentMethods.map((m) => t(`catalogue:paymentMethods.${m}`)).join(', '),
		extras: detail.additions.map(
			(a) =>
				`${a.name}: ${money(a.price)}${a.unit === 'PerBooking' ? '' : ` / ${t(`catalogue:units.${a.unit === 'PerGuest' ? 'guest' : 'hour'}`)}`}`,
		),
	}
}

function childAgeFact(
	t: (key: string, params?: Record<string, unknown>) => string,
	min: number | null,
	max: number | null,
) {
	if (min !== null && max !== null) return [t('catalogue:detail.childAges', { min, max })]
	if (min !== null) return [t('catalogue:detail.childAgesFrom', { min })]
	if (max !== null) return [t('catalogue:detail.childAgesTo', { max })]
	return []
}
