import type { BookingType } from '#db/schema/catalogue.ts'
import { addDays, isoWeekday, localDateOf, localToInstant } from './berlin-time.ts'
import {
	calculatePrice,
	type AdditionDefinition,
	type PriceBreakdown,
	type PriceSettings,
	type TaxStatus,
} from './pricing.ts'

/**
 * The example breakdown of the editor's price tab (issue 12): the real price
 * engine on a typical stay — the next Monday, the shortest allowed stay,
 * two guests more than included (within the maximum), every extra once.
 * Pure, so the page renders it on the server and recomputes it in the
 * browser from the unsaved form values.
 */
export type ExampleStay = { minHours?: number | null; minNights?: number | null }

export function priceExample(
	bookingType: BookingType,
	settings: PriceSettings,
	additions: readonly Omit<AdditionDefinition, 'id'>[],
	options: { maxGuests: number; stay: ExampleStay; now: number; taxStatus: TaxStatus },
): { breakdown: PriceBreakdown; guests: number } | null {
	const today = localDateOf(options.now)
	let monday = addDays(today, 1)
	while (isoWeekday(monday) !== 1) monday = addDays(monday, 1)
	const at = (days: number, minute: number) => localToInstant(addDays(monday, days), minute) ?? 0
	const hours = Math.max(1, options.stay.minHours ?? 2)
	const nights = Math.max(1, options.stay.minNights ?? 1)
	const [start, end] =
		bookingType === 'Hourly'
			? [at(0, 10 * 60), at(0, 10 * 60 + hours * 60)]
			: bookingType === 'Daily'
				? [at(0, 9 * 60), at(0, 18 * 60)]
				: [at(0, 15 * 60), at(nights, 11 * 60)]
	const guests = Math.max(1, Math.min(options.maxGuests, settings.guestsIncluded + 2))
	const definitions = additions.map((addition, index) => ({ ...addition, id: `example-${index}` }))
	try {
		const breakdown = calculatePrice(
			{
				bookingType,
				start,
				end,
				guests,
				maxGuests: options.maxGuests,
				extras: definitions.map((d) => ({ additionId: d.id, quantity: 1 })),
				now: options.now,
				taxStatus: options.taxStatus,
			},
			settings,
			definitions,
		)
		return { breakdown, guests }
	} catch {
		return null
	}
}
