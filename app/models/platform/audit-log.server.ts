import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/sqlite-core'
import { adminAuditLog, type AuditChanges } from '#db/schema/audit.ts'
import { users, type UserRole } from '#db/schema/users.ts'
import { getDb, type DbOrTx } from '#app/utils/db.server.ts'

/**
 * The audit log of admin writes (issue 14, ADR 0098). `recordAdminAudit` is
 * called by every admin write INSIDE the IMMEDIATE transaction of that write,
 * so a refused or rolled-back write leaves no entry; `listAuditEntries` feeds
 * the "History" section of the detail pages (app/components/audit-history.tsx)
 * and the admin API's detail answers.
 */
export const AUDIT_ENTITY_TYPES = [
	'order',
	'paymentTransaction',
	'playroom',
	'rating',
	'templateText',
	'user',
	'task',
	'import',
	'supportThread',
	'voucherOrder',
	'voucher',
	'email',
	'payoutRun',
	'invoice',
] as const
export type AuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number]

/** A secret that changed (a password): recorded as changed, never its values. */
export const SECRET_CHANGE = { secret: true } as const

export type AuditEntryInput = {
	admin: { id: string }
	/** The user the admin acted as or started to act as ("login as"). */
	impersonatedUserId?: string | null
	action: string
	entityType: AuditEntityType
	entityId: string
	changes?: AuditChanges
	reason?: string | null
	now?: Date
}

/** The order fields an admin write can change (status, money, host): the order entries show these. */
export const ORDER_AUDIT_FIELDS = [
	'status',
	'paymentStatus',
	'refundAmount',
	'commissionAmount',
	'cancellationReason',
	'hostId',
] as const

/** Stored as JSON: a Date becomes its ISO string, undefined becomes null. */
function jsonValue(value: unknown): unknown {
	if (value instanceof Date) return value.toISOString()
	return value === undefined ? null : value
}

/**
 * The fields (all of `after`'s, or the `fields` named) whose value differs
 * between `before` and `after`, as before → after; nothing else is stored.
 */
export function changedFields<T extends object>(
	before: T,
	after: Partial<T>,
	fields: readonly (keyof T & string)[] = Object.keys(after) as (keyof T & string)[],
): AuditChanges {
	const changes: AuditChanges = {}
	for (const field of fields) {
		const was = jsonValue(before[field])
		const now = jsonValue(after[field])
		if (JSON.stringify(was) !== JSON.stringify(now)) changes[field] = { before: was, after: now }
	}
	return changes
}

/** Writes one audit entry with the caller's transaction handle (never a transaction of its own). */
export function recordAdminAudit(tx: DbOrTx, entry: AuditEntryInput): void {
	tx.insert(adminAuditLog)
		.values({
			adminUserId: entry.admin.id,
			impersonatedUserId: entry.impersonatedUserId ?? null,
			action: entry.action,
			entityType: entry.entityType,
			entityId: entry.entityId,
			changes: entry.changes ?? {},
			reason: entry.reason?.trim() || null,
			createdAt: entry.now ?? new Date(),
		})
		.run()
}

export type AuditEntry = {
	id: string
	at: number
	action: string
	entityType: string
	entityId: string
	admin: { id: string; name: string }
	/** The user the admin acted as (an action taken while impersonating, or "login as"). */
	impersonated: { id: string; name: string; role: UserRole | null } | null
	changes: Array<{ field: string; before: unknown; after: unknown; secret: boolean }>
	reason: string | null
}

const impersonatedUser = alias(users, 'audit_impersonated_user')

/** The entries of one entity (or of several of one type), newest first. */
export function listAuditEntries(
	entityType: AuditEntityType,
	entityId: string | readonly string[],
	options: { limit?: number } = {},
	db: DbOrTx = getDb(),
): AuditEntry[] {
	const ids = typeof entityId === 'string' ? [entityId] : [...entityId]
	if (ids.length === 0) return []
	const rows = db
		.select({
			entry: adminAuditLog,
			adminName: users.displayName,
			impersonatedName: impersonatedUser.displayName,
			impersonatedRole: impersonatedUser.role,
		})
		.from(adminAuditLog)
		.innerJoin(users, eq(users.id, adminAuditLog.adminUserId))
		.leftJoin(impersonatedUser, eq(impersonatedUser.id, adminAuditLog.impersonatedUserId))
		.where(and(eq(adminAuditLog.entityType, entityType), inArray(adminAuditLog.entityId, ids)))
		.orderBy(desc(adminAuditLog.createdAt), desc(sql`admin_audit_log.rowid`))
		.limit(options.limit ?? 100)
		.all()
	return rows.map(({ entry, adminName, impersonatedName, impersonatedRole }) => ({
		id: entry.id,
		at: entry.createdAt.getTime(),
		action: entry.action,
		entityType: entry.entityType,
		entityId: entry.entityId,
		admin: { id: entry.adminUserId, name: adminName },
		impersonated: entry.impersonatedUserId
			? {
					id: entry.impersonatedUserId,
					name: impersonatedName ?? entry.impersonatedUserId,
					role: impersonatedRole ?? null,
				}
			: null,
		changes: Object.entries(entry.changes).map(([field, change]) =>
			'secret' in change
				? { field, before: null, after: null, secret: true }
				: { field, before: change.before, after: change.after, secret: false },
		),
		reason: entry.reason,
	}))
}

/** Several lists merged into one history, newest first (a playroom and its ratings). */
export function mergeAuditEntries(...lists: AuditEntry[][]): AuditEntry[] {
	return lists.flat().sort((a, b) => b.at - a.at)
}

/**
 * The history of a payment transaction: its own entries (a transfer recorded
 * without an order) and the order's entry that recorded it (a matched transfer).
 */
export function paymentAuditEntries(paymentId: string, orderId: string | null, db: DbOrTx = getDb()) {
	const recordedOnOrder = orderId
		? listAuditEntries('order', orderId, {}, db).filter((entry) =>
				entry.changes.some(
					(change) =>
						change.field === 'payment' && (change.after as { id?: string } | null)?.id === paymentId,
				),
			)
		: []
	return mergeAuditEntries(listAuditEntries('paymentTransaction', paymentId, {}, db), recordedOnOrder)
}
