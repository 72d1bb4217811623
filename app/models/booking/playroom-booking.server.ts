import type { BookingType } from '#db/schema/catalogue.ts'
import {
	availableStarts,
	isAvailableOn,
	isBookingTypeOffered,
	liveStatus,
	occupiedIntervals,
	openingWindows,
	validateStay,
	type StartOption,
	type StayRejection,
} from '#app/domain/availability.ts'
import {
	addDays,
	daysBetween,
	formatBerlinIso,
	formatLocalDateTime,
	isValidLocalDate,
	localDateOf,
	localToInstant,
	startOfLocalDay,
	TIME_ZONE,
	type LocalDate,
} from '#app/domain/berlin-time.ts'
import { calculatePrice, type PriceBreakdown } from '#app/domain/pricing.ts'
import { AppError } from '#app/utils/app-error.ts'
import { getDb, type DbOrTx } from '#app/utils/db.server.ts'
import { cachedRead } from '#app/utils/read-cache.server.ts'
import { isCardPaymentConfigured } from '#app/utils/stripe.server.ts'
import type { Locale } from '#app/utils/locale.ts'
import {
	loadAvailabilityInput,
	MAX_NIGHTS_LOOKAHEAD,
	type AvailabilityInput,
} from '#app/models/catalogue/availability.server.ts'
import {
	findVisiblePlayroom,
	getAdditions,
	getBookingTypeSettings,
	getHostTaxStatus,
	getPlayroomPhotos,
	type Caller,
} from '#app/models/catalogue/playrooms.server.ts'

/**
 * What the detail page, the checkout and later the booking engine ask about
 * times and prices: AvailableLists, GetOccupationData, LiveData, GetPrice,
 * Booking and ForOrderCheckout. Times in responses are UTC ISO strings plus the
 * local wall-clock ("2026-06-03T14:00") for display; the zone is Europe/Berlin.
 */
const DAY_MS = 86_400_000
export const MAX_OCCUPATION_DAYS = 100
export const DEFAULT_OCCUPATION_DAYS = 42

function serializeStarts(starts: StartOption[]) {
	return starts.map((option) => ({
		start: new Date(option.start).toISOString(),
		localStart: formatLocalDateTime(option.start),
		durations: option.durations.map((d) => ({
			minutes: d.minutes,
			end: new Date(d.end).toISOString(),
			localEnd: formatLocalDateTime(d.end),
			...(d.nights !== undefined ? { nights: d.nights } : {}),
		})),
	}))
}

/** `now` decides which waitlist holds are still active (busy for every visitor, ADR 0086). */
function loadInputForDays(playroomId: string, from: LocalDate, days: number, db: DbOrTx, now: number) {
	const input = loadAvailabilityInput(
		playroomId,
		startOfLocalDay(from),
		startOfLocalDay(addDays(from, days + MAX_NIGHTS_LOOKAHEAD)),
		db,
		{ now },
	)
	if (!input) throw new AppError(404, 'NotFound', { messageKey: 'catalogue:errors.playroomNotFound' })
	return input
}

/** AvailableLists: start times and possible durations on a local date. */
export function getAvailableLists(
	ref: { playroomId?: string; playroomUrlPath?: string },
	date: LocalDate,
	bookingType: BookingType,
	caller: Caller,
	options: { now?: number } = {},
	db: DbOrTx = getDb(),
) {
	const playroom = findVisiblePlayroom(ref, caller, db)
	const now = options.now ?? Date.now()
	const { rules, busy } = loadInputForDays(playroom.id, date, 1, db, now)
	if (!isBookingTypeOffered(rules, bookingType)) {
		throw bookingTypeNotOffered()
	}
	const starts = availableStarts(rules, busy, date, bookingType, now)
	return {
		playroomId: playroom.id,
		playroomUrlPath: playroom.playroomUrlPath,
		date,
		bookingType,
		timeZone: TIME_ZONE,
		slotMinutes: rules.slotMinutes,
		starts: serializeStarts(starts),
	}
}

