import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { addDays, localDateOf, localToInstant } from '#app/domain/berlin-time.ts'
import { CITIES } from '#app/domain/places.ts'
import { reindexAllPlayrooms } from '#app/models/catalogue/catalogue.server.ts'
import { getAvailableLists } from '#app/models/booking/playroom-booking.server.ts'
import { searchPlayrooms } from '#app/models/catalogue/playroom-search.server.ts'
import { searchParamsSchema } from '#app/schemas/catalogue.ts'
import { migrateDatabase, openDatabase, type AppDatabase } from '#app/utils/db.server.ts'
import { createRandom } from '#app/seed/random.ts'
import { fmt, measureLatency, type Benchmark } from './harness.ts'

/**
 * The catalogue's query goals (issue 4 and 5), in-process against a separate
 * temporary database with 1,000 published playrooms and 50,000 orders:
 *   Index with a city + date filter  p95 ≤ 20 ms
 *   AvailableLists for one playroom over 90 days  ≤ 5 ms p95
 * The data is bulk-inserted with prepared statements (not the demo seeder).
 */
const PLAYROOMS = 1_000
const ORDERS = 50_000
const STATUSES = [
	'Confirmed',
	'Confirmed',
	'Requested',
	'AwaitingPayment',
	'Completed',
	'Completed',
	'Cancelled',
	'Expired',
]

export function bulkInsert(db: AppDatabase, now: number) {
	const random = createRandom(4242)
	const sqlite = db.$client
	const insertUser = sqlite.prepare(
		`INSERT INTO users (id, email, role, display_name, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)`,
	)
	const insertPlayroom =
		sqlite.prepare(`INSERT INTO playrooms (id, host_id, name, playroom_url_path, description_de,
		description_en, city, city_slug, state_slug, lat, lng, max_guests, status, slot_minutes, buffer_minutes,
		lead_time_hours, horizon_days, rating_average, rating_count, payment_methods, created_at, updated_at, published_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'Published', ?, ?, 0, 365, ?, ?, '["BankTransfer"]', ?, ?, ?)`)
	const insertType =
		sqlite.prepare(`INSERT INTO playroom_booking_types (playroom_id, booking_type, enabled, min_hours,
		max_hours, check_in_minute, check_out_minute, min_nights, max_nights, weekday_price, weekend_price, guests_included)
		VALUES (?, ?, 1, ?, ?, ?, ?, ?, ?, ?, ?, 10)`)
	const insertOpening = sqlite.prepare(
		`INSERT INTO playroom_opening_hours (playroom_id, weekday, open_minute, close_minute) VALUES (?, ?, ?, ?)`,
	)
	const insertOrder =
		sqlite.prepare(`INSERT INTO orders (id, code, playroom_id, guest_id, host_id, booking_type,
		check_in, check_out, adults, children, extras, contact, price, total_amount, payment_method, payment_status,
		status, commission_rate_bp, commission_amount, idempotency_key, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, 'Hourly', ?, ?, 2, 4, '[]', '{}', '{}', 10000, 'BankTransfer', 'Unpaid', ?, 1000, 1000, ?, ?, ?)`)

	const ids: { id: string; hostId: string }[] = []
	sqlite.transaction(() => {
		const guests = Array.from({ length: 200 }, (_, i) => {
			const id = random.id()
			insertUser.run(id, `bench-guest${i}@example.test`, 'Customer', `Bench Guest ${i}`, now, now)
			return id
		})
		const hosts = Array.from({ length: 100 }, (_, i) => {
			const id = random.id()
			insertUser.run(id, `bench-host${i}@example.test`, 'Owner', `Bench Host ${i}`, now, now)
			return id
		})
		for (let i = 0; i < PLAYROOMS; i++) {
			const city = CITIES[i % CITIES.length] ?? CITIES[0]
			if (!city) throw new Error('no cities')
			const id = random.id()
			const hostId = random.pick(hosts)
			insertPlayroom.run(
				id,
				hostId,
				`Bench Spielraum ${i} ${city.name}`,
				`bench-spielraum-${i}`,
				'Ein Spielraum mit Bällebad und Kletterwand.',
				'A playroom with a ball pit and a climbing wall.',
				city.name,
				city.slug,
				city.stateSlug,
				city.lat + (random.next() - 0.5) * 0.1,
				city.lng + (random.next() - 0.5) * 0.15,
				random.int(8, 40),
				random.pick([30, 60]),
				random.pick([0, 15, 30]),
				3 + random.next() * 2,
				random.int(0, 40),
				now,
				now,
				now - random.int(0, 500) * 86_400_000,
			)
			insertType.run(
				id,
				'Hourly',
				1,
				6,
				null,
				null,
				null,
				null,
				random.int(4, 12) * 500,
				random.int(5, 14) * 500,
			)
			if (random.chance(0.4)) insertType.run(id, 'Daily', null, null, null, null, null, null, 25_000, 30_000)
			if (random.chance(0.2)) insertType.run(id, 'Overnight', null, null, 900, 660, 1, 3, 12_000, 14_000)
			for (let weekday = 1; weekday <= 7; weekday++) insertOpening.run(id, weekday, 9 * 60, 19 * 60)
			ids.push({ id, hostId })
		}
		// 50 orders per playroom, one a day apart, from 180 days ago to ~2 months ahead.
		const today = localDateOf(now)
		for (let i = 0; i < ORDERS; i++) {
			const room = ids[i % PLAYROOMS] as { id: string; hostId: string }
			const slot = Math.floor(i / PLAYROOMS)
			const date = addDays(today, slot * 5 - 180 + (i % 5))
			const start = localToInstant(date, (9 + random.int(0, 7)) * 60) ?? now
			const end = start + random.int(1, 3) * 3_600_000
			const code = `B-${i.toString(36).toUpperCase().padStart(6, '0')}`
			insertOrder.run(
				random.id(),
				code,
				room.id,
				random.pick(guests),
				room.hostId,
				start,
				end,
				random.pick(STATUSES),
				code,
				now,
				now,
			)
		}
	})()
	reindexAllPlayrooms(db)
	sqlite.pragma('optimize')
	return ids
}

