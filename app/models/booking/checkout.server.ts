import { eq } from 'drizzle-orm'
import type { BookingType, PaymentMethod } from '#db/schema/catalogue.ts'
import { createId } from '#db/schema/columns.ts'
import { users } from '#db/schema/users.ts'
import { availableStarts, validateStay, type StayRejection } from '#app/domain/availability.ts'
import { addDays, localDateOf, startOfLocalDay, type LocalDate } from '#app/domain/berlin-time.ts'
import { refundSchedule } from '#app/domain/cancellation.ts'
import { calculatePrice, type PriceBreakdown } from '#app/domain/pricing.ts'
import { intParam, requiredText } from '#app/schemas/fields.ts'
import { idSchema, localDateSchema, urlPathSchema } from '#app/schemas/catalogue.ts'
import {
	bookingTypeField,
	instantSchema,
	paymentMethodField,
	VOUCHER_CODE_MAX,
} from '#app/schemas/checkout.ts'
import { isAppError } from '#app/utils/app-error.ts'
import { getDb, immediateTransaction, type DbOrTx } from '#app/utils/db.server.ts'
import type { Locale } from '#app/utils/locale.ts'
import { z } from '#app/utils/validation.ts'
import {
	loadAvailabilityInput,
	MAX_NIGHTS_LOOKAHEAD,
	type HoldView,
} from '#app/models/catalogue/availability.server.ts'
import { findAlternatives, getStartsForDays } from './booking-availability.server.ts'
import { stayRejectionError } from './order-creation.server.ts'
import { getCheckoutSummary } from './playroom-booking.server.ts'
import type { Caller } from '#app/models/catalogue/playrooms.server.ts'
import {
	giftShareOf,
	voucherDisplay,
	voucherPriceHooks,
	voucherRefusal,
} from '#app/models/vouchers/voucher-redemption.server.ts'

/**
 * The checkout wizard (issue 5, ADR 0044): date and time → guests and extras
 * → contact → payment → review → confirm. Its state lives in the URL (entry
 * contract: playroomUrlPath, bookingType, checkIn, checkOut, guests), so a
 * reload or the reload after login keeps everything; personal details are
 * saved in the guest's account instead of the URL, the message to the host
 * travels with the confirm form. Each step is a server-rendered form; this
 * module parses the state, decides which step can be shown and builds what
 * the page needs.
 */
export const CHECKOUT_STEPS = ['date', 'guests', 'contact', 'payment', 'review'] as const
export type CheckoutStep = (typeof CHECKOUT_STEPS)[number]

export type ExtraSelection = { additionId: string; quantity: number }

export type CheckoutState = {
	playroomUrlPath: string
	bookingType: BookingType | null
	/** The day the date step shows. */
	date: LocalDate | null
	checkIn: number | null
	checkOut: number | null
	adults: number | null
	children: number
	extras: ExtraSelection[]
	paymentMethod: PaymentMethod | null
	voucherCode: string | null
	step: CheckoutStep | null
}

const extrasParam = z
	.string()
	.max(1_000)
	.transform((value, ctx) => {
		const items: ExtraSelection[] = []
		for (const part of value.split(',').filter(Boolean)) {
			const [additionId = '', quantity = ''] = part.split(':')
			const parsedId = idSchema.safeParse(additionId)
			const parsedQuantity = intParam(1, 999).safeParse(quantity)
			if (!parsedId.success || !parsedQuantity.success) {
				ctx.addIssue({ code: 'custom' })
				return z.NEVER
			}
			items.push({ additionId: parsedId.data, quantity: parsedQuantity.data })
		}
		return items
	})

/**
 * Reads the state from the query. Every value is checked on its own; one
 * that does not parse is dropped and named in `dropped` (the page says so),
 * never an error page. Without a valid playroomUrlPath there is no checkout.
 */