/**
 * GetOccupationData: occupied intervals (orders with buffers, blocks — never who)
 * and, per day, whether it is open and whether anything can still be booked.
 */
export function getOccupationData(
	playroomId: string,
	range: { from?: LocalDate; to?: LocalDate },
	caller: Caller,
	options: { now?: number } = {},
	db: DbOrTx = getDb(),
) {
	const now = options.now ?? Date.now()
	const playroom = findVisiblePlayroom({ playroomId }, caller, db)
	const from = range.from ?? localDateOf(now)
	const to = range.to ?? addDays(from, DEFAULT_OCCUPATION_DAYS)
	const days = daysBetween(from, to)
	if (days < 0) {
		throw new AppError(400, 'ValidationError', { fields: { to: ['catalogue:errors.checkOutBeforeCheckIn'] } })
	}
	if (days > MAX_OCCUPATION_DAYS) {
		throw new AppError(400, 'ValidationError', {
			fields: { to: [`catalogue:errors.rangeTooLong?max=${MAX_OCCUPATION_DAYS}`] },
		})
	}
	const { rules, busy } = loadInputForDays(playroom.id, from, days + 1, db, now)
	const rangeStart = startOfLocalDay(from)
	const rangeEnd = startOfLocalDay(addDays(to, 1))
	const dayList = dayStates(rules, busy, from, days, now)
	return {
		playroomId: playroom.id,
		from,
		to,
		timeZone: TIME_ZONE,
		occupied: occupiedIntervals(busy, rules.bufferMinutes, rangeStart, rangeEnd).map((i) => ({
			start: new Date(i.start).toISOString(),
			end: new Date(i.end).toISOString(),
			localStart: formatLocalDateTime(i.start),
			localEnd: formatLocalDateTime(i.end),
			kind: i.kind,
		})),
		days: dayList,
	}
}

function dayStates(
	rules: AvailabilityInput['rules'],
	busy: AvailabilityInput['busy'],
	from: LocalDate,
	days: number,
	now: number,
) {
	return Array.from({ length: days + 1 }, (_, i) => addDays(from, i)).map((date) => ({
		date,
		open: openingWindows(rules, date).length > 0,
		available: isAvailableOn(rules, busy, date, undefined, now),
	}))
}

/**
 * The days of GetOccupationData alone, for the playroom page: the caller has
 * already found the playroom visible, and the page shows no intervals.
 */
export function getOccupationDays(
	playroomId: string,
	range: { from: LocalDate; to: LocalDate },
	now: number,
	db: DbOrTx = getDb(),
) {
	// Kept until the database changes and for at most 10 seconds, like a results page's search
	// (catalogue-pages.server.ts, ADR 0123): the checkout checks the slot itself.
	const key = `occupation-days\n${playroomId}\n${range.from}\n${range.to}\n${Math.floor(now / 10_000)}`
	return cachedRead(db, key, () => {
		const days = daysBetween(range.from, range.to)
		const { rules, busy } = loadInputForDays(playroomId, range.from, days + 1, db, now)
		return dayStates(rules, busy, range.from, days, now)
	})
}

/** LiveData: is it free right now, and when is the next free start. */
export function getLiveData(
	playroomUrlPath: string,
	caller: Caller,
	options: { now?: number } = {},
	db: DbOrTx = getDb(),
) {
	const now = options.now ?? Date.now()
	const playroom = findVisiblePlayroom({ playroomUrlPath }, caller, db)
	const today = localDateOf(now)
	const { rules, busy } = loadInputForDays(playroom.id, today, 32, db, now)
	const status = liveStatus(rules, busy, now)
	return {
		playroomId: playroom.id,
		now: new Date(now).toISOString(),
		openNow: status.openNow,
		freeNow: status.freeNow,
		nextFreeStart: status.nextFreeStart
			? {
					start: new Date(status.nextFreeStart.start).toISOString(),
					localStart: formatLocalDateTime(status.nextFreeStart.start),
					bookingType: status.nextFreeStart.bookingType,
				}
			: null,
	}
}

