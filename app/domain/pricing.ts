import type { AdditionUnit, BookingType } from '#db/schema/catalogue.ts'
import { VAT_RATE_PERCENT, type TaxStatus } from '#db/schema/order-enums.ts'
import { AppError } from '#app/utils/app-error.ts'
import { validationMessage } from '#app/utils/validation-messages.ts'
import {
	addDays,
	daysBetween,
	instantToLocal,
	isoWeekday,
	localToInstant,
	type LocalDate,
} from './berlin-time.ts'

/**
 * The price engine (PRODUCT.md §3 Prices) — pure, integer cents, gross prices
 * (VAT contained). Used by GetPrice now and by checkout, order creation,
 * e-mails and order pages later; the breakdown it returns is what they show
 * and what an order freezes as its price snapshot.
 *
 * - Base price per booking type: Hourly per hour (prorated per minute), Daily per
 *   day, Overnight per night. Weekend = Saturday and Sunday for hours and days;
 *   for nights, the nights starting on Friday and Saturday. A stay that crosses
 *   weekday and weekend is split into two base lines.
 * - Extra guests: guests above guestsIncluded pay extraGuestFee once per booking.
 * - Cleaning fee once per booking. Deposit is shown separately (collected on site),
 *   never part of the total.
 * - Extras: PerBooking price × quantity; PerGuest price × quantity (quantity ≤ guests);
 *   PerHour price × quantity × stay hours (prorated per minute). Quantity 1…maxQuantity.
 * - Hooks: last-minute discount (no-op until the LastMinuteDiscount module) and
 *   voucher (without a hook every code is refused; the checkout and order creation pass
 *   app/models/vouchers/voucher-redemption.server.ts). A discount code is a line before the
 *   total; a gift voucher (the hook returns null) is a way to pay, applied after the price.
 * - VAT contained: round(total × 19 / 119) to the cent. 119 is odd, so there is never
 *   a tie to break. Every other rounding is Math.round of a non-negative amount
 *   (half up), applied per line; the total is the sum of the rounded lines.
 * - The host's tax status decides the VAT part (`taxPart`, ADR 0150): a small business
 *   under § 19 UStG charges no VAT, so its breakdown has no VAT rate or amount at all
 *   (showing VAT it does not charge would make the host owe it, § 14c UStG).
 */
export type { TaxStatus }

/** The host's tax status from its `users.small_business` flag. */
export function taxStatusOf(smallBusiness: boolean): TaxStatus {
	return smallBusiness ? 'SmallBusiness' : 'Regular'
}

/** The tax part of a breakdown: the VAT contained in the total, or none under § 19 UStG. */
export type TaxPart =
	| { taxStatus: 'Regular'; vatRatePercent: number; vatAmount: number; netAmount: number }
	| { taxStatus: 'SmallBusiness' }

export type PriceSettings = {
	weekdayPrice: number
	weekendPrice: number
	guestsIncluded: number
	extraGuestFee: number
	cleaningFee: number
	deposit: number
}

export type AdditionDefinition = {
	id: string
	nameDe: string
	nameEn: string
	price: number
	unit: AdditionUnit
	maxQuantity: number
}

export type ExtraSelection = { additionId: string; quantity: number }

export type PriceRequest = {
	bookingType: BookingType
	start: number
	end: number
	/** All guests (adults + children). */
	guests: number
	maxGuests: number
	extras?: readonly ExtraSelection[]
	voucherCode?: string | null
	now: number
	/** The host's VAT status (ADR 0150). */
	taxStatus: TaxStatus
}

export type PriceLineKind = 'base' | 'extraGuests' | 'cleaning' | 'extra' | 'lastMinuteDiscount' | 'voucher'
export type PriceUnit = 'hour' | 'day' | 'night' | 'booking' | 'guest'

export type PriceLine = {
	kind: PriceLineKind
	/** Base lines: which rate. */
	part?: 'weekday' | 'weekend'
	unit: PriceUnit
	/** Hours may be fractional (1.5); everything else is whole. */
	quantity: number
	unitPrice: number
	/** Cents; negative for discounts. */
	amount: number
	/** Per-hour extras: the stay's hours the price is multiplied by. */
	hours?: number
	/** Extras: the addition and its names; vouchers: the code. */
	additionId?: string
	labelDe?: string
	labelEn?: string
	code?: string
}

export type PriceBreakdown = {
	currency: 'EUR'
	bookingType: BookingType
	lines: PriceLine[]
	/** Sum of all lines (≥ 0). */
	total: number
	/** Shown, collected on site; not in the total. */
	deposit: number
	/** Stay length: minutes, and nights for Overnight. */
	minutes: number
	nights: number | null
} & TaxPart

