import { and, count, eq, isNull, sql } from 'drizzle-orm'
import { users, type UserRole } from '#db/schema/users.ts'
import { AppError } from '#app/utils/app-error.ts'
import { streamTableCsv } from '#app/utils/data-table-csv.server.ts'
import {
	defineDataTable,
	runTableQuery,
	type ListPage,
	type TableQuery,
} from '#app/utils/data-table.server.ts'
import type { DbOrTx } from '#app/utils/db.server.ts'
import type { Locale } from '#app/utils/locale.ts'
import type { LooseT } from '#app/utils/loose-t.ts'
import { listImpersonations } from '#app/models/accounts/impersonation.server.ts'
import { requireUserRow, type UserRow } from '#app/models/accounts/account.server.ts'
import { assertAdmin } from '#app/utils/assert-admin.ts'

/**
 * Admin views of accounts: the hosts/guests/admins lists (one data table,
 * docs/subsystems/data-table.md) for the pages, /api/Admin/User/…Index and the
 * CSV export, and the details.
 */
export type UserListItem = {
	id: string
	email: string
	role: UserRole
	displayName: string
	firstName: string
	lastName: string
	companyName: string | null
	emailConfirmed: boolean
	imported: boolean
	createdAt: string
}

export type { ListPage }

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
		imported: row.imported,
		createdAt: row.createdAt.toISOString(),
	}
}

const yesNo = (t: LooseT, value: boolean) => t(value ? 'admin:table.yes' : 'admin:table.no')

/** Spec §7: OwnerIndex pages of 10 (every user list uses that default). */
export const userTable = defineDataTable({
	id: 'users',
	columns: {
		displayName: {
			label: 'account:admin.columns.name',
			sort: users.displayName,
			csv: (item: UserListItem) => item.displayName,
		},
		firstName: { label: 'admin:users.firstName', sort: users.firstName, csv: (item) => item.firstName },
		lastName: { label: 'admin:users.lastName', sort: users.lastName, csv: (item) => item.lastName },
		companyName: {
			label: 'account:admin.columns.company',
			csv: (item) => item.companyName,
			visible: false,
		},
		email: { label: 'account:admin.columns.email', sort: users.email, csv: (item) => item.email },
		emailConfirmed: {
			label: 'account:admin.columns.status',
			csv: (item, t) => t(item.emailConfirmed ? 'account:admin.confirmed' : 'account:admin.unconfirmed'),
		},
		imported: { label: 'admin:users.imported', csv: (item, t) => yesNo(t, item.imported), visible: false },
		createdAt: {
			label: 'account:admin.columns.registered',
			sort: users.createdAt,
			csv: (item, _t, format) => format.instant(Date.parse(item.createdAt)),
			csvTime: true,
		},
		actions: { label: 'account:admin.columns.actions' },
	},
	filters: {
		showOnlyImportedGuests: { kind: 'flag', column: users.imported, label: 'admin:users.onlyImported' },
		// Registered in a period: the dashboard's new guests and hosts (issue 31.11).
		createdAt: { kind: 'dateRange', column: users.createdAt, label: 'account:admin.columns.registered' },
	},
	// One LIKE per row instead of six (ADR 0107): e-mail, display name, "first last" (first and last
	// name alone are substrings of it; both NOT NULL) and company, joined by U+001F — the free text is
	// single-line safe text, so a match never spans two fields. users_role_search_idx covers them.
	search: [
		sql`${users.email} || char(31) || ${users.displayName} || char(31) || ${users.firstName} || ' ' || ${users.lastName} || char(31) || coalesce(${users.companyName}, '')`,
	],
	defaultSort: 'createdAt:desc',
	tiebreaker: users.id,
	defaultPerPage: 10,
	rows: (db: DbOrTx) => db.select().from(users).$dynamic(),
	keyTable: users,
	count: (db: DbOrTx) => db.select({ n: count() }).from(users).$dynamic(),
	toItem: toListItem,
})

function roleScope(role: UserRole) {
	return and(eq(users.role, role), isNull(users.deletedAt))
}

export function listUsers(
	actor: { role: UserRole },
	role: UserRole,
	query: TableQuery,
): ListPage<UserListItem> {
	assertAdmin(actor)
	return runTableQuery(userTable, query, { scope: roleScope(role) })
}

/** The CSV of every user of a role that matches the query (streams). */
/** The CSV file of each user list (ADR 0174: hosts, guests and admins each say what they hold). */
const USER_FILES: Record<UserRole, string> = {
	Owner: 'admin:table.files.hosts',
	Customer: 'admin:table.files.guests',
	Admin: 'admin:table.files.admins',
}

export function exportUsers(actor: { role: UserRole }, role: UserRole, query: TableQuery, locale: Locale) {
	assertAdmin(actor)
	return streamTableCsv(userTable, query, { locale, file: USER_FILES[role], scope: roleScope(role) })
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
