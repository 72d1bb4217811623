import { asc, eq } from 'drizzle-orm'
import {
	BOOKING_TYPES,
	playroomBookingTypes,
	playroomOpeningHours,
	playrooms,
	SAFETY_ITEMS,
	type BookingType,
	type PaymentMethod,
} from '#db/schema/catalogue.ts'
import { users } from '#db/schema/users.ts'
import type { AvailabilityInput, PaymentInput, RulesInput } from '#app/schemas/host-editor.ts'
import { WEEKDAY_FIELDS } from '#app/schemas/host-editor.ts'
import { maskIban } from '#app/utils/iban.ts'
import { getDb, type DbOrTx } from '#app/utils/db.server.ts'
import { isCardPaymentConfigured } from '#app/utils/stripe.server.ts'
import { readBookingTypes, write, type Editor } from './host-editor.server.ts'
import type { ManagedPlayroom } from './playroom-access.server.ts'

/** The rules, availability and payment tabs of the host's playroom editor (see host-editor.server.ts). */
// ── rules ─────────────────────────────────────────────────────────────────────
export function readRules(playroom: ManagedPlayroom) {
	return {
		rulesDe: playroom.rulesDe,
		rulesEn: playroom.rulesEn,
		cancellationPolicy: playroom.cancellationPolicy,
		instantBooking: playroom.instantBooking,
		minChildAge: playroom.minChildAge,
		maxChildAge: playroom.maxChildAge,
		safety: playroom.safetyChecklist,
	}
}

export function saveRules(editor: Editor, playroomId: string, input: RulesInput) {
	return write(editor, playroomId, (_playroom, tx) => {
		tx.update(playrooms)
			.set({
				rulesDe: input.rulesDe,
				rulesEn: input.rulesEn,
				cancellationPolicy: input.cancellationPolicy,
				instantBooking: input.instantBooking,
				minChildAge: input.minChildAge ?? null,
				maxChildAge: input.maxChildAge ?? null,
				safetyChecklist: input.safety,
				safetyChecked: SAFETY_ITEMS.every((item) => input.safety.includes(item)),
			})
			.where(eq(playrooms.id, playroomId))
			.run()
	})
}

// ── availability ──────────────────────────────────────────────────────────────
const hhmm = (minute: number | null | undefined) =>
	minute == null
		? undefined
		: `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`

export function readAvailability(playroom: ManagedPlayroom, db: DbOrTx = getDb()) {
	const types = new Map(readBookingTypes(playroom.id, db).map((t) => [t.bookingType, t]))
	const hourly = types.get('Hourly')
	const overnight = types.get('Overnight')
	const opening = db
		.select()
		.from(playroomOpeningHours)
		.where(eq(playroomOpeningHours.playroomId, playroom.id))
		.orderBy(asc(playroomOpeningHours.weekday), asc(playroomOpeningHours.openMinute))
		.all()
	return {
		hourly: Boolean(hourly?.enabled),
		minHours: hourly?.minHours ?? undefined,
		maxHours: hourly?.maxHours ?? undefined,
		daily: Boolean(types.get('Daily')?.enabled),
		overnight: Boolean(overnight?.enabled),
		checkIn: hhmm(overnight?.checkInMinute),
		checkOut: hhmm(overnight?.checkOutMinute),
		minNights: overnight?.minNights ?? undefined,
		maxNights: overnight?.maxNights ?? undefined,
		hours: Object.fromEntries(
			WEEKDAY_FIELDS.map((field, index) => [
				field,
				opening
					.filter((o) => o.weekday === index + 1)
					.map((o) => `${hhmm(o.openMinute)}-${o.closeMinute === 1440 ? '24:00' : hhmm(o.closeMinute)}`)
					.join(', '),
			]),
		) as Record<(typeof WEEKDAY_FIELDS)[number], string>,
		slotMinutes: playroom.slotMinutes,
		bufferMinutes: playroom.bufferMinutes,
		leadTimeHours: playroom.leadTimeHours,
		horizonDays: playroom.horizonDays,
	}
}

