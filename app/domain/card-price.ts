import type { BookingType } from '#db/schema/catalogue.ts'
import { addDays, isoWeekday, localDateOf, localToInstant, type LocalDate } from './berlin-time.ts'
import { calculatePrice, type PriceSettings } from './pricing.ts'

/**
 * The price a list card shows for a search with a guest count (issue 11: "use
 * the price engine with the chosen guests everywhere a price is shown"): the
 * lowest total of the shortest bookable stay — Hourly the minimum hours, Daily
 * one day, Overnight the minimum nights — for those guests, computed by the
 * price engine (base price, extra guests, cleaning fee). With a date in the
 * search it is that day's price; without one the cheaper of a weekday and a
 * weekend stay. Pure and cheap (a few engine calls per card), so the search
 * can use it for every candidate when it sorts by price.
 */
export type CardPriceSettings = PriceSettings & {
	bookingType: BookingType
	minHours: number | null
	minNights: number | null
	checkInMinute: number | null
	checkOutMinute: number | null
}

export type StayPrice = {
	/** Total in cents of the whole stay for `guests`. */
	amount: number
	bookingType: BookingType
	unit: 'hour' | 'day' | 'night'
	/** Length of the priced stay in `unit`s (2 hours, 1 day, 3 nights). */
	quantity: number
	guests: number
}

export type StayPriceRequest = {
	guests: number
	maxGuests: number
	bookingType?: BookingType
	/** The search's date; without it a weekday and a weekend stay are compared. */
	date?: LocalDate
	now: number
}

const UNITS = { Hourly: 'hour', Daily: 'day', Overnight: 'night' } as const
/** Hourly stays are priced from 10:00, overnight stays default to 15:00–11:00. */
const HOURLY_START_MINUTE = 10 * 60
const DEFAULT_CHECK_IN_MINUTE = 15 * 60
const DEFAULT_CHECK_OUT_MINUTE = 11 * 60

/** The next date on or after `from` with the given ISO weekday (1 Monday … 7 Sunday). */
function nextWeekday(from: LocalDate, weekday: number): LocalDate {
	return addDays(from, (weekday - isoWeekday(from) + 7) % 7)
}

function shortestStay(type: CardPriceSettings, date: LocalDate) {
	if (type.bookingType === 'Hourly') {
		const hours = Math.max(1, type.minHours ?? 1)
		const start = localToInstant(date, HOURLY_START_MINUTE)
		return start === null ? null : { start, end: start + hours * 3_600_000, quantity: hours }
	}
	if (type.bookingType === 'Daily') {
		const start = localToInstant(date, 0)
		const end = localToInstant(addDays(date, 1), 0)
		return start === null || end === null ? null : { start, end, quantity: 1 }
	}
	const nights = Math.max(1, type.minNights ?? 1)
	const start = localToInstant(date, type.checkInMinute ?? DEFAULT_CHECK_IN_MINUTE)
	const end = localToInstant(addDays(date, nights), type.checkOutMinute ?? DEFAULT_CHECK_OUT_MINUTE)
	return start === null || end === null ? null : { start, end, quantity: nights }
}

type Stay = { start: number; end: number; quantity: number }

/**
 * A pricer for one search: the stay windows (date arithmetic) are worked out
 * once per kind of booking type and shared by all candidates, and the engine's
 * answer is reused for candidates with the same price settings — sorting
 * hundreds of candidates by price stays cheap.
 */
export function createStayPricer(request: Omit<StayPriceRequest, 'maxGuests'>) {
	const guests = Math.max(1, request.guests)
	const today = localDateOf(request.now)
	// Wednesday and Saturday: a weekday and a weekend day (and night) for every booking type.
	const dates = request.date ? [request.date] : [nextWeekday(today, 3), nextWeekday(today, 6)]
	const stays = new Map<string, (Stay | null)[]>()
	const totals = new Map<string, number | null>()
	const staysOf = (type: CardPriceSettings) => {
		const key = `${type.bookingType}|${type.minHours}|${type.minNights}|${type.checkInMinute}|${type.checkOutMinute}`
		let list = stays.get(key)
		if (!list) {
			list = dates.map((date) => shortestStay(type, date))
			stays.set(key, list)
		}
		return { key, list }
	}
	return (types: readonly CardPriceSettings[], maxGuests: number): StayPrice | null => {
		if (guests > maxGuests) return null
		let best: StayPrice | null = null
		for (const type of types) {
			if (request.bookingType && type.bookingType !== request.bookingType) continue
			const { key, list } = staysOf(type)
			list.forEach((stay, index) => {
				if (!stay) return
				const priceKey = `${key}|${index}|${type.weekdayPrice}|${type.weekendPrice}|${type.guestsIncluded}|${type.extraGuestFee}|${type.cleaningFee}`
				let total = totals.get(priceKey)
				if (total === undefined) {
					total = calculatePrice(
						{
							bookingType: type.bookingType,
							start: stay.start,
							end: stay.end,
							guests,
							maxGuests,
							now: request.now,
							// Only the total is read, and gross prices do not depend on the tax status.
							taxStatus: 'Regular',
						},
						type,
					).total
					totals.set(priceKey, total)
				}
				if (total !== null && (!best || total < best.amount)) {
					best = {
						amount: total,
						bookingType: type.bookingType,
						unit: UNITS[type.bookingType],
						quantity: stay.quantity,
						guests,
					}
				}
			})
		}
		return best
	}
}

/** The lowest stay price of the offered types (or the requested one); null when none applies. */
export function lowestStayPrice(
	types: readonly CardPriceSettings[],
	request: StayPriceRequest,
): StayPrice | null {
	return createStayPricer(request)(types, request.maxGuests)
}