export type LastMinuteHook = (context: {
	bookingType: BookingType
	start: number
	now: number
	baseAmount: number
}) => { percent: number } | null

export type VoucherHook = (context: {
	code: string
	bookingType: BookingType
	subtotal: number
	now: number
}) => { code: string; amount: number } | null

export type PriceHooks = { lastMinute?: LastMinuteHook; voucher?: VoucherHook }

/** No last-minute discounts until the LastMinuteDiscount module exists. */
export const noLastMinuteDiscount: LastMinuteHook = () => null

/** Until vouchers exist every code is refused with a clear, translated message. */
export const rejectAllVouchers: VoucherHook = () => {
	throw new AppError(400, 'VoucherInvalid', {
		messageKey: 'catalogue:errors.voucherNotAccepted',
		fields: { voucherCode: [validationMessage('catalogue:errors.voucherNotAccepted')] },
	})
}

const MINUTE = 60_000

function invalid(field: string, message: string): never {
	throw new AppError(400, 'ValidationError', { fields: { [field]: [message] } })
}

/** Minutes of [start, end) that fall on weekday and on weekend local days. */
function splitMinutesByDayKind(start: number, end: number) {
	let weekday = 0
	let weekend = 0
	let cursor = start
	while (cursor < end) {
		const { date } = instantToLocal(cursor)
		const nextMidnight = localToInstant(addDays(date, 1), 0) ?? end
		const segmentEnd = Math.min(end, nextMidnight)
		const minutes = (segmentEnd - cursor) / MINUTE
		if (isoWeekday(date) >= 6) weekend += minutes
		else weekday += minutes
		cursor = segmentEnd
	}
	return { weekday, weekend }
}

/** Nights of an overnight stay: count of weekday and weekend nights (Friday and Saturday nights). */
function splitNights(checkInDate: LocalDate, nights: number) {
	let weekend = 0
	for (let i = 0; i < nights; i++) {
		const weekday = isoWeekday(addDays(checkInDate, i))
		if (weekday === 5 || weekday === 6) weekend++
	}
	return { weekday: nights - weekend, weekend }
}

function baseLines(request: PriceRequest, settings: PriceSettings): PriceLine[] {
	const lines: PriceLine[] = []
	const push = (part: 'weekday' | 'weekend', unit: PriceUnit, quantity: number, amount: number) => {
		if (quantity <= 0) return
		const unitPrice = part === 'weekday' ? settings.weekdayPrice : settings.weekendPrice
		lines.push({ kind: 'base', part, unit, quantity, unitPrice, amount })
	}
	if (request.bookingType === 'Hourly') {
		const { weekday, weekend } = splitMinutesByDayKind(request.start, request.end)
		push('weekday', 'hour', weekday / 60, Math.round((settings.weekdayPrice * weekday) / 60))
		push('weekend', 'hour', weekend / 60, Math.round((settings.weekendPrice * weekend) / 60))
	} else if (request.bookingType === 'Daily') {
		const { date } = instantToLocal(request.start)
		const part = isoWeekday(date) >= 6 ? 'weekend' : 'weekday'
		push(part, 'day', 1, part === 'weekend' ? settings.weekendPrice : settings.weekdayPrice)
	} else {
		const checkIn = instantToLocal(request.start).date
		const nights = Math.max(1, daysBetween(checkIn, instantToLocal(request.end).date))
		const { weekday, weekend } = splitNights(checkIn, nights)
		push('weekday', 'night', weekday, weekday * settings.weekdayPrice)
		push('weekend', 'night', weekend, weekend * settings.weekendPrice)
	}
	return lines
}

function extraLines(
	request: PriceRequest,
	additions: readonly AdditionDefinition[],
	minutes: number,
): PriceLine[] {
	const seen = new Set<string>()
	return (request.extras ?? []).map((selection, index) => {
		const addition = additions.find((a) => a.id === selection.additionId)
		if (!addition || seen.has(addition.id)) invalid(`extras.${index}.additionId`, 'validation.choice')
		seen.add(addition.id)
		const max =
			addition.unit === 'PerGuest' ? Math.min(addition.maxQuantity, request.guests) : addition.maxQuantity
		if (!Number.isInteger(selection.quantity) || selection.quantity < 1) {
			invalid(`extras.${index}.quantity`, validationMessage('validation.minValue', { min: 1 }))
		}
		if (selection.quantity > max) {
			invalid(`extras.${index}.quantity`, validationMessage('validation.maxValue', { max }))
		}
		const base = addition.price * selection.quantity
		const amount = addition.unit === 'PerHour' ? Math.round((base * minutes) / 60) : base
		const unit: PriceUnit =
			addition.unit === 'PerGuest' ? 'guest' : addition.unit === 'PerHour' ? 'hour' : 'booking'
		return {
			kind: 'extra' as const,
			unit,
			quantity: selection.quantity,
			unitPrice: addition.price,
			amount,
			...(addition.unit === 'PerHour' ? { hours: minutes / 60 } : {}),
			additionId: addition.id,
			labelDe: addition.nameDe,
			labelEn: addition.nameEn,
		}
	})
}

