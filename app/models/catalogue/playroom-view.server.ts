import { formatMinute } from '#app/domain/berlin-time.ts'
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
import { translationTemplate, type LooseT } from '#app/utils/loose-t.ts'
import { taxNote } from '#app/utils/price-lines.ts'
import { RATING_AGE_FIT_VALUES, RATING_SUB_SCORES } from '#app/schemas/ratings.ts'
import { renderMarkdown } from './content.server.ts'
import type { CalendarDayState, DurationChoice, PlayroomPageData } from './playroom-page.server.ts'

/**
 * The playroom page's view: texts and links built on the server (small client
 * bundle, ADR 0030), in two parts with their own inputs (ADR 0118):
 *
 * - the info view (prices, facts, ratings, rules …) depends only on the
 *   playroom's detail — the same for every visitor until the playroom changes;
 * - the booking view (calendar, start times, durations, the checkout form)
 *   depends only on `BookingViewInput`: the visitor's choice and the live
 *   availability the loader read.
 *
 * Each builder reads nothing but its input, `t` and the locale, so the JSON
 * of the input is a complete version of the output (the page caches both).
 */
type Detail = PlayroomPageData['detail']

/** Stars show from this many counted ratings on (issue 32). */
const MIN_RATINGS_FOR_STARS = 3

const PRICE_UNITS = { Hourly: 'hour', Daily: 'day', Overnight: 'night' } as const

/** Links, labels and formatted values of the playroom page. `t` is the request's (server) translator. */
export function buildPlayroomView(data: PlayroomPageData, t: LooseT, locale: Locale) {
	return {
		...buildPlayroomInfoView(data.detail, t, locale),
		booking: buildBookingView(bookingViewInput(data), t, locale),
	}
}

export type PlayroomInfoView = ReturnType<typeof buildPlayroomInfoView>
export type BookingView = ReturnType<typeof buildBookingView>

