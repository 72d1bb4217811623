import { randomBytes } from 'node:crypto'
import type { BrowserContext } from '@playwright/test'
import type Database from 'better-sqlite3'
import { database, DEMO } from './helpers.ts'

/**
 * The data of journey 3 (PRODUCT.md §1, issue 14), made for one test so no
 * other spec file meets it: a host of its own with a published copy of the
 * demo playroom "Spielwiese Ehrenfeld", a guest of its own, a completed order
 * with a visible rating and an order awaiting its bank transfer. Written into
 * the e2e database directly (copies of seeded rows with new ids), the way
 * admin-orders.spec.ts makes its order: the admin journey starts where the
 * guest and host journeys (tested on their own) end.
 */
export type Journey3Data = {
	suffix: string
	host: { id: string; email: string; displayName: string }
	guest: { id: string; displayName: string }
	playroom: { id: string; name: string; urlPath: string }
	rating: { id: string; comment: string }
	awaiting: { id: string; code: string; totalAmount: number }
}

const newId = () => randomBytes(12).toString('base64url')
const DAY = 86_400_000

type Row = Record<string, unknown>

function insert(db: Database.Database, table: string, row: Row) {
	const columns = Object.keys(row)
	db.prepare(
		`INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})`,
	).run(row)
}

function one(db: Database.Database, sql: string, ...params: unknown[]): Row {
	const row = db.prepare(sql).get(...params) as Row | undefined
	if (!row) throw new Error(`no seeded row for: ${sql}`)
	return row
}

/** The playroom's own rows (opening hours, booking types, photos, …) copied to the new playroom. */
function copyPlayroomChildren(db: Database.Database, fromId: string, toId: string) {
	const tables = [
		'playroom_booking_types',
		'playroom_opening_hours',
		'playroom_additions',
		'playroom_features',
		'playroom_photos',
	]
	for (const table of tables) {
		const id = (db.prepare(`PRAGMA table_info(${table})`).all() as { name: string; type: string }[]).find(
			(column) => column.name === 'id',
		)
		for (const row of db.prepare(`SELECT * FROM ${table} WHERE playroom_id = ?`).all(fromId) as Row[]) {
			const { id: _old, ...rest } = row
			// A text id is ours to make; an integer one the database numbers.
			insert(db, table, {
				...(id ? rest : row),
				...(id?.type === 'TEXT' ? { id: newId() } : {}),
				playroom_id: toId,
			})
		}
	}
}

function copyUser(db: Database.Database, email: string, changes: Row) {
	const template = one(db, 'SELECT * FROM users WHERE email = ?', email)
	const now = Date.now()
	const row = { ...template, id: newId(), created_at: now, updated_at: now, ...changes }
	insert(db, 'users', row)
	return row as Row & { id: string }
}

function orderCode() {
	return `SZ-J${randomBytes(4).toString('hex').slice(0, 5).toUpperCase()}`
}

function copyOrder(db: Database.Database, template: Row, changes: Row) {
	const id = newId()
	const now = Date.now()
	const row: Row = { ...template, id, idempotency_key: id, created_at: now, updated_at: now, ...changes }
	insert(db, 'orders', row)
	insert(db, 'order_status_history', {
		id: newId(),
		order_id: id,
		from_status: null,
		to_status: row.status,
		actor_role: 'System',
		created_at: now,
	})
	return { id, code: String(row.code), totalAmount: Number(row.total_amount) }
}