export function parseCheckoutState(params: URLSearchParams): {
	state: CheckoutState | null
	dropped: string[]
} {
	const dropped: string[] = []
	const read = <T>(name: string, schema: z.ZodType<T>): T | null => {
		const raw = params.get(name)
		if (raw === null || raw === '') return null
		const parsed = schema.safeParse(raw)
		if (parsed.success) return parsed.data
		dropped.push(name)
		return null
	}
	const playroomUrlPath = read('playroomUrlPath', urlPathSchema)
	if (!playroomUrlPath) return { state: null, dropped }
	let checkIn = read('checkIn', instantSchema)
	let checkOut = read('checkOut', instantSchema)
	if (
		(checkIn === null) !== (checkOut === null) ||
		(checkIn !== null && checkOut !== null && checkOut <= checkIn)
	) {
		if (checkIn !== null) dropped.push('checkIn')
		if (checkOut !== null) dropped.push('checkOut')
		checkIn = null
		checkOut = null
	}
	const guests = read('guests', intParam(1, 500))
	let adults = read('adults', intParam(1, 500))
	let children = read('children', intParam(0, 500))
	if (adults === null && guests !== null) {
		adults = Math.min(guests, 2)
		children = guests - adults
	}
	const step = read('step', z.enum(CHECKOUT_STEPS))
	return {
		state: {
			playroomUrlPath,
			bookingType: read('bookingType', bookingTypeField),
			date: read('date', localDateSchema),
			checkIn,
			checkOut,
			adults,
			children: children ?? 0,
			extras: read('extras', extrasParam) ?? [],
			paymentMethod: read('paymentMethod', paymentMethodField),
			voucherCode: read('voucherCode', requiredText(VOUCHER_CODE_MAX)),
			step,
		},
		dropped: [...new Set(dropped)],
	}
}

/** The canonical query of a state (stable order; empty values left out). */
export function checkoutSearch(state: CheckoutState, changes: Partial<CheckoutState> = {}): string {
	const next = { ...state, ...changes }
	const params = new URLSearchParams()
	params.set('playroomUrlPath', next.playroomUrlPath)
	if (next.bookingType) params.set('bookingType', next.bookingType)
	if (next.checkIn !== null && next.checkOut !== null) {
		params.set('checkIn', new Date(next.checkIn).toISOString())
		params.set('checkOut', new Date(next.checkOut).toISOString())
	}
	if (next.date && next.step === 'date') params.set('date', next.date)
	if (next.adults !== null) {
		params.set('adults', String(next.adults))
		params.set('children', String(next.children))
	}
	if (next.extras.length)
		params.set('extras', next.extras.map((e) => `${e.additionId}:${e.quantity}`).join(','))
	if (next.paymentMethod) params.set('paymentMethod', next.paymentMethod)
	if (next.voucherCode) params.set('voucherCode', next.voucherCode)
	if (next.step) params.set('step', next.step)
	return `?${params.toString()}`
}

const SHAPE: readonly StayRejection[] = [
	'BookingTypeNotOffered',
	'InvalidStay',
	'OutsideOpeningHours',
	'NotOnGrid',
	'DurationNotAllowed',
]

export type CheckoutUser = {
	id: string
	role: 'Customer' | 'Owner' | 'Admin'
	email: string
	firstName: string
	lastName: string
	phoneNumber: string | null
}

type Summary = ReturnType<typeof getCheckoutSummary>

/** The voucher the price uses: a discount (a line of the breakdown) or a gift voucher's share of the total. */
export type CheckoutVoucher = {
	kind: 'Gift' | 'Discount'
	/** `…-7K3M` */
	code: string
	/** Discount: the breakdown line's amount off; gift: what the voucher pays. */
	amount: number
}