/** Prices, facts, ratings, rules, cancellation, payment and extras: from the detail alone. */
export function buildPlayroomInfoView(detail: Detail, t: LooseT, locale: Locale) {
	const money = (cents: number) => formatMoney(cents, locale)
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

	// The lowest price per unit of the offered booking types: the phone page's sticky bar ("from €25 / hour").
	const lowest = detail.bookingTypes.reduce<{ amount: number; type: keyof typeof PRICE_UNITS } | null>(
		(low, b) => {
			const amount = Math.min(b.weekdayPrice, b.weekendPrice)
			return low && low.amount <= amount ? low : { amount, type: b.bookingType }
		},
		null,
	)
	const rating = detail.rating
	return {
		/** The description's Markdown, rendered as the editor's preview renders it (issue 31.1). */
		descriptionHtml: renderMarkdown(detail.description),
		prices,
		/** VAT included, or the § 19 UStG note of a small business (ADR 0150). */
		taxNote: taxNote(detail.taxStatus, t),
		priceFrom: lowest
			? t('catalogue:card.from', {
					price: money(lowest.amount),
					unit: t(`catalogue:units.${PRICE_UNITS[lowest.type]}`),
				})
			: null,
		facts: [
			t('catalogue:detail.guestsUpTo', { count: detail.maxGuests }),
			...(detail.sizeSqm ? [t('catalogue:detail.size', { size: formatNumber(detail.sizeSqm, locale) })] : []),
			detail.instantBooking ? t('catalogue:detail.instant') : t('catalogue:detail.onRequest'),
			...(detail.safetyChecked ? [t('catalogue:detail.safetyChecked')] : []),
			...childAgeFact(t, detail.minChildAge, detail.maxChildAge),
			...(detail.placeType === 'Mobile'
				? [t('catalogue:detail.mobile', { km: detail.serviceRadiusKm ?? 0 })]
				: []),
		],
		rating: {
			// Stars from 3 counted ratings on; before that the playroom is "new" (ADR 0160).
			summary:
				rating.average !== null && rating.count >= MIN_RATINGS_FOR_STARS
					? t('catalogue:detail.ratingSummary', { average: formatRating(rating.average, locale) })
					: null,
			newLabel: rating.count < MIN_RATINGS_FOR_STARS ? t('ratings:page.newPlayroom') : null,
			count: t('catalogue:detail.ratingCount', { count: rating.count }),
			criteria: RATING_SUB_SCORES.filter(
				(key) => rating[key] !== null && rating.count >= MIN_RATINGS_FOR_STARS,
			).map((key) => ({
				label: t(`ratings:subScores.${key}`),
				value: formatRating(rating[key] ?? 0, locale),
			})),
			ageFit: RATING_AGE_FIT_VALUES.map((key) => ({
				label: t(`ratings:ageFits.${key}`),
				count: rating.ageFit[key],
				percent: rating.count > 0 ? Math.round((rating.ageFit[key] / rating.count) * 100) : 0,
			})),
			notice: t('ratings:page.notice'),
			latest: detail.ratings.map((r) => ({
				id: r.id,
				stars: r.stars,
				comment: r.comment,
				lang: r.language,
				hostReply: r.hostReply,
				author: r.guestName,
				date: formatLocalDate(r.createdAt.slice(0, 10), locale, 'short'),
			})),
			more: rating.count > detail.ratings.length,
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

/** Everything the booking view reads: the visitor's choice and what the loader found for it. */
export function bookingViewInput(data: PlayroomPageData) {
	const { detail } = data
	return {
		playroomId: detail.id,
		playroomUrlPath: detail.playroomUrlPath,
		bookingTypes: detail.bookingTypes.map((b) => b.bookingType),
		maxGuests: detail.maxGuests,
		instantBooking: detail.instantBooking,
		taxStatus: detail.taxStatus,
		choice: data.choice,
		calendar: data.calendar,
		starts: data.starts,
		selected: data.selected,
		waitlistStarts: data.waitlistStarts,
		pagePath: data.pagePath,
	}
}

export type BookingViewInput = ReturnType<typeof bookingViewInput>

/** Booking types, the month calendar, start times and durations with their price. */
export function buildBookingView(input: BookingViewInput, t: LooseT, locale: Locale) {
	const { choice } = input
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

	// One translation per state and one for the day label's pattern, not one per day of the month.
	const stateLabels = new Map<CalendarDayState, string>()
	const stateLabel = (state: CalendarDayState) => {
		let label = stateLabels.get(state)
		if (label === undefined) stateLabels.set(state, (label = t(`catalogue:detail.legend.${state}`)))
		return label
	}
	const dayLabel = translationTemplate(t, 'catalogue:detail.dayLabel', ['date', 'state'])
	const calendar = {
		title: formatMonth(input.calendar.month, locale),
		weekdays: weekdayNames(locale),
		weeks: input.calendar.weeks.map((week) =>
			week.map((day) =>
				day
					? {
							day: day.day,
							state: day.state,
							selected: day.date === choice.date,
							label: dayLabel({ date: formatLocalDate(day.date, locale), state: stateLabel(day.state) }),
							// A full day opens too: its taken starts can be waited for (waitlist).
							href:
								day.state === 'free' || day.state === 'full' ? link({ date: day.date, start: null }) : null,
						}
					: null,
			),
		),
		previous: input.calendar.previous ? link({ month: input.calendar.previous }) : null,
		next: input.calendar.next ? link({ month: input.calendar.next }) : null,
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

	return {
		types: input.bookingTypes.map((type) => ({
			type,
			label: t(`catalogue:bookingTypes.${type}`),
			href: link({ bookingType: type, start: null }),
			current: type === choice.bookingType,
		})),
		calendar,
		dateLabel: choice.date ? formatLocalDate(choice.date, locale) : null,
		starts:
			input.starts?.map((s) => ({
				label: t('catalogue:detail.startAt', { time: time(s.localStart) }),
				href: link({ start: s.start }),
				selected: s.start === input.selected?.start,
			})) ?? null,
		selected: input.selected
			? {
					label: t('catalogue:detail.chosenStart', {
						date: formatLocalDate(input.selected.localStart.slice(0, 10), locale),
						time: time(input.selected.localStart),
					}),
					checkIn: input.selected.start,
					durations: input.selected.durations.map((d) => ({ value: d.end, label: durationLabel(d) })),
					changeHref: link({ start: null }),
					guests: input.selected.guests,
					priceNote: `${t('catalogue:detail.priceNote', { count: input.selected.guests })} ${taxNote(input.taxStatus, t)}`,
					// The guests form reloads this page with the same choice and a new count.
					keep: Object.entries({
						bookingType: choice.bookingType,
						month: choice.month,
						date: choice.date ?? '',
						start: input.selected.start,
					}).map(([name, value]) => ({ name, value })),
				}
			: null,
		bookingType: choice.bookingType,
		guests: choice.guests,
		maxGuests: input.maxGuests,
		instant: input.instantBooking,
		waitlist: input.waitlistStarts.length
			? {
					playroomId: input.playroomId,
					bookingType: choice.bookingType,
					redirectTo: `${input.pagePath}#booking`,
					starts: input.waitlistStarts.map((start) => ({
						value: new Date(start).toISOString(),
						label: t('waitlist:join.startOption', { time: formatTime(start, locale) }),
					})),
				}
			: null,
		checkoutWithoutDate: checkoutPath({
			playroomUrlPath: input.playroomUrlPath,
			bookingType: choice.bookingType,
			guests: choice.guests ?? undefined,
		}),
	}
}

function childAgeFact(t: LooseT, min: number | null, max: number | null) {
	if (min !== null && max !== null) return [t('catalogue:detail.childAges', { min, max })]
	if (min !== null) return [t('catalogue:detail.childAgesFrom', { min })]
	if (max !== null) return [t('catalogue:detail.childAgesTo', { max })]
	return []
}
