import { eq } from 'drizzle-orm'
import { users } from '#db/schema/users.ts'
import { cityBySlug } from '#app/domain/places.ts'
import { createPlayroom } from '#app/models/catalogue/catalogue.server.ts'
import { createRandom } from './random.ts'
import type { SeedStep } from './types.ts'

/**
 * host@example.com's unfinished Draft (issue 12): besides the three published
 * playrooms the demo host has one playroom whose publishing checklist is not
 * complete (no photos, no English description, no opening hours, no prices),
 * so the overview shows what is missing. A separate random stream keeps the
 * ids and data of the earlier steps unchanged.
 */
export const DEMO_DRAFT_URL_PATH = 'spielwiese-deutz-entwurf'

export const hostOfficeSeedStep: SeedStep = {
	name: 'host office',
	run: ({ db }) => {
		const host = db.select({ id: users.id }).from(users).where(eq(users.email, 'host@example.com')).get()
		const koeln = cityBySlug('koeln')
		if (!host || !koeln) return
		const random = createRandom(1_212)
		createPlayroom(
			{
				id: random.id(),
				hostId: host.id,
				name: 'Spielwiese Deutz (Entwurf)',
				playroomUrlPath: DEMO_DRAFT_URL_PATH,
				descriptionDe: 'Unser neuer Raum in Deutz – bald mit Kletterwand und Bällebad.',
				street: 'Deutzer Freiheit 12',
				postalCode: '50679',
				city: koeln.name,
				citySlug: koeln.slug,
				stateSlug: koeln.stateSlug,
				lat: 50.9377,
				lng: 6.9741,
				maxGuests: 12,
				status: 'Draft',
				paymentMethods: ['BankTransfer'],
				bookingTypes: [
					{
						bookingType: 'Hourly',
						minHours: 1,
						maxHours: 4,
						weekdayPrice: 0,
						weekendPrice: 0,
						guestsIncluded: 10,
					},
				],
			},
			db,
		)
	},
}
