import type { TranslationShape } from '../types.ts'
import type { catalogue as de } from '../de/catalogue.ts'

/** English: the public catalogue. */
export const catalogue: TranslationShape<typeof de> = {
	bookingTypes: {
		Hourly: 'By the hour',
		Daily: 'Whole day',
		Overnight: 'Overnight',
	},
	placeTypes: {
		FixedPlace: 'Fixed place',
		Mobile: 'Mobile offer',
	},
	cancellationPolicies: {
		Flexible: 'Flexible: free cancellation until 24 hours before the start',
		Moderate: 'Moderate: free until 5 days before, then a 50 % refund',
		Strict: 'Strict: 50 % refund until 7 days before, then none',
	},
	paymentMethods: {
		BankTransfer: 'Bank transfer',
		OnSite: 'Pay on site',
		Card: 'Credit card',
	},
	statuses: {
		Draft: 'Draft',
		Published: 'Published',
		Paused: 'Paused',
		Blocked: 'Blocked',
	},
	sort: {
		relevance: 'Relevance',
		price: 'Price, lowest first',
		priceDesc: 'Price, highest first',
		rating: 'Rating',
		newest: 'Newest first',
		distance: 'Distance',
	},
	units: {
		hour: 'hour',
		day: 'day',
		night: 'night',
		booking: 'booking',
		guest: 'guest',
	},
	priceLines: {
		baseWeekday: 'Base price (weekday)',
		baseWeekend: 'Base price (weekend)',
		extraGuests: 'Additional guests',
		cleaning: 'Final cleaning',
		lastMinuteDiscount: 'Last-minute discount',
		voucher: 'Voucher {{code}}',
		total: 'Total',
		vatContained: 'includes {{rate}} % VAT',
		deposit: 'Deposit (paid on site)',
	},
	occupation: {
		booked: 'Booked',
		blocked: 'Blocked',
	},
	errors: {
		playroomNotFound: 'This playroom does not exist (any more).',
		playroomPageNotFound: 'This page of the playroom does not exist.',
		contentPageNotFound: 'This page does not exist.',
		voucherNotAccepted: 'This voucher code cannot be redeemed.',
		checkOutBeforeCheckIn: 'The end must be after the start.',
		bookingTypeNotOffered: 'This playroom does not offer this booking type.',
		stayNotValid: 'This period does not fit the playroom’s opening hours and booking rules.',
		rangeTooLong: 'The period may be at most {{max}} days long.',
		noWebsite: 'This playroom has no website of its own.',
		unknownFeature: 'Unknown feature',
		coordinatesIncomplete: 'Latitude and longitude belong together.',
		idOrPathRequired: 'Please give the playroom’s id or address.',
		imageNotSupported: 'Please upload an image (JPEG, PNG, WebP, AVIF, GIF or HEIC).',
		imageTooLarge: 'The image may be at most {{max}} MB.',
	},
}
