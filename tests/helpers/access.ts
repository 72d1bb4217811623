import { eq } from 'drizzle-orm'
import { orders, type OrderStatus } from '#db/schema/orders.ts'
import { addCodePart, createAccessArea } from '#app/models/host-office/access-areas.server.ts'
import { getDb } from '#app/utils/db.server.ts'
import { bookingFixture, daysAhead, hourlySlot, orderRow, placeOrder } from './booking.ts'
import { createLoggedInUser } from './users.ts'

export const HOUR = 3_600_000

/**
 * A host with a playroom, a key box with the code "Kx7319q" linked to it, and a
 * guest's order moved to `status` at [checkIn, checkOut) relative to now (the
 * order is placed through the booking engine, then its times are shifted so
 * the arrival window can be tested against the real clock).
 */
export async function accessScenario(
	options: { checkIn?: number; hours?: number; status?: OrderStatus; code?: string } = {},
) {
	const host = await createLoggedInUser({ role: 'Owner' })
	const fixture = await bookingFixture({ hostId: host.user.id, instantBooking: true })
	const hostCaller = { id: host.user.id, role: 'Owner' as const }
	const area = createAccessArea(hostCaller, {
		name: 'Schlüsselkasten',
		type: 'KeyBox',
		instructionsDe: 'Rechts neben der Tür.',
		instructionsEn: 'Right of the door.',
		playroomIds: [fixture.playroom.id],
	})
	addCodePart(hostCaller, area.id, { code: options.code ?? 'Kx7319q' })
	const order = placeOrder(fixture, hourlySlot(daysAhead(20), 10), { now: Date.now() })
	const checkIn = options.checkIn ?? Date.now() + 12 * HOUR
	moveOrder(order.id, checkIn, checkIn + (options.hours ?? 3) * HOUR, options.status ?? 'Confirmed')
	return { host, hostCaller, fixture, area, order: orderRow(order.id)! }
}

/** Moves an order in time and status (test set-up only). */
export function moveOrder(
	orderId: string,
	checkIn: number,
	checkOut: number,
	status: OrderStatus = 'Confirmed',
) {
	getDb()
		.update(orders)
		.set({ checkIn: new Date(checkIn), checkOut: new Date(checkOut), status })
		.where(eq(orders.id, orderId))
		.run()
}
