import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { addDays, localDateOf, localToInstant } from '#app/domain/berlin-time.ts'
import { createOrder } from '#app/models/booking/order-creation.server.ts'
import { getAvailableLists } from '#app/models/booking/playroom-booking.server.ts'
import { closeDb, ensureMigrated, getDb } from '#app/utils/db.server.ts'
import { resetEnvCache } from '#app/utils/env.server.ts'
import { bulkInsert } from './catalogue.bench.ts'
import { fmt, measureLatency, RETURNING_VISITOR, type Benchmark } from './harness.ts'

/**
 * The booking engine's goals (issue 5):
 *   AvailableLists for one playroom over 90 days  ≤ 5 ms p95
 *   order creation  ≥ 1,000 orders/s on distinct slots in one process
 *
 * In-process against a temporary database with 1,000 published playrooms and
 * 50,000 orders (the catalogue benchmark's data), through the same model
 * functions the API and the checkout call — createOrder is the real command:
 * one IMMEDIATE transaction with the idempotency check, the availability
 * re-check, the price, the order row, its history row and the two e-mails
 * in the outbox. AvailableLists is also measured over HTTP against the demo
 * server (the whole request: routing, envelope, JSON).
 */
const ORDERS_TO_CREATE = 3_000

export const bookingBenchmark: Benchmark = {
	name: 'booking',
	async run({ baseUrl, report }) {
		const file = path.join(os.tmpdir(), `spielzimmer-booking-bench-${process.pid}.db`)
		const previousPath = process.env.DATABASE_PATH
		// createOrder uses the process-wide database: point it at the temporary file.
		closeDb()
		process.env.DATABASE_PATH = file
		resetEnvCache()
		try {
			ensureMigrated()
			const db = getDb()
			const now = Date.now()
			const rooms = bulkInsert(db, now)
			const guests = db.$client.prepare(`SELECT id FROM users WHERE role = 'Customer' ORDER BY id`).all() as {
				id: string
			}[]
			report(`data: ${rooms.length} playrooms, 50,000 orders`)

			// AvailableLists, in process: every date of the next 90 days of one playroom.
			const today = localDateOf(now)
			const days = Array.from({ length: 90 }, (_, i) => addDays(today, i))
			const room = rooms[7] as { id: string }
			let d = 0
			const lists = await measureLatency(
				() =>
					getAvailableLists({ playroomId: room.id }, days[d++ % 90] as string, 'Hourly', null, { now }, db),
				1_800,
			)
			report(
				`AvailableLists (model), 90 days of one playroom   p50 ${fmt.ms(lists.p50)}  p95 ${fmt.ms(lists.p95)}  (goal p95 ≤ 5 ms)`,
			)

			// AvailableLists over HTTP against the demo server: one demo playroom, each of the next 90 days.
			let h = 0
			const http = await measureLatency(async () => {
				const url = `${baseUrl}/api/Public/Playrooms/AvailableLists?playroomUrlPath=spielwiese-ehrenfeld&bookingType=Hourly&checkIn=${days[h++ % 90]}`
				const response = await fetch(url, { headers: RETURNING_VISITOR })
				if (!response.ok) throw new Error(`AvailableLists answered ${response.status}`)
				await response.arrayBuffer()
			}, 900)
			report(
				`AvailableLists (HTTP, demo), 90 days              p50 ${fmt.ms(http.p50)}  p95 ${fmt.ms(http.p95)}`,
			)

			// Order creation on distinct slots: 10:00–11:00 on days 100–102 ahead (beyond the bulk orders).
			const slots: { playroomId: string; checkIn: number; checkOut: number }[] = []
			for (let day = 100; slots.length < ORDERS_TO_CREATE + 50; day++) {
				const date = addDays(today, day)
				const checkIn = localToInstant(date, 10 * 60)
				if (checkIn === null) continue
				for (const r of rooms) slots.push({ playroomId: r.id, checkIn, checkOut: checkIn + 3_600_000 })
			}
			let i = 0
			const create = () => {
				const slot = slots[i] as (typeof slots)[number]
				const guest = guests[i % guests.length] as { id: string }
				i++
				return createOrder(
					{
						playroomId: slot.playroomId,
						bookingType: 'Hourly',
						checkIn: slot.checkIn,
						checkOut: slot.checkOut,
						adults: 2,
						children: 2,
						paymentMethod: 'BankTransfer',
						idempotencyKey: `bench-${i}-${slot.playroomId}`,
					},
					{ id: guest.id, role: 'Customer' },
					{ now },
				)
			}
			for (let w = 0; w < 50; w++) create() // warm-up
			const started = performance.now()
			for (let n = 0; n < ORDERS_TO_CREATE; n++) create()
			const seconds = (performance.now() - started) / 1_000
			report(
				`order creation, ${ORDERS_TO_CREATE.toLocaleString('en')} distinct slots   ${Math.round(ORDERS_TO_CREATE / seconds).toLocaleString('en')} orders/s  (${fmt.ms((seconds * 1_000) / ORDERS_TO_CREATE)} each; goal ≥ 1,000 orders/s)`,
			)
			const created = db.$client
				.prepare(`SELECT count(*) AS n FROM orders WHERE idempotency_key LIKE 'bench-%'`)
				.get() as { n: number }
			report(`orders written by the benchmark: ${created.n.toLocaleString('en')}`)
		} finally {
			closeDb()
			if (previousPath === undefined) delete process.env.DATABASE_PATH
			else process.env.DATABASE_PATH = previousPath
			resetEnvCache()
			for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${file}${suffix}`, { force: true })
		}
	},
}
