/**
 * A generated export of the original system in the import format
 * (docs/subsystems/import.md), every id,
 * e-mail, path and code prefixed with `prefix` (lower-case letters/digits) so fixtures do not collide: `hosts` hosts and `users - hosts` guests,
 * playrooms spread over the hosts, orders spread over guests and playrooms.
 */
export function generateImportExport(options: {
	users: number
	playrooms: number
	orders: number
	hosts?: number
	prefix?: string
}) {
	const x = options.prefix ?? ''
	const hosts = options.hosts ?? Math.max(1, Math.floor(options.users / 10))
	const users = Array.from({ length: options.users }, (_, i) => ({
		legacyId: `${x}u${i}`,
		email: `${x}import-${i}@example.org`,
		role: i < hosts ? 'Owner' : 'Customer',
		displayName: `${x}importuser${i}`,
		firstName: `First${i}`,
		lastName: `Last${i}`,
		langPreference: i % 3 === 0 ? 'en' : 'de',
		emailConfirmed: i % 2 === 0,
		createdAt: new Date(Date.UTC(2023, 0, 1) + i * 3_600_000).toISOString(),
	}))
	const playrooms = Array.from({ length: options.playrooms }, (_, i) => ({
		legacyId: `${x}p${i}`,
		hostLegacyId: `${x}u${i % hosts}`,
		name: `Imported playroom ${i}`,
		playroomUrlPath: `${x}imported-playroom-${i}`,
		city: i % 2 ? 'Berlin' : 'Hamburg',
		postalCode: '10115',
		street: `Street ${i}`,
		lat: 52.5,
		lng: 13.4,
		maxGuests: 10 + (i % 20),
		status: 'Published',
	}))
	const guests = options.users - hosts
	const orders = Array.from({ length: options.orders }, (_, i) => {
		const checkIn = Date.UTC(2024, 0, 1) + i * 7_200_000
		return {
			legacyId: `${x}o${i}`,
			code: `${x.toUpperCase()}LEG-${String(i).padStart(6, '0')}`,
			playroomLegacyId: `${x}p${i % options.playrooms}`,
			guestLegacyId: `${x}u${hosts + (i % Math.max(1, guests))}`,
			bookingType: 'Hourly',
			checkIn: new Date(checkIn).toISOString(),
			checkOut: new Date(checkIn + 3_600_000).toISOString(),
			adults: 2,
			children: i % 4,
			totalAmount: 5_000 + i,
			commissionRateBp: 1_000,
			paymentMethod: 'BankTransfer',
			paymentStatus: 'Paid',
			status: i % 10 === 0 ? 'Cancelled' : 'Completed',
		}
	})
	return { users, playrooms, orders }
}
