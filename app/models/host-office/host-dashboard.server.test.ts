import { describe, expect, test } from 'vitest'
import { playroomBlocks } from '#db/schema/catalogue.ts'
import { getDb } from '#app/utils/db.server.ts'
import { createTestOrder, createTestPlayroom } from '#tests/helpers/catalogue.ts'
import { createTestUser } from '#tests/helpers/users.ts'
import { hostCalendarConflicts } from './host-dashboard.server.ts'

const HOUR = 3_600_000

describe('host dashboard: calendar conflicts (issue 13)', () => {
	test('an imported busy time over a slot-holding order is named with the order; host blocks, cancelled orders and other hosts are not', async () => {
		const host = await createTestUser({ role: 'Owner' })
		const other = await createTestUser({ role: 'Owner' })
		const playroom = await createTestPlayroom({ hostId: host.id })
		const start = Date.now() + 10 * 24 * HOUR
		const order = await createTestOrder({
			playroomId: playroom.id,
			hostId: host.id,
			checkIn: new Date(start),
			checkOut: new Date(start + 2 * HOUR),
			status: 'Confirmed',
		})
		await createTestOrder({
			playroomId: playroom.id,
			hostId: host.id,
			checkIn: new Date(start),
			checkOut: new Date(start + 2 * HOUR),
			status: 'Cancelled',
		})
		const block = (source: 'ICal' | 'Host', from: number, to: number, note: string) =>
			getDb()
				.insert(playroomBlocks)
				.values({ playroomId: playroom.id, startsAt: new Date(from), endsAt: new Date(to), source, note })
				.run()
		block('ICal', start + HOUR, start + 3 * HOUR, 'Familienfeier')
		block('Host', start, start + HOUR, 'Renovierung')
		block('ICal', start + 5 * HOUR, start + 6 * HOUR, 'später')

		const conflicts = hostCalendarConflicts(host.id)
		expect(conflicts).toEqual([
			expect.objectContaining({ orderId: order.id, orderCode: order.code, eventTitle: 'Familienfeier' }),
		])
		expect(hostCalendarConflicts(other.id)).toEqual([])
		// Once the overlap is in the past it is no longer shown.
		expect(hostCalendarConflicts(host.id, { now: start + 4 * HOUR })).toEqual([])
	})
})
