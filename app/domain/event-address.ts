import { AppError } from '#app/utils/app-error.ts'
import { validationMessage } from '#app/utils/validation-messages.ts'
import { kmBetween, resolvePlace, type Place } from './gazetteer.ts'

/**
 * Where a Mobile offer comes to (issue 11, ADR 0065): the guest's address,
 * placed with the shipped gazetteer (postal code or city, no network) and
 * checked against the offer's service radius. A fixed-place playroom takes
 * no address at all: sending one is refused, not silently dropped.
 */
export type EventAddress = { street: string; postalCode: string; city: string }
export type EventAddressPlayroom = {
	placeType: 'FixedPlace' | 'Mobile'
	lat: number
	lng: number
	serviceRadiusKm: number | null
}

export const POSTAL_CODE = /^\d{5}$/

function refuse(errorName: string, field: string, key: string, params?: Record<string, string | number>) {
	const message = validationMessage(key, params)
	return new AppError(400, errorName, { messageKey: key, params, fields: { [field]: [message] } })
}

/** The checked address with its distance, or the AppError that says what is wrong. */
export function checkEventAddress(
	playroom: EventAddressPlayroom,
	address: EventAddress | null | undefined,
): { address: EventAddress; place: Place; distanceKm: number } | null {
	if (playroom.placeType !== 'Mobile') {
		if (address)
			throw refuse('EventAddressNotAllowed', 'eventAddress', 'booking:errors.eventAddressFixedPlace')
		return null
	}
	if (!address?.street || !address.postalCode || !address.city) {
		const required = ['validation.required']
		throw new AppError(400, 'ValidationError', {
			fields: {
				...(address?.street ? {} : { 'eventAddress.street': required }),
				...(address?.postalCode ? {} : { 'eventAddress.postalCode': required }),
				...(address?.city ? {} : { 'eventAddress.city': required }),
			},
		})
	}
	if (!POSTAL_CODE.test(address.postalCode)) {
		throw refuse('ValidationError', 'eventAddress.postalCode', 'booking:errors.postalCodeFormat')
	}
	const place = resolvePlace(`${address.city} ${address.postalCode}`)
	if (!place) throw refuse('EventAddressUnknown', 'eventAddress.city', 'booking:errors.eventAddressUnknown')
	const distanceKm = kmBetween(playroom, place)
	if (playroom.serviceRadiusKm !== null && distanceKm > playroom.serviceRadiusKm) {
		throw refuse('OutsideServiceRadius', 'eventAddress.city', 'booking:errors.eventAddressTooFar', {
			distance: Math.round(distanceKm),
			radius: playroom.serviceRadiusKm,
		})
	}
	return { address, place, distanceKm }
}
