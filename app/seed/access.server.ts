import { eq } from 'drizzle-orm'
import { accessAreaPlayrooms, accessAreas, accessCodeParts, templateTexts } from '#db/schema/access.ts'
import { playrooms } from '#db/schema/catalogue.ts'
import { users } from '#db/schema/users.ts'
import { addDays, localDateOf, startOfLocalDay } from '#app/domain/berlin-time.ts'
import { ensurePlatformTemplates } from '#app/models/host-office/template-texts.server.ts'
import { createRandom } from './random.ts'
import type { SeedStep } from './types.ts'

/**
 * Issue 13: the platform's default template texts (every type, de and en),
 * and for host@example.com a key box on the Ehrenfeld playroom whose code
 * changes monthly, plus an own booking-confirmation text. Own random stream:
 * earlier steps keep their ids.
 */
export const accessSeedStep: SeedStep = {
	name: 'access areas and templates',
	run: ({ db, now }) => {
		ensurePlatformTemplates(db)
		const host = db.select({ id: users.id }).from(users).where(eq(users.email, 'host@example.com')).get()
		if (!host) return
		const random = createRandom(1_313)
		const rooms = db
			.select({ id: playrooms.id, urlPath: playrooms.playroomUrlPath })
			.from(playrooms)
			.where(eq(playrooms.hostId, host.id))
			.all()
			.filter((room) => room.urlPath.startsWith('spielwiese-') && !room.urlPath.endsWith('-entwurf'))
		const area = db
			.insert(accessAreas)
			.values({
				id: random.id(),
				hostId: host.id,
				name: 'Schlüsselkasten Haustür',
				type: 'KeyBox',
				instructionsDe:
					'Der Schlüsselkasten hängt rechts neben der Haustür. Code eingeben, Klappe öffnen, Schlüssel nach dem Besuch zurücklegen.',
				instructionsEn:
					'The key box is to the right of the front door. Enter the code, open the flap and put the key back after your visit.',
			})
			.returning()
			.get()
		for (const room of rooms)
			db.insert(accessAreaPlayrooms).values({ accessAreaId: area.id, playroomId: room.id }).run()
		// One code per month: this month, the next two.
		const today = localDateOf(now.getTime())
		let monthStart = `${today.slice(0, 7)}-01`
		for (let month = 0; month < 3; month++) {
			const next = `${addDays(monthStart, 32).slice(0, 7)}-01`
			db.insert(accessCodeParts)
				.values({
					id: random.id(),
					accessAreaId: area.id,
					label: monthStart.slice(0, 7),
					code: String(random.int(1000, 9999)),
					validFrom: new Date(startOfLocalDay(monthStart)),
					validUntil: new Date(startOfLocalDay(next)),
				})
				.run()
			monthStart = next
		}
		db.insert(templateTexts)
			.values({
				id: random.id(),
				hostId: host.id,
				type: 'BookingConfirmation',
				locale: 'de',
				subject: 'Juhu, {{guestName}}! Deine Buchung {{orderCode}} steht',
				body: 'Wir freuen uns auf euch in {{playroomName}} am {{checkIn}}. Die Anreise-Infos mit dem Code kommen 24 Stunden vorher.\n\nBis bald, {{hostName}}',
			})
			.run()
	},
}
