import { features } from '#db/schema/catalogue.ts'
import { orders } from '#db/schema/orders.ts'
import { createPlayroom, type PlayroomInput } from '#app/models/catalogue/catalogue.server.ts'
import { getDb } from '#app/utils/db.server.ts'
import { createTestUser } from './users.ts'

let counter = 0

export const TEST_FEATURES = [
	{ key: 'ball-pit', icon: 'ball-pit', nameDe: 'Bällebad', nameEn: 'Ball pit', position: 0 },
	{
		key: 'climbing-wall',
		icon: 'climbing-wall',
		nameDe: 'Kletterwand',
		nameEn: 'Climbing wall',
		position: 1,
	},
	{ key: 'kitchen', icon: 'kitchen', nameDe: 'Küche', nameEn: 'Kitchen', position: 2 },
]

export function ensureTestFeatures() {
	getDb().insert(features).values(TEST_FEATURES).onConflictDoNothing().run()
}

/** Opening hours 09:00–18:00 every day. */
export const EVERY_DAY_9_TO_18 = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
	weekday,
	openMinute: 540,
	closeMinute: 1080,
}))

/**
 * A playroom with sensible defaults (Published, Köln, hourly 2–4 h at 35/45 €,
 * open 9–18 every day); pass overrides for what a test is about.
 */
export async function createTestPlayroom(overrides: Partial<PlayroomInput> = {}) {
	counter++
	ensureTestFeatures()
	const hostId = overrides.hostId ?? (await createTestUser({ role: 'Owner' })).id
	const input: PlayroomInput = {
		hostId,
		name: `Testraum ${counter}`,
		playroomUrlPath: `testraum-${counter}-${Math.random().toString(36).slice(2, 7)}`,
		descriptionDe: 'Ein heller Raum zum Spielen.',
		descriptionEn: 'A bright room to play in.',
		city: 'Köln',
		citySlug: 'koeln',
		stateSlug: 'nordrhein-westfalen',
		street: 'Teststraße 1',
		postalCode: '50667',
		lat: 50.9375,
		lng: 6.9603,
		maxGuests: 20,
		status: 'Published',
		publishedAt: new Date(),
		slotMinutes: 60,
		bufferMinutes: 0,
		leadTimeHours: 0,
		horizonDays: 365,
		paymentMethods: ['BankTransfer', 'OnSite'],
		websiteUrl: 'https://www.example.com/spielraum',
		openingHours: EVERY_DAY_9_TO_18,
		bookingTypes: [
			{
				bookingType: 'Hourly',
				minHours: 2,
				maxHours: 4,
				weekdayPrice: 3_500,
				weekendPrice: 4_500,
				guestsIncluded: 10,
				extraGuestFee: 500,
				cleaningFee: 2_500,
				deposit: 5_000,
			},
		],
		...overrides,
	}
	const id = createPlayroom(input)
	return { id, hostId, input }
}

/** A slot-holding (or other) order, straight into the table. */
export async function createTestOrder(input: {
	playroomId: string
	hostId: string
	checkIn: Date
	checkOut: Date
	status?: (typeof orders.$inferInsert)['status']
}) {
	const guest = await createTestUser()
	return getDb()
		.insert(orders)
		.values({
			code: `SZ-${Math.random().toString(36).slice(2, 8).toUpperCase()}`,
			playroomId: input.playroomId,
			guestId: guest.id,
			hostId: input.hostId,
			bookingType: 'Hourly',
			checkIn: input.checkIn,
			checkOut: input.checkOut,
			adults: 2,
			children: 4,
			contact: { firstName: 'Gabi', lastName: 'Geheim', email: guest.email, phoneNumber: '+49 170 1234567' },
			price: { currency: 'EUR', lines: [], total: 10_000, vatRatePercent: 19, vatAmount: 1_597, deposit: 0 },
			totalAmount: 10_000,
			paymentMethod: 'BankTransfer',
			status: input.status ?? 'Confirmed',
			commissionRateBp: 1000,
			commissionAmount: 1_000,
			idempotencyKey: Math.random().toString(36),
		})
		.returning()
		.get()
}