function priceOf(
	summary: Summary,
	state: CheckoutState,
	bookingType: BookingType,
	context: {
		guestId: string | null
		locale: Locale
		now: number
		/** Too many unknown codes from this account or address: every code is refused (ADR 0167). */
		guessesExhausted: boolean
	},
	db: DbOrTx,
): {
	price: PriceBreakdown | null
	errors: Record<string, string[]>
	voucher: CheckoutVoucher | null
	amountDue: number | null
} {
	const now = context.now
	const settings = summary.bookingTypes.find((b) => b.bookingType === bookingType)
	if (!settings || state.checkIn === null || state.checkOut === null || state.adults === null) {
		return { price: null, errors: {}, voucher: null, amountDue: null }
	}
	const request = {
		bookingType,
		start: state.checkIn,
		end: state.checkOut,
		guests: state.adults + state.children,
		maxGuests: summary.maxGuests,
		extras: state.extras,
		now,
		taxStatus: summary.taxStatus,
	}
	const vouchers = voucherPriceHooks(
		{ playroomId: summary.playroomId, guestId: context.guestId, locale: context.locale, now },
		db,
	)
	try {
		if (state.voucherCode && context.guessesExhausted) throw voucherRefusal('tooManyAttempts')
		const price = calculatePrice(
			{ ...request, voucherCode: state.voucherCode },
			settings,
			summary.additions,
			vouchers.hooks,
		)
		const applied = state.voucherCode ? vouchers.applied() : null
		const line = price.lines.find((l) => l.kind === 'voucher')
		const voucher: CheckoutVoucher | null = !applied
			? null
			: applied.kind === 'Gift'
				? { kind: 'Gift', code: voucherDisplay(applied), amount: giftShareOf(applied, price.total) }
				: { kind: 'Discount', code: voucherDisplay(applied), amount: line ? -line.amount : 0 }
		const amountDue = price.total - (voucher?.kind === 'Gift' ? voucher.amount : 0)
		return { price, errors: {}, voucher, amountDue }
	} catch (error) {
		if (!isAppError(error)) throw error
		const errors = error.fields ?? { _form: [error.messageKey] }
		if (!errors.voucherCode) return { price: null, errors, voucher: null, amountDue: null }
		// A refused voucher: show the price without it, and why.
		const price = calculatePrice(request, settings, summary.additions)
		return { price, errors, voucher: null, amountDue: price.total }
	}
}

function isContactComplete(user: CheckoutUser | null) {
	return Boolean(user && user.role === 'Customer' && user.firstName && user.lastName && user.phoneNumber)
}

/**
 * Everything the wizard page shows for a state. Decides the step: the one
 * asked for if every step before it is complete, otherwise the first
 * incomplete one (a visit without `step` with a valid slot opens at guests).
 */
