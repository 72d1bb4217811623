import { and, asc, eq, inArray } from 'drizzle-orm'
import { playrooms } from '#db/schema/catalogue.ts'
import { orders } from '#db/schema/orders.ts'
import { users } from '#db/schema/users.ts'
import { playroomPath } from '#app/utils/catalogue-urls.ts'
import { getDb, type DbOrTx } from '#app/utils/db.server.ts'
import { CONFIRMED_STATES, type ChatCaller } from './chat.server.ts'

/**
 * What a thread shows about the other party beside the messages (issue 32, docs/subsystems/chat.md):
 * the host's published playrooms in the guest's thread list, and — once the pair has a confirmed
 * order — the phone number and the address of the booked playrooms. Before that, contact details
 * stay out of the thread (they are masked in the messages too).
 */
export type HostPlayroomLink = { name: string; path: string }

/** The published playrooms of each host, by name (the guest's thread list). */
export function publishedPlayroomsOfHosts(
	hostIds: string[],
	db: DbOrTx = getDb(),
): Map<string, HostPlayroomLink[]> {
	const byHost = new Map<string, HostPlayroomLink[]>()
	if (hostIds.length === 0) return byHost
	const rows = db
		.select({ hostId: playrooms.hostId, name: playrooms.name, urlPath: playrooms.playroomUrlPath })
		.from(playrooms)
		.where(and(inArray(playrooms.hostId, hostIds), eq(playrooms.status, 'Published')))
		.orderBy(asc(playrooms.name))
		.all()
	for (const row of rows) {
		const list = byHost.get(row.hostId) ?? []
		list.push({ name: row.name, path: playroomPath(row.urlPath) })
		byHost.set(row.hostId, list)
	}
	return byHost
}

export type ConfirmedContact = {
	/** The other party's phone number (the host's for the guest, the guest's for the host). */
	phone: string | null
	/** The playrooms of the pair's confirmed orders: where the stay takes place. */
	places: { name: string; address: string; mobile: boolean }[]
}

/**
 * The contact details a participant sees once the pair has a confirmed (or completed) order;
 * null before — the same rule that unmasks the messages.
 */
export function confirmedContact(
	caller: ChatCaller,
	pair: { guestId: string; hostId: string },
	db: DbOrTx = getDb(),
): ConfirmedContact | null {
	const booked = db
		.selectDistinct({
			name: playrooms.name,
			street: playrooms.street,
			postalCode: playrooms.postalCode,
			city: playrooms.city,
			placeType: playrooms.placeType,
		})
		.from(orders)
		.innerJoin(playrooms, eq(playrooms.id, orders.playroomId))
		.where(
			and(
				eq(orders.guestId, pair.guestId),
				eq(orders.hostId, pair.hostId),
				inArray(orders.status, CONFIRMED_STATES),
			),
		)
		.orderBy(asc(playrooms.name))
		.all()
	if (booked.length === 0) return null
	const otherId = caller.id === pair.hostId ? pair.guestId : pair.hostId
	const other = db.select({ phone: users.phoneNumber }).from(users).where(eq(users.id, otherId)).get()
	return {
		phone: other?.phone?.trim() || null,
		places: booked.map((place) => ({
			name: place.name,
			address: [place.street, `${place.postalCode} ${place.city}`.trim()].filter(Boolean).join(', '),
			mobile: place.placeType === 'Mobile',
		})),
	}
}