/**
 * Reads checkIn/checkOut of GetPrice: an instant (ISO with offset), a Berlin
 * local date-time without offset, or a plain date — then Daily means that
 * opening day and Overnight the check-in/check-out times of those dates.
 */
function resolveStay(
	rules: ReturnType<typeof loadInputForDays>['rules'],
	bookingType: BookingType,
	checkIn: string,
	checkOut: string | undefined,
): { start: number; end: number } | null {
	const instant = (value: string): number | null => {
		if (/[zZ]|[+-]\d{2}:\d{2}$/.test(value)) return Date.parse(value)
		const [date = '', time = '00:00'] = value.split('T')
		const [h = 0, m = 0] = time.split(':').map(Number)
		return localToInstant(date, h * 60 + m)
	}
	if (bookingType === 'Daily' && isValidLocalDate(checkIn)) {
		const windows = openingWindows(rules, checkIn)
		const first = windows[0]
		const last = windows[windows.length - 1]
		return first && last ? { start: first.start, end: last.end } : null
	}
	if (bookingType === 'Overnight' && isValidLocalDate(checkIn) && checkOut && isValidLocalDate(checkOut)) {
		const overnight = rules.overnight
		if (!overnight) return null
		const start = localToInstant(checkIn, overnight.checkInMinute)
		const end = localToInstant(checkOut, overnight.checkOutMinute)
		return start !== null && end !== null ? { start, end } : null
	}
	if (!checkOut || isValidLocalDate(checkIn) || isValidLocalDate(checkOut)) return null
	const start = instant(checkIn)
	const end = instant(checkOut)
	return start !== null && end !== null && Number.isFinite(start) && Number.isFinite(end)
		? { start, end }
		: null
}

function bookingTypeNotOffered(): AppError {
	return new AppError(400, 'BookingTypeNotOffered', {
		messageKey: 'catalogue:errors.bookingTypeNotOffered',
		fields: { bookingType: ['catalogue:errors.bookingTypeNotOffered'] },
	})
}

function stayNotValid(reason: StayRejection | 'Unresolvable'): AppError {
	return new AppError(400, 'StayNotValid', {
		messageKey: 'catalogue:errors.stayNotValid',
		fields: { checkIn: ['catalogue:errors.stayNotValid'] },
		params: { reason },
	})
}

/** Reasons that make a stay impossible whatever else is booked (GetPrice refuses these). */
const SHAPE_REJECTIONS: readonly StayRejection[] = [
	'BookingTypeNotOffered',
	'InvalidStay',
	'OutsideOpeningHours',
	'NotOnGrid',
	'DurationNotAllowed',
]

export type PriceQuote = PriceBreakdown & {
	playroomId: string
	checkIn: string
	checkOut: string
	localCheckIn: string
	localCheckOut: string
	/** Whether the stay can be booked right now (free, lead time, horizon). */
	available: boolean
	unavailableReason: StayRejection | null
}