export function createJourney3Data(): Journey3Data {
	const suffix = randomBytes(4).toString('hex')
	const db = database()
	try {
		return db.transaction(() => {
			const host = copyUser(db, DEMO.host, {
				email: `j3-host-${suffix}@example.test`,
				display_name: `Toberaum Journey ${suffix}`,
				first_name: 'Jana',
				last_name: `Drei${suffix}`,
			})
			const guest = copyUser(db, DEMO.guest, {
				email: `j3-guest-${suffix}@example.test`,
				display_name: `Familie Journey ${suffix}`,
				first_name: 'Jonas',
				last_name: `Gast${suffix}`,
			})
			const template = one(db, `SELECT * FROM playrooms WHERE playroom_url_path = 'spielwiese-ehrenfeld'`)
			const now = Date.now()
			const playroom = {
				...template,
				id: newId(),
				host_id: host.id,
				name: `Spielhöhle Journey ${suffix}`,
				playroom_url_path: `spielhoehle-journey-${suffix}`,
				custom_url: null,
				// A place of its own and the template's old publishing date: the city pages, the
				// "newest" list and the catalogue search other specs read stay as they were.
				city: `Journeyhausen ${suffix}`,
				city_slug: `journeyhausen-${suffix}`,
				status: 'Published',
				rating_average: 5,
				rating_count: 1,
				updated_at: now,
			}
			insert(db, 'playrooms', playroom)
			copyPlayroomChildren(db, String(template.id), playroom.id)

			const orderTemplate = one(
				db,
				`SELECT * FROM orders WHERE status = 'AwaitingPayment' AND payment_method = 'BankTransfer' LIMIT 1`,
			)
			const owned = { playroom_id: playroom.id, guest_id: guest.id, host_id: host.id }
			const pastCheckIn = now - 10 * DAY
			const completed = copyOrder(db, orderTemplate, {
				...owned,
				code: orderCode(),
				status: 'Completed',
				payment_status: 'Paid',
				check_in: pastCheckIn,
				check_out: pastCheckIn + 2 * 3_600_000,
				payment_deadline: null,
				confirmed_at: pastCheckIn - 5 * DAY,
				completed_at: pastCheckIn + 3 * 3_600_000,
			})
			const comment = `Abusive words ${suffix} that the admin hides.`
			const rating = { id: newId(), comment }
			insert(db, 'ratings', {
				id: rating.id,
				order_id: completed.id,
				playroom_id: playroom.id,
				guest_id: guest.id,
				stars: 5,
				cleanliness: 5,
				communication: 5,
				value: 5,
				comment,
				hidden: 0,
				created_at: now - 9 * DAY,
				// Published (issue 32: a rating is hidden until then), so the public page shows it.
				published_at: now - 8 * DAY,
			})
			// Far ahead (~300–320 days, like admin-orders.spec.ts) and in this test's own playroom.
			const checkIn = now + 300 * DAY + Math.floor(Math.random() * 20) * DAY
			const awaiting = copyOrder(db, orderTemplate, {
				...owned,
				code: orderCode(),
				status: 'AwaitingPayment',
				payment_status: 'Unpaid',
				check_in: checkIn,
				check_out: checkIn + 2 * 3_600_000,
				payment_deadline: now + 3 * DAY,
			})
			return {
				suffix,
				host: { id: host.id, email: String(host.email), displayName: String(host.display_name) },
				guest: { id: guest.id, displayName: String(guest.display_name) },
				playroom: { id: playroom.id, name: playroom.name, urlPath: playroom.playroom_url_path },
				rating,
				awaiting,
			}
		})()
	} finally {
		db.close()
	}
}

/** The consent banner answered ("necessary only", as the banner's form stores it), so it covers nothing. */
export async function answerConsent(context: BrowserContext, baseURL: string) {
	const now = new Date().toISOString()
	const record = {
		categories: ['necessary'],
		level: ['necessary'],
		revision: 1,
		data: null,
		rfc_cookie: true,
		consent_date: now,
		consent_uuid: randomBytes(16).toString('hex'),
		last_consent_update: now,
	}
	await context.addCookies([
		{ name: 'cc_cookie', value: encodeURIComponent(JSON.stringify(record)), url: baseURL, sameSite: 'Lax' },
	])
}

/** An amount in cents as the control-transaction form takes it in German and English ("12,50"). */
export function euros(cents: number): string {
	return `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')}`
}
