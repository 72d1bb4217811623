import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { sql } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { getDb } from '#app/utils/db.server.ts'
import { getEnv } from '#app/utils/env.server.ts'
import { bookingFixture, daysAhead, hourlySlot, orderApiBody } from '#tests/helpers/booking.ts'
import { createLoggedInUser } from '#tests/helpers/users.ts'

const run = promisify(execFile)
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
		// The test's database has to be on disk for the other processes: flush the WAL first.
		getDb().$client.pragma('wal_checkpoint(TRUNCATE)')
		const barrier = fs.mkdtempSync(path.join(os.tmpdir(), 'order-race-'))
		const worker = path.resolve('tests/fixtures/order-race-worker.ts')
		const tsx = path.resolve('node_modules/.bin/tsx')
		const perWorker = REQUESTS / WORKERS
		try {
			const outputs = await Promise.all(
				Array.from({ length: WORKERS }, (_, w) =>
					run(tsx, [worker], {
						env: {
							...process.env,
							DATABASE_PATH: getEnv().DATABASE_PATH,
							BARRIER_DIR: barrier,
							WORKERS: String(WORKERS),
							RACE_JOBS: JSON.stringify(jobs.slice(w * perWorker, (w + 1) * perWorker)),
						},
						maxBuffer: 10 * 1024 * 1024,
					}).then(
						({ stdout }) =>
							JSON.parse(stdout.trim().split('\n').at(-1) ?? '[]') as {
								status: number
								error: { name: string; message: string } | null
								orderId: string | null
							}[],
					),
				),
			)
			const results = outputs.flat()
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
		} finally {
			fs.rmSync(barrier, { recursive: true, force: true })
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
