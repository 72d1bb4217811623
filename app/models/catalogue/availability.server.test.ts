import { describe, expect, test } from 'vitest'
import { playroomBlocks } from '#db/schema/catalogue.ts'
import { localToInstant } from '#app/domain/berlin-time.ts'
import { getStartsForDays } from '#app/models/booking/booking-availability.server.ts'
import { getDb } from '#app/utils/db.server.ts'
import { createTestPlayroom } from '#tests/helpers/catalogue.ts'
import { loadBusyIntervals } from './availability.server.ts'

/**
 * Issue 31.10: the playroom's buffer applies around busy times imported from
 * another calendar (iCal), as around its own bookings (ADR 0152) — an import
 * ending at 16:00 with a 30-minute buffer frees the room at 16:30, and a stay
 * must end 30 minutes before an import starts. A host's own block keeps no buffer.
 */
const DAY = '2026-09-16' // a Wednesday, open 09:00–18:00 in the test playroom
const at = (minute: number) => localToInstant(DAY, minute) ?? 0
const NOW = Date.parse('2026-09-01T08:00:00Z')

async function playroomWithBuffer() {
	return createTestPlayroom({
		slotMinutes: 30,
		bufferMinutes: 30,
		bookingTypes: [
			{
				bookingType: 'Hourly',
				minHours: 1,
				maxHours: 1,
				weekdayPrice: 3_000,
				weekendPrice: 3_000,
				guestsIncluded: 10,
			},
		],
	})
}

function block(playroomId: string, from: number, to: number, source: 'Host' | 'ICal') {
	getDb()
		.insert(playroomBlocks)
		.values({
			playroomId,
			startsAt: new Date(from),
			endsAt: new Date(to),
			source,
			externalUid: source === 'ICal' ? `feed:${from}` : null,
		})
		.run()
}

function startsOf(playroomId: string) {
	return (getStartsForDays(playroomId, DAY, 1, 'Hourly', { now: NOW })[0]?.starts ?? []).map((s) => s.start)
}

describe('availability: buffers around imported busy times', () => {
	test('an import ending at 16:00 with a 30-minute buffer offers 16:30 first, not 16:00', async () => {
		const playroom = await playroomWithBuffer()
		block(playroom.id, at(14 * 60), at(16 * 60), 'ICal')
		const starts = startsOf(playroom.id)
		expect(starts).not.toContain(at(16 * 60))
		expect(starts).toContain(at(16 * 60 + 30))
		// Before the import: a one-hour stay plus its buffer must end by 14:00 (start 12:30 at the latest).
		expect(starts).toContain(at(12 * 60 + 30))
		expect(starts).not.toContain(at(13 * 60))
		const busy = loadBusyIntervals([playroom.id], at(0), at(24 * 60)).get(playroom.id)
		expect(busy).toEqual([{ start: at(14 * 60), end: at(16 * 60), kind: 'imported' }])
	})

	test('a host block keeps no buffer after it (the host chose its end)', async () => {
		const playroom = await playroomWithBuffer()
		block(playroom.id, at(14 * 60), at(16 * 60), 'Host')
		expect(startsOf(playroom.id)).toContain(at(16 * 60))
	})
})