export function saveAvailability(editor: Editor, playroomId: string, input: AvailabilityInput) {
	const minutes = (value: string | undefined) => {
		const [h = 0, m = 0] = (value ?? '00:00').split(':').map(Number)
		return h * 60 + m
	}
	return write(editor, playroomId, (playroom, tx) => {
		const settings: Record<
			BookingType,
			Partial<typeof playroomBookingTypes.$inferInsert> & { enabled: boolean }
		> = {
			Hourly: {
				enabled: input.hourly,
				...(input.hourly ? { minHours: input.minHours, maxHours: input.maxHours } : {}),
			},
			Daily: { enabled: input.daily },
			Overnight: {
				enabled: input.overnight,
				...(input.overnight
					? {
							checkInMinute: minutes(input.checkIn),
							checkOutMinute: minutes(input.checkOut),
							minNights: input.minNights,
							maxNights: input.maxNights,
						}
					: {}),
			},
		}
		for (const bookingType of BOOKING_TYPES) {
			const set = settings[bookingType]
			// A newly offered type starts without prices: the price tab (and publishing) asks for them.
			tx.insert(playroomBookingTypes)
				.values({
					playroomId,
					bookingType,
					weekdayPrice: 0,
					weekendPrice: 0,
					guestsIncluded: playroom.maxGuests,
					...set,
				})
				.onConflictDoUpdate({
					target: [playroomBookingTypes.playroomId, playroomBookingTypes.bookingType],
					set,
				})
				.run()
		}
		tx.delete(playroomOpeningHours).where(eq(playroomOpeningHours.playroomId, playroomId)).run()
		const rows = WEEKDAY_FIELDS.flatMap((field, index) =>
			input.hours[field].map((range) => ({ ...range, weekday: index + 1, playroomId })),
		)
		if (rows.length) tx.insert(playroomOpeningHours).values(rows).run()
		tx.update(playrooms)
			.set({
				slotMinutes: input.slotMinutes,
				bufferMinutes: input.bufferMinutes,
				leadTimeHours: input.leadTimeHours,
				horizonDays: input.horizonDays,
			})
			.where(eq(playrooms.id, playroomId))
			.run()
	})
}

// ── paymentAndInvoice ─────────────────────────────────────────────────────────
export function readPayment(playroom: ManagedPlayroom, db: DbOrTx = getDb()) {
	const host = db.select().from(users).where(eq(users.id, playroom.hostId)).get()
	return {
		onSite: playroom.paymentMethods.includes('OnSite'),
		card: playroom.paymentMethods.includes('Card'),
		cardAvailable: isCardPaymentConfigured(),
		companyName: host?.companyName ?? '',
		street: host?.street ?? '',
		postalCode: host?.postalCode ?? '',
		city: host?.city ?? '',
		country: host?.country ?? '',
		vatId: host?.vatId ?? '',
		taxStatus: host?.taxStatus ?? 'Private',
		taxNumber: host?.taxNumber ?? '',
		maskedIban: maskIban(host?.payoutIban ?? null),
	}
}

export function savePayment(editor: Editor, playroomId: string, input: PaymentInput) {
	return write(editor, playroomId, (playroom, tx) => {
		const methods: PaymentMethod[] = [
			'BankTransfer',
			...(input.onSite ? (['OnSite'] as const) : []),
			...(input.card && isCardPaymentConfigured() ? (['Card'] as const) : []),
		]
		tx.update(playrooms).set({ paymentMethods: methods }).where(eq(playrooms.id, playroomId)).run()
		tx.update(users)
			.set({
				companyName: input.companyName ?? null,
				street: input.street ?? null,
				postalCode: input.postalCode ?? null,
				city: input.city ?? null,
				country: input.country ?? null,
				vatId: input.vatId ?? null,
				taxStatus: input.taxStatus,
				taxNumber: input.taxNumber ?? null,
				// The booking prices' VAT display reads this flag (ADR 0150): kept equal to the tax status.
				smallBusiness: input.taxStatus === 'SmallBusiness',
				...(input.payoutIban ? { payoutIban: input.payoutIban } : {}),
			})
			.where(eq(users.id, playroom.hostId))
			.run()
	})
}