export function loadCheckout(
	state: CheckoutState,
	dropped: string[],
	user: CheckoutUser | null,
	locale: Locale,
	options: { now?: number; voucherGuessesExhausted?: boolean } = {},
	db: DbOrTx = getDb(),
) {
	const now = options.now ?? Date.now()
	const caller: Caller = user ? { id: user.id, role: user.role } : null
	const summary = getCheckoutSummary({ playroomUrlPath: state.playroomUrlPath }, caller, locale, db)
	const offered = summary.bookingTypes.map((b) => b.bookingType)
	const notes = [...dropped]
	if (state.bookingType && !offered.includes(state.bookingType)) notes.push('bookingType')
	const bookingType =
		state.bookingType && offered.includes(state.bookingType) ? state.bookingType : (offered[0] ?? null)

	// A waitlist hold is free for its holder and busy for everyone else (ADR 0086).
	const holds = { holderId: user?.id ?? null, now }
	const input = loadAvailabilityInput(
		summary.playroomId,
		startOfLocalDay(localDateOf(state.checkIn ?? now)) - 86_400_000,
		startOfLocalDay(addDays(localDateOf(state.checkOut ?? now), MAX_NIGHTS_LOOKAHEAD + 2)),
		db,
		holds,
	)
	const rules = input?.rules ?? null
	let slot: { start: number; end: number } | null =
		state.checkIn !== null && state.checkOut !== null ? { start: state.checkIn, end: state.checkOut } : null
	let slotProblem: StayRejection | null = null
	if (slot && bookingType && input) {
		const rejection = validateStay(input.rules, input.busy, bookingType, slot, now)
		if (rejection && SHAPE.includes(rejection)) {
			notes.push('checkIn')
			slot = null
		} else {
			slotProblem = rejection
		}
	} else if (slot) {
		slot = null
	}
	const effective: CheckoutState = {
		...state,
		bookingType,
		checkIn: slot?.start ?? null,
		checkOut: slot?.end ?? null,
	}

	// Free days ahead (quick links) and the starts of the shown day.
	const freeDays =
		bookingType && rules
			? getStartsForDays(
					summary.playroomId,
					localDateOf(now),
					Math.min(90, rules.horizonDays + 1),
					bookingType,
					{ now, limitPerDay: 1, holderId: holds.holderId },
					db,
				)
					.filter((day) => day.starts.length > 0)
					.map((day) => day.date)
			: []
	const date = state.date ?? (slot ? localDateOf(slot.start) : (freeDays[0] ?? localDateOf(now)))
	const starts =
		bookingType && input && rules
			? availableStarts(rules, loadBusyFor(summary.playroomId, date, db, holds), date, bookingType, now)
			: []

	const {
		price,
		errors: priceErrors,
		voucher,
		amountDue,
	} = bookingType
		? priceOf(
				summary,
				effective,
				bookingType,
				{
					guestId: user?.id ?? null,
					locale,
					now,
					guessesExhausted: options.voucherGuessesExhausted ?? false,
				},
				db,
			)
		: { price: null, errors: {}, voucher: null, amountDue: null }
	const methods = summary.paymentMethods as PaymentMethod[]
	if (effective.paymentMethod && !methods.includes(effective.paymentMethod)) {
		// A method this playroom does not take (a forged or stale link) is dropped and said (issue 11).
		notes.push('paymentMethod')
		effective.paymentMethod = null
	}
	const guestsCount = (effective.adults ?? 0) + effective.children
	const complete: Record<CheckoutStep, boolean> = {
		date: Boolean(slot) && slotProblem === null,
		guests:
			effective.adults !== null &&
			guestsCount >= 1 &&
			guestsCount <= summary.maxGuests &&
			Object.keys(priceErrors).filter((k) => k !== 'voucherCode').length === 0,
		contact: isContactComplete(user),
		payment:
			(amountDue === 0 && !priceErrors.voucherCode) ||
			(effective.paymentMethod !== null &&
				methods.includes(effective.paymentMethod) &&
				!priceErrors.voucherCode),
		review: false,
	}
	const firstIncomplete = CHECKOUT_STEPS.find((step) => !complete[step]) ?? 'review'
	const wanted = state.step ?? (complete.date ? 'guests' : 'date')
	const step =
		CHECKOUT_STEPS.indexOf(wanted) <= CHECKOUT_STEPS.indexOf(firstIncomplete) ? wanted : firstIncomplete
	const alternatives =
		slot && slotProblem && bookingType
			? findAlternatives(summary.playroomId, bookingType, slot, holds, db).map((a) => ({
					...a,
					search: checkoutSearch(effective, { checkIn: a.start, checkOut: a.end, step: 'guests' }),
				}))
			: []
	const bookingSettings = summary.bookingTypes.find((b) => b.bookingType === bookingType) ?? null
	return {
		summary,
		state: effective,
		search: checkoutSearch(effective),
		notes: [...new Set(notes)],
		step,
		complete,
		bookingType,
		bookingSettings,
		date,
		freeDays: freeDays.slice(0, 14),
		maxDate: addDays(localDateOf(now), rules?.horizonDays ?? 365),
		starts: starts.map((option) => ({
			start: option.start,
			durations: option.durations.map((d) => ({ minutes: d.minutes, end: d.end, nights: d.nights ?? null })),
		})),
		slot,
		slotProblem,
		alternatives,
		price,
		priceErrors,
		voucher,
		amountDue,
		paymentMethods: methods,
		refundSchedule: slot ? refundSchedule(summary.cancellationPolicy, slot.start) : [],
		idempotencyKey: createId(),
		now,
	}
}

export type CheckoutView = ReturnType<typeof loadCheckout>

function loadBusyFor(playroomId: string, date: LocalDate, db: DbOrTx, holds: HoldView) {
	return (
		loadAvailabilityInput(
			playroomId,
			startOfLocalDay(addDays(date, -1)),
			startOfLocalDay(addDays(date, MAX_NIGHTS_LOOKAHEAD + 2)),
			db,
			holds,
		)?.busy ?? []
	)
}

/**
 * The date step's choice → a stay. The start must be one the engine offers
 * for that day with that length; otherwise the same errors the booking
 * engine gives (stay not valid / no longer available).
 */
