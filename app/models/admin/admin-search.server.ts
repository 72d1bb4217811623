import type { PlayroomStatus } from '#db/schema/catalogue.ts'
import type { OrderStatus } from '#db/schema/orders.ts'
import type { UserRole } from '#db/schema/users.ts'
import { ftsQuery, slugify } from '#app/domain/search-text.ts'
import { AppError } from '#app/utils/app-error.ts'
import { getDb, type AppDatabase } from '#app/utils/db.server.ts'
import { syncAdminSearchIndex } from './admin-search-index.server.ts'

/**
 * /admin/search and GET /api/Admin/Search/Get (issue 14, ADR 0092): one box
 * that finds users (name, e-mail, display name), orders (code, guest) and
 * playrooms (name, path, city). Words are matched as prefixes after the
 * catalogue's German folding (Köln = Koeln = Koln); user input never reaches
 * FTS syntax (`ftsQuery` keeps `[a-z0-9]` words and quotes each one).
 *
 * Exact shortcuts come first: an e-mail address (the user and their orders),
 * an order code ("SZ-7K3M9Q", "sz7k3m9q") and a playroom path (also a pasted
 * URL) are looked up by their indexes; an e-mail that exists skips the text
 * search (its words "example", "com" would match everyone). Orders are listed newest first (rowid order lets FTS5 stop
 * after the page); users by relevance among their newest 300 matches,
 * playrooms by relevance.
 */
export const SEARCH_GROUP_LIMIT = 10

export type AdminSearchUser = {
	id: string
	role: UserRole
	displayName: string
	name: string
	email: string
	deleted: boolean
	/** The admin page of the user (locale-free). */
	path: string
}
export type AdminSearchOrder = {
	id: string
	code: string
	status: OrderStatus
	guestName: string
	playroomName: string
	checkIn: string
	path: string
}
export type AdminSearchPlayroom = {
	id: string
	name: string
	city: string
	urlPath: string
	status: PlayroomStatus
	path: string
}
export type AdminSearchResult = {
	query: string
	users: AdminSearchUser[]
	orders: AdminSearchOrder[]
	playrooms: AdminSearchPlayroom[]
	/** A group has more matches than shown. */
	more: { users: boolean; orders: boolean; playrooms: boolean }
	/**
	 * The user and order index is still being built (ADR 0108): names are not searched yet; e-mail
	 * addresses, order codes and playrooms are.
	 */
	indexing: boolean
}

export function adminUserPath(user: { id: string; role: UserRole; email: string }): string {
	if (user.role === 'Owner') return `/admin/hosts/${user.id}`
	if (user.role === 'Customer') return `/admin/guests/${user.id}`
	return `/admin/admins?q=${encodeURIComponent(user.email)}`
}

/** Users are ranked among the newest matches only: a common name costs the same as a rare one. */
const RANKED_CANDIDATES = 300

const CODE_PATTERN = /^sz-?([a-z0-9]{1,6})$/i

/**
 * The order codes (without "SZ-") a code-like query may mean: "SZ-7K3M9Q" and "sz7k3m9q" the part
 * after the prefix — and "SZDA7Y" also itself, for the code "SZ-SZDA7Y" typed without its prefix.
 * Other queries (a bare suffix, a name) go to the full-text search.
 */
function orderCodeCandidates(query: string): string[] {
	const compact = query.replace(/\s+/g, '').toUpperCase()
	const afterPrefix = CODE_PATTERN.exec(compact)?.[1]
	if (!afterPrefix) return []
	return compact.length <= 6 ? [compact, afterPrefix] : [afterPrefix]
}

/** Merges exact hits (first) and text hits without duplicates, cut to the limit (+1 to tell "more"). */
function merge<T extends { id: string }>(exact: T[], found: T[], limit: number): T[] {
	const seen = new Set<string>()
	return [...exact, ...found].filter((item) => !seen.has(item.id) && seen.add(item.id)).slice(0, limit + 1)
}

type UserRow = {
	id: string
	role: UserRole
	display_name: string
	first_name: string
	last_name: string
	email: string
	deleted_at: number | null
}
const USER_COLUMNS = 'u.id, u.role, u.display_name, u.first_name, u.last_name, u.email, u.deleted_at'

function toUser(row: UserRow): AdminSearchUser {
	return {
		id: row.id,
		role: row.role,
		displayName: row.display_name,
		name: `${row.first_name} ${row.last_name}`.trim(),
		email: row.email,
		deleted: row.deleted_at !== null,
		path: adminUserPath(row),
	}
}

function findUsers(db: AppDatabase, query: string, match: string | null, limit: number) {
	const exact = query.includes('@')
		? (db.$client
				.prepare(`SELECT ${USER_COLUMNS} FROM users u WHERE u.email = ?`)
				.all(query.toLowerCase()) as UserRow[])
		: []
	// An address that exists is the answer; its common words ("example", "com") would match everyone.
	const found =
		match && exact.length === 0
			? (db.$client
					.prepare(
						`SELECT ${USER_COLUMNS} FROM (
							SELECT rowid, user_id, bm25(admin_user_search, 4.0, 2.0, 4.0) AS score FROM admin_user_search
							WHERE admin_user_search MATCH ? ORDER BY rowid DESC LIMIT ${RANKED_CANDIDATES}
						 ) s JOIN users u ON u.rowid = s.rowid AND u.id = s.user_id ORDER BY s.score LIMIT ?`,
					)
					.all(match, limit + 1) as UserRow[])
			: []
	return merge(exact.map(toUser), found.map(toUser), limit)
}