/** GetPrice: the price breakdown of a stay (and whether it is still free). */
export function getPriceQuote(
	input: {
		playroomId: string
		bookingType: BookingType
		checkIn: string
		checkOut?: string
		guests: number
		extras?: { additionId: string; quantity: number }[]
		voucherCode?: string
	},
	caller: Caller,
	locale: Locale,
	options: { now?: number } = {},
	db: DbOrTx = getDb(),
): PriceQuote {
	const now = options.now ?? Date.now()
	const playroom = findVisiblePlayroom({ playroomId: input.playroomId }, caller, db)
	const settings = getBookingTypeSettings(playroom.id, db).find((b) => b.bookingType === input.bookingType)
	if (!settings) {
		throw bookingTypeNotOffered()
	}
	const { rules } = loadInputForDays(playroom.id, localDateOf(now), 0, db, now)
	const stay = resolveStay(rules, input.bookingType, input.checkIn, input.checkOut)
	if (!stay) throw stayNotValid('Unresolvable')
	if (!(stay.end > stay.start)) {
		throw new AppError(400, 'ValidationError', {
			fields: { checkOut: ['catalogue:errors.checkOutBeforeCheckIn'] },
		})
	}
	const days = Math.ceil((stay.end - stay.start) / DAY_MS) + 1
	const { busy } = loadInputForDays(playroom.id, localDateOf(stay.start), days, db, now)
	const rejection = validateStay(rules, busy, input.bookingType, stay, now)
	if (rejection && SHAPE_REJECTIONS.includes(rejection)) throw stayNotValid(rejection)
	const breakdown = calculatePrice(
		{
			bookingType: input.bookingType,
			start: stay.start,
			end: stay.end,
			guests: input.guests,
			maxGuests: playroom.maxGuests,
			extras: input.extras,
			voucherCode: input.voucherCode,
			now,
			taxStatus: getHostTaxStatus(playroom.hostId, db),
		},
		settings,
		getAdditions(playroom.id, locale, db),
	)
	return {
		...breakdown,
		playroomId: playroom.id,
		checkIn: new Date(stay.start).toISOString(),
		checkOut: new Date(stay.end).toISOString(),
		localCheckIn: formatBerlinIso(stay.start),
		localCheckOut: formatBerlinIso(stay.end),
		available: rejection === null,
		unavailableReason: rejection,
	}
}

/** Payment methods a guest can choose: the playroom's, Card only when Stripe is configured. */
export function availablePaymentMethods(accepted: readonly string[]) {
	const stripe = isCardPaymentConfigured()
	return accepted.filter((method) => method !== 'Card' || stripe)
}

/** ForOrderCheckout: what the checkout shows about the playroom. */
export function getCheckoutSummary(
	ref: { playroomId?: string; playroomUrlPath?: string },
	caller: Caller,
	locale: Locale,
	db: DbOrTx = getDb(),
) {
	const playroom = findVisiblePlayroom(ref, caller, db)
	return {
		playroomId: playroom.id,
		playroomUrlPath: playroom.playroomUrlPath,
		name: playroom.name,
		city: playroom.city,
		placeType: playroom.placeType,
		serviceRadiusKm: playroom.serviceRadiusKm,
		maxGuests: playroom.maxGuests,
		instantBooking: playroom.instantBooking,
		cancellationPolicy: playroom.cancellationPolicy,
		paymentMethods: availablePaymentMethods(playroom.paymentMethods),
		image: getPlayroomPhotos(playroom.id, locale, db)[0] ?? null,
		timeZone: TIME_ZONE,
		/** The host's VAT status: the checkout's prices follow it (ADR 0150). */
		taxStatus: getHostTaxStatus(playroom.hostId, db),
		bookingTypes: getBookingTypeSettings(playroom.id, db),
		additions: getAdditions(playroom.id, locale, db),
	}
}

/** Booking: the checkout summary plus, with a date, the start lists of every offered booking type. */
export function getBookingData(
	ref: { playroomId?: string; playroomUrlPath?: string },
	checkIn: LocalDate | undefined,
	caller: Caller,
	locale: Locale,
	options: { now?: number } = {},
	db: DbOrTx = getDb(),
) {
	const summary = getCheckoutSummary(ref, caller, locale, db)
	if (!checkIn) return { ...summary, checkIn: null, availability: null }
	const now = options.now ?? Date.now()
	const { rules, busy } = loadInputForDays(summary.playroomId, checkIn, 1, db, now)
	const availability = summary.bookingTypes.map(({ bookingType }) => ({
		bookingType,
		starts: serializeStarts(availableStarts(rules, busy, checkIn, bookingType, now)),
	}))
	return { ...summary, checkIn, availability }
}