export const catalogueBenchmark: Benchmark = {
	name: 'catalogue',
	async run({ report }) {
		const file = path.join(os.tmpdir(), `spielzimmer-catalogue-bench-${process.pid}.db`)
		const db = openDatabase(file)
		try {
			migrateDatabase(db)
			const now = Date.now()
			const started = performance.now()
			const rooms = bulkInsert(db, now)
			report(
				`data: ${PLAYROOMS} playrooms, ${ORDERS} orders inserted in ${fmt.ms(performance.now() - started)}`,
			)

			const today = localDateOf(now)
			const dates = Array.from({ length: 14 }, (_, i) => addDays(today, i + 1))
			let n = 0
			const cityDate = await measureLatency(() => {
				const date = dates[n % dates.length] as string
				const city = (CITIES[n++ % 11] as { slug: string }).slug
				return searchPlayrooms(searchParamsSchema.parse({ city, checkIn: date }), null, 'de', { now }, db)
			}, 600)
			report(
				`Index city + date            p50 ${fmt.ms(cityDate.p50)}  p95 ${fmt.ms(cityDate.p95)}  (goal p95 ≤ 20 ms)`,
			)

			const dateOnly = await measureLatency(
				() =>
					searchPlayrooms(
						searchParamsSchema.parse({ checkIn: dates[n++ % dates.length], sort: 'price' }),
						null,
						'de',
						{ now },
						db,
					),
				200,
			)
			report(`Index date only (all 1,000)  p50 ${fmt.ms(dateOnly.p50)}  p95 ${fmt.ms(dateOnly.p95)}`)

			const text = await measureLatency(
				() =>
					searchPlayrooms(
						searchParamsSchema.parse({ q: 'Koeln Bällebad', sort: 'relevance' }),
						null,
						'de',
						{ now },
						db,
					),
				300,
			)
			report(`Index text "Koeln Bällebad"  p50 ${fmt.ms(text.p50)}  p95 ${fmt.ms(text.p95)}`)

			const room = rooms[7] as { id: string }
			const days = Array.from({ length: 90 }, (_, i) => addDays(today, i))
			let d = 0
			const perDay = await measureLatency(
				() =>
					getAvailableLists({ playroomId: room.id }, days[d++ % 90] as string, 'Hourly', null, { now }, db),
				900,
			)
			report(
				`AvailableLists, one date of the next 90   p50 ${fmt.ms(perDay.p50)}  p95 ${fmt.ms(perDay.p95)}  (goal ≤ 5 ms)`,
			)
			const sweep = await measureLatency(() => {
				for (const day of days) getAvailableLists({ playroomId: room.id }, day, 'Hourly', null, { now }, db)
			}, 30)
			report(`AvailableLists, all 90 days in a row      p50 ${fmt.ms(sweep.p50)}  p95 ${fmt.ms(sweep.p95)}`)
		} finally {
			db.$client.close()
			for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${file}${suffix}`, { force: true })
		}
	},
}