type OrderRow = {
	id: string
	code: string
	status: OrderStatus
	contact: string
	playroom_name: string
	check_in: number
}
const ORDER_COLUMNS = 'o.id, o.code, o.status, o.contact, p.name AS playroom_name, o.check_in'

function toOrder(row: OrderRow): AdminSearchOrder {
	let guestName = ''
	try {
		const contact = JSON.parse(row.contact) as { firstName?: string; lastName?: string }
		guestName = `${contact.firstName ?? ''} ${contact.lastName ?? ''}`.trim()
	} catch {
		// A malformed contact shows no name.
	}
	return {
		id: row.id,
		code: row.code,
		status: row.status,
		guestName,
		playroomName: row.playroom_name,
		checkIn: new Date(row.check_in).toISOString(),
		path: `/admin/orders/${row.id}`,
	}
}

function findOrders(
	db: AppDatabase,
	query: string,
	match: string | null,
	limit: number,
	exactUsers: AdminSearchUser[],
) {
	const codes = orderCodeCandidates(query)
	const code = codes.length > 0
	const byCode = codes.flatMap(
		(candidate) =>
			db.$client
				.prepare(
					`SELECT ${ORDER_COLUMNS} FROM orders o JOIN playrooms p ON p.id = o.playroom_id
					 WHERE o.code >= ? AND o.code < ? ORDER BY o.code LIMIT ?`,
				)
				.all(`SZ-${candidate}`, `SZ-${candidate}\u{10FFFF}`, limit + 1) as OrderRow[],
	)
	// A guest found by e-mail: their orders, newest first (orders_guest_idx).
	const byGuest = exactUsers.flatMap(
		(user) =>
			db.$client
				.prepare(
					`SELECT ${ORDER_COLUMNS} FROM orders o JOIN playrooms p ON p.id = o.playroom_id
					 WHERE o.guest_id = ? ORDER BY o.check_in DESC LIMIT ?`,
				)
				.all(user.id, limit + 1) as OrderRow[],
	)
	const exact = [...byCode, ...byGuest]
	const found =
		match && exact.length === 0 && !code
			? (db.$client
					.prepare(
						`SELECT ${ORDER_COLUMNS} FROM admin_order_search s
						 JOIN orders o ON o.rowid = s.rowid AND o.id = s.order_id
						 JOIN playrooms p ON p.id = o.playroom_id
						 WHERE admin_order_search MATCH ? ORDER BY s.rowid DESC LIMIT ?`,
					)
					.all(match, limit + 1) as OrderRow[])
			: []
	return merge(exact.map(toOrder), found.map(toOrder), limit)
}

type PlayroomRow = {
	id: string
	name: string
	city: string
	playroom_url_path: string
	status: PlayroomStatus
}
const PLAYROOM_COLUMNS = 'p.id, p.name, p.city, p.playroom_url_path, p.status'

function toPlayroom(row: PlayroomRow): AdminSearchPlayroom {
	return {
		id: row.id,
		name: row.name,
		city: row.city,
		urlPath: row.playroom_url_path,
		status: row.status,
		path: `/admin/playrooms/${row.id}`,
	}
}

function findPlayrooms(db: AppDatabase, query: string, match: string | null, limit: number) {
	// A path or a pasted URL: its last segment, as the slug it would be.
	const slug = slugify(query.split(/[/?#]/).filter(Boolean).at(-1) ?? '')
	const exact = slug
		? (db.$client
				.prepare(
					`SELECT ${PLAYROOM_COLUMNS} FROM playrooms p
					 WHERE (p.playroom_url_path >= ? AND p.playroom_url_path < ?) OR p.custom_url = ?
					 ORDER BY length(p.playroom_url_path) LIMIT ?`,
				)
				.all(slug, `${slug}\u{10FFFF}`, slug, limit + 1) as PlayroomRow[])
		: []
	const found = match
		? (db.$client
				.prepare(
					`SELECT ${PLAYROOM_COLUMNS} FROM playroom_search s JOIN playrooms p ON p.id = s.playroom_id
					 WHERE playroom_search MATCH ? ORDER BY bm25(playroom_search, 8.0, 1.0, 4.0, 2.0) LIMIT ?`,
				)
				.all(`{name place} : (${match})`, limit + 1) as PlayroomRow[])
		: []
	return merge(exact.map(toPlayroom), found.map(toPlayroom), limit)
}

/** Everything the admin search shows for `query` (at most `SEARCH_GROUP_LIMIT` per group). */
export function searchAdmin(
	caller: { role: UserRole },
	rawQuery: string,
	db: AppDatabase = getDb(),
): AdminSearchResult {
	if (caller.role !== 'Admin') throw new AppError(403)
	const query = rawQuery.trim()
	const limit = SEARCH_GROUP_LIMIT
	const empty = { users: [], orders: [], playrooms: [] }
	const match = ftsQuery(query)
	if (!query) {
		return { query, ...empty, more: { users: false, orders: false, playrooms: false }, indexing: false }
	}
	const ready = syncAdminSearchIndex(db)
	const users = findUsers(db, query, ready.users ? match : null, limit)
	const byEmail = query.includes('@') ? users.filter((user) => user.email === query.toLowerCase()) : []
	const orders = findOrders(db, query, ready.orders ? match : null, limit, byEmail)
	const playrooms = findPlayrooms(db, query, match, limit)
	return {
		query,
		users: users.slice(0, limit),
		orders: orders.slice(0, limit),
		playrooms: playrooms.slice(0, limit),
		more: { users: users.length > limit, orders: orders.length > limit, playrooms: playrooms.length > limit },
		indexing: !ready.users || !ready.orders,
	}
}
