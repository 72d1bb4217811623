import { and, asc, count, desc, eq, isNull, like, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm'
import { users, type UserRole } from '#db/schema/users.ts'
import { AppError } from '#app/utils/app-error.ts'
import { getDb } from '#app/utils/db.server.ts'
import { listImpersonations } from './impersonation.server.ts'
import { requireUserRow, type UserRow } from './account.server.ts'

/** Admin views of accounts (admin hosts/guests/admins lists and details). */
export const DEFAULT_PER_PAGE = 10

export type UserListItem = {
	id: string
	email: string
	role: UserRole
	displayName: string
	firstName: string
	lastName: string
	companyName: string | null
	emailConfirmed: boolean
	createdAt: string
}

export type ListPage<T> = { items: T[]; totalCount: number; currentPage: number; perPage: number }

const SORTABLE = {
	lastName: users.lastName,
	firstName: users.firstName,
	email: users.email,
	displayName: users.displayName,
	createdAt: users.createdAt,
} as const

/** PRODUCT.md §4: `sortCriterias` like "lastName:asc,createdAt:desc"; unknown columns are ignored. */
export function parseSortCriterias(value: string | undefined): SQL[] {
	const order: SQL[] = []
	for (const part of (value ?? '').split(',')) {
		const [column = '', direction = 'asc'] = part.trim().split(':')
		const target = SORTABLE[column as keyof typeof SORTABLE]
		if (target) order.push(direction.toLowerCase() === 'desc' ? desc(target) : asc(target))
	}
	return order.length ? order : [desc(users.createdAt)]
}

function assertAdmin(actor: { role: UserRole }) {
	if (actor.role !== 'Admin') throw new AppError(403)
}

function toListItem(row: UserRow): UserListItem {
	return {
		id: row.id,
		email: row.email,
		role: row.role,
		displayName: row.displayName,
		firstName: row.firstName,
		lastName: row.lastName,
		companyName: row.companyName,
		emailConfirmed: row.emailConfirmedAt !== null,
		createdAt: row.createdAt.toISOString(),
	}
}

export function listUsers(
	actor: { role: UserRole },
	input: { role: UserRole; q?: string; currentPage?: number; perPage?: number; sortCriterias?: string },
): ListPage<UserListItem> {
	assertAdmin(actor)
	const perPage = input.perPage ?? DEFAULT_PER_PAGE
	const currentPage = input.currentPage ?? 1
	const conditions = [eq(users.role, input.role), isNull(users.deletedAt)]
	const q = input.q?.trim()
	if (q) {
		const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`).toLowerCase()}%`
		const match = (column: SQLWrapper) => like(sql`lower(${column})`, sql`${pattern} ESCAPE '\\'`)
		conditions.push(
			or(
				match(users.email),
				match(users.displayName),
				match(users.firstName),
				match(users.lastName),
				match(sql`${users.firstName} || ' ' || ${users.lastName}`),
				match(sql`coalesce(${users.companyName}, '')`),
			) as SQL,
		)
	}
	const where = and(...conditions)
	const db = getDb()
	const totalCount = db.select({ n: count() }).from(users).where(where).get()?.n ?? 0
	const rows = db
		.select()
		.from(users)
		.where(where)
		.orderBy(...parseSortCriterias(input.sortCriterias), asc(users.id))
		.limit(perPage)
		.offset((currentPage - 1) * perPage)
		.all()
	return {
		items: rows.map(toListItem),
		totalCount,
		currentPage,
		perPage,
	}
}

/** One account for the admin detail page, with its recent impersonations. */
export function getUserForAdmin(actor: { role: UserRole }, userId: string, role: UserRole) {
	assertAdmin(actor)
	const row = requireUserRow(userId)
	if (row.role !== role)
		throw new AppError(404, 'UserNotFound', { messageKey: 'account:errors.userNotFound' })
	return {
		...toListItem(row),
		phoneNumber: row.phoneNumber,
		langPreference: row.langPreference,
		street: row.street,
		postalCode: row.postalCode,
		city: row.city,
		country: row.country,
		vatId: row.vatId,
		impersonations: listImpersonations({ targetUserId: row.id, limit: 10 }).map((entry) => ({
			id: entry.id,
			adminUserId: entry.adminUserId,
			startedAt: entry.startedAt.toISOString(),
			endedAt: entry.endedAt?.toISOString() ?? null,
			startedIp: entry.startedIp,
		})),
	}
}