export function vatContained(total: number): number {
	return Math.round((total * VAT_RATE_PERCENT) / (100 + VAT_RATE_PERCENT))
}

/** The one place that decides what a total says about VAT (ADR 0150). */
export function taxPart(total: number, taxStatus: TaxStatus): TaxPart {
	if (taxStatus === 'SmallBusiness') return { taxStatus }
	const vatAmount = vatContained(total)
	return { taxStatus, vatRatePercent: VAT_RATE_PERCENT, vatAmount, netAmount: total - vatAmount }
}

/** Only the tax part of a breakdown: what an order freezes beside its lines. */
export function taxPartOf(price: TaxPart): TaxPart {
	if (price.taxStatus === 'SmallBusiness') return { taxStatus: price.taxStatus }
	const { taxStatus, vatRatePercent, vatAmount, netAmount } = price
	return { taxStatus, vatRatePercent, vatAmount, netAmount }
}

/**
 * The price of a stay. Checks only what the price depends on (guests, extras,
 * voucher); whether the stay is bookable is the availability engine's job.
 */
export function calculatePrice(
	request: PriceRequest,
	settings: PriceSettings,
	additions: readonly AdditionDefinition[] = [],
	hooks: PriceHooks = {},
): PriceBreakdown {
	if (!(request.end > request.start)) invalid('checkOut', 'catalogue:errors.checkOutBeforeCheckIn')
	if (!Number.isInteger(request.guests) || request.guests < 1) {
		invalid('guests', validationMessage('validation.minValue', { min: 1 }))
	}
	if (request.guests > request.maxGuests) {
		// Said about the group, not one of its fields (issue 11): adults and children together.
		invalid(
			'guests',
			validationMessage('booking:errors.guestsTooMany', { count: request.maxGuests, total: request.guests }),
		)
	}
	const minutes = (request.end - request.start) / MINUTE
	const lines = baseLines(request, settings)
	const baseAmount = lines.reduce((sum, line) => sum + line.amount, 0)

	const extraGuests = Math.max(0, request.guests - settings.guestsIncluded)
	if (extraGuests > 0 && settings.extraGuestFee > 0) {
		lines.push({
			kind: 'extraGuests',
			unit: 'guest',
			quantity: extraGuests,
			unitPrice: settings.extraGuestFee,
			amount: extraGuests * settings.extraGuestFee,
		})
	}
	if (settings.cleaningFee > 0) {
		lines.push({
			kind: 'cleaning',
			unit: 'booking',
			quantity: 1,
			unitPrice: settings.cleaningFee,
			amount: settings.cleaningFee,
		})
	}
	lines.push(...extraLines(request, additions, minutes))

	const lastMinute = (hooks.lastMinute ?? noLastMinuteDiscount)({
		bookingType: request.bookingType,
		start: request.start,
		now: request.now,
		baseAmount,
	})
	if (lastMinute && lastMinute.percent > 0) {
		const discount = Math.round((baseAmount * Math.min(100, lastMinute.percent)) / 100)
		lines.push({
			kind: 'lastMinuteDiscount',
			unit: 'booking',
			quantity: 1,
			unitPrice: -discount,
			amount: -discount,
		})
	}

	const code = request.voucherCode?.trim()
	if (code) {
		const subtotal = lines.reduce((sum, line) => sum + line.amount, 0)
		const voucher = (hooks.voucher ?? rejectAllVouchers)({
			code,
			bookingType: request.bookingType,
			subtotal,
			now: request.now,
		})
		if (voucher) {
			const amount = Math.min(Math.max(0, voucher.amount), Math.max(0, subtotal))
			lines.push({
				kind: 'voucher',
				unit: 'booking',
				quantity: 1,
				unitPrice: -amount,
				amount: -amount,
				code: voucher.code,
			})
		}
	}

	const total = Math.max(
		0,
		lines.reduce((sum, line) => sum + line.amount, 0),
	)
	const nights =
		request.bookingType === 'Overnight'
			? Math.max(1, daysBetween(instantToLocal(request.start).date, instantToLocal(request.end).date))
			: null
	return {
		currency: 'EUR',
		bookingType: request.bookingType,
		lines,
		total,
		deposit: settings.deposit,
		minutes,
		nights,
		...taxPart(total, request.taxStatus),
	}
}
