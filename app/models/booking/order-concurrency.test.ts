import { sql } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { getDb } from '#app/utils/db.server.ts'
import { bookingFixture, daysAhead, hourlySlot, orderApiBody } from '#tests/helpers/booking.ts'
import { raceInProcesses } from '#tests/helpers/process-race.ts'
import { createLoggedInUser } from '#tests/helpers/users.ts'

const WORKERS = 4
const REQUESTS = 200

describe('no double booking under concurrency', () => {
	test(`${REQUESTS} parallel confirm requests for one slot from ${WORKERS} processes: exactly one order, the rest 409`, async () => {
		const fixture = await bookingFixture({ instantBooking: true })
		const slot = hourlySlot(daysAhead(20), 11, 2)
		const guests = await Promise.all(
			Array.from({ length: REQUESTS }, () =>
				createLoggedInUser({ role: 'Customer', phoneNumber: '+49 30 1234567' }),
			),
		)
		const jobs = guests.map(({ token }, i) => ({
			token,
			body: orderApiBody(fixture.playroom.id, slot, {
				children: 2,
				idempotencyKey: `race-${String(i).padStart(4, '0')}-${Date.now().toString(36)}`,
			}),
		}))
		const results = await raceInProcesses({
			route: '#app/routes/api/customer-orders.ts',
			workers: WORKERS,
			jobs: jobs.map((job) => ({ ...job, path: '/api/Customer/Orders/Create' })),
		})
		expect(results).toHaveLength(REQUESTS)
		const created = results.filter((r) => r.status === 200)
		const refused = results.filter((r) => r.status === 409)
		const other = results.filter((r) => r.status !== 200 && r.status !== 409)
		expect(other.slice(0, 3)).toEqual([])
		expect(created).toHaveLength(1)
		expect(refused).toHaveLength(REQUESTS - 1)
		for (const r of refused) {
			expect(r.error).toEqual({ name: 'SlotNotAvailable', message: 'This time is no longer available' })
		}
		const rows = getDb().all<{ id: string }>(
			sql`SELECT id FROM orders WHERE playroom_id = ${fixture.playroom.id}
					AND status IN ('Requested', 'AwaitingPayment', 'Confirmed')`,
		)
		expect(rows).toHaveLength(1)
		// No two slot-holding orders of any playroom overlap.
		const overlaps = getDb().all(
			sql`SELECT a.id FROM orders a JOIN orders b ON a.playroom_id = b.playroom_id AND a.id < b.id
					WHERE a.status IN ('Requested', 'AwaitingPayment', 'Confirmed')
					AND b.status IN ('Requested', 'AwaitingPayment', 'Confirmed')
					AND a.check_in < b.check_out AND b.check_in < a.check_out`,
		)
		expect(overlaps).toEqual([])
	}, 120_000)
})