export function resolveChosenStay(
	playroomId: string,
	choice: { bookingType: BookingType; date: LocalDate; start: number; duration?: number | undefined },
	options: { now?: number; holderId?: string | null } = {},
	db: DbOrTx = getDb(),
): { start: number; end: number } {
	const now = options.now ?? Date.now()
	const input = loadAvailabilityInput(
		playroomId,
		startOfLocalDay(addDays(choice.date, -1)),
		startOfLocalDay(addDays(choice.date, MAX_NIGHTS_LOOKAHEAD + 2)),
		db,
		{ holderId: options.holderId ?? null, now },
	)
	if (!input) throw stayRejectionError('BookingTypeNotOffered')
	const option = availableStarts(input.rules, input.busy, choice.date, choice.bookingType, now).find(
		(o) => o.start === choice.start,
	)
	const duration = option
		? choice.bookingType === 'Daily'
			? option.durations[0]
			: choice.bookingType === 'Overnight'
				? option.durations.find((d) => d.nights === (choice.duration ?? 1))
				: option.durations.find((d) => d.minutes === choice.duration)
		: undefined
	if (option && duration) return { start: option.start, end: duration.end }
	// Not offered. Would it be without the other bookings and blocks? Then someone else has it.
	const withoutOthers = availableStarts(input.rules, [], choice.date, choice.bookingType, now).find(
		(o) => o.start === choice.start,
	)
	if (withoutOthers) throw stayRejectionError('Overlap')
	const rejection =
		choice.bookingType === 'Hourly' && choice.duration
			? validateStay(
					input.rules,
					input.busy,
					'Hourly',
					{ start: choice.start, end: choice.start + choice.duration * 60_000 },
					now,
				)
			: null
	throw stayRejectionError(rejection ?? 'NotOnGrid')
}

/** The guest's contact for bookings, kept in the account (first name, last name, phone). */
export function saveBookingContact(
	userId: string,
	contact: { firstName: string; lastName: string; phoneNumber: string },
) {
	immediateTransaction((tx) => {
		tx.update(users)
			.set({ firstName: contact.firstName, lastName: contact.lastName, phoneNumber: contact.phoneNumber })
			.where(eq(users.id, userId))
			.run()
	})
}

/** Extras chosen on the guests step: fields extra_<additionId> with a quantity (0 = none). */
export function readExtrasFromForm(form: FormData, additionIds: readonly string[]) {
	const extras: ExtraSelection[] = []
	const errors: Record<string, string[]> = {}
	for (const id of additionIds) {
		const raw = String(form.get(`extra_${id}`) ?? '').trim()
		if (raw === '' || raw === '0') continue
		const parsed = intParam(0, 999).safeParse(raw)
		if (!parsed.success) {
			errors[`extra_${id}`] = parsed.error.issues.map((issue) => issue.message)
			continue
		}
		if (parsed.data > 0) extras.push({ additionId: id, quantity: parsed.data })
	}
	return { extras, errors }
}

/**
 * The price engine's complaints about guests and extras, named like the
 * guests step's fields (extras.N.… → extra_<additionId>); the total of adults
 * and children stays `guests`, shown at the group of both fields.
 */
export function guestsStepErrors(view: CheckoutView): Record<string, string[]> {
	const errors: Record<string, string[]> = {}
	for (const [field, messages] of Object.entries(view.priceErrors)) {
		if (field === 'voucherCode') continue
		const extra = /^extras\.(\d+)\./.exec(field)
		const name = extra ? `extra_${view.state.extras[Number(extra[1])]?.additionId ?? ''}` : field
		errors[name] = [...(errors[name] ?? []), ...messages]
	}
	return errors
}

/** Payment step: the method must be one the playroom offers here; a voucher code must be accepted. */
export function paymentStepErrors(view: CheckoutView): Record<string, string[]> {
	const errors: Record<string, string[]> = {}
	const method = view.state.paymentMethod
	if (!(view.amountDue === 0) && (!method || !view.paymentMethods.includes(method))) {
		errors.paymentMethod = ['booking:errors.paymentMethodNotAccepted']
	}
	if (view.priceErrors.voucherCode) errors.voucherCode = view.priceErrors.voucherCode
	return errors
}
