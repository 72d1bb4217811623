import { and, count, eq, sql } from 'drizzle-orm'
import { PLAYROOM_STATUSES, playrooms } from '#db/schema/catalogue.ts'
import { orders, ratings } from '#db/schema/orders.ts'
import { users, type UserRole } from '#db/schema/users.ts'
import { AppError } from '#app/utils/app-error.ts'
import {
	defineDataTable,
	runTableQuery,
	type ListPage,
	type TableQuery,
} from '#app/utils/data-table.server.ts'
import { getDb, immediateTransaction, type DbOrTx } from '#app/utils/db.server.ts'
import { queueEmail, renderEmailLayout } from '#app/utils/email.server.ts'
import { getFixedT } from '#app/utils/i18n.server.ts'
import { looseT } from '#app/utils/loose-t.ts'
import { absoluteUrl, deliverSoon } from '#app/models/accounts/account-emails.server.ts'
import { latestOrders } from './admin-orders.server.ts'
import {
	changedFields,
	listAuditEntries,
	mergeAuditEntries,
	recordAdminAudit,
} from '#app/models/platform/audit-log.server.ts'
import { updatePlayroom } from '#app/models/catalogue/catalogue.server.ts'
import { assertAdmin } from '#app/utils/assert-admin.ts'

/**
 * The admin's playrooms (issue 14, ADR 0096): the playroom data table (page
 * and CSV), the detail, and Block / Unblock with a reason that is e-mailed to
 * the host in the host's language. Blocking goes through `updatePlayroom`,
 * which reindexes search in the same transaction; the POST empties the page
 * cache, so the playroom leaves search at once. Unblocking returns it to
 * Paused: the host publishes it again (the checklist is checked then).
 */
type Actor = { id: string; role: UserRole }
type PlayroomRow = typeof playrooms.$inferSelect

const ordersCount = sql<number>`(select count(*) from ${orders} where ${orders.playroomId} = ${playrooms.id})`
const ratingSort = sql<number>`coalesce(${playrooms.ratingAverage}, 0)`

const rowColumns = {
	id: playrooms.id,
	name: playrooms.name,
	path: playrooms.playroomUrlPath,
	city: playrooms.city,
	status: playrooms.status,
	rating: ratingSort,
	ratingAverage: playrooms.ratingAverage,
	ratingCount: playrooms.ratingCount,
	createdAt: playrooms.createdAt,
	hostId: playrooms.hostId,
	hostName: users.displayName,
	orders: ordersCount,
}

function selectRows(db: DbOrTx) {
	return db.select(rowColumns).from(playrooms).innerJoin(users, eq(users.id, playrooms.hostId))
}

type AdminPlayroomRow = ReturnType<ReturnType<typeof selectRows>['all']>[number]

function toItem(row: AdminPlayroomRow) {
	return {
		id: row.id,
		name: row.name,
		path: row.path,
		city: row.city,
		status: row.status,
		ratingAverage: row.ratingAverage,
		ratingCount: row.ratingCount,
		createdAt: row.createdAt.getTime(),
		hostId: row.hostId,
		hostName: row.hostName,
		orders: Number(row.orders),
	}
}
export type AdminPlayroomItem = ReturnType<typeof toItem>

export const playroomTable = defineDataTable({
	id: 'playrooms',
	csvFile: 'admin:table.files.playrooms',
	columns: {
		name: {
			label: 'admin:playrooms.columns.name',
			sort: playrooms.name,
			csv: (item: AdminPlayroomItem) => item.name,
		},
		status: {
			label: 'admin:playrooms.columns.status',
			sort: playrooms.status,
			csv: (item, t) => t(`hostOffice:statuses.${item.status}`),
		},
		host: { label: 'admin:playrooms.columns.host', csv: (item) => item.hostName },
		city: { label: 'admin:playrooms.columns.city', sort: playrooms.city, csv: (item) => item.city },
		rating: {
			label: 'admin:playrooms.columns.rating',
			sort: ratingSort,
			csv: (item, _t, format) => (item.ratingAverage === null ? '' : format.decimal(item.ratingAverage, 2)),
		},
		orders: {
			label: 'admin:playrooms.columns.orders',
			csv: (item, _t, format) => format.integer(item.orders),
		},
		createdAt: {
			label: 'admin:playrooms.columns.createdAt',
			sort: playrooms.createdAt,
			csv: (item, _t, format) => format.instant(new Date(item.createdAt).getTime()),
			csvTime: true,
			visible: false,
		},
	},
	filters: {
		status: {
			kind: 'enum',
			column: playrooms.status,
			values: PLAYROOM_STATUSES,
			label: 'admin:playrooms.filters.status',
			optionLabel: 'hostOffice:statuses.',
		},
		city: { kind: 'slug', column: playrooms.citySlug, label: 'admin:playrooms.filters.city' },
		hostId: { kind: 'id', column: playrooms.hostId, label: 'admin:playrooms.filters.hostId' },
	},
	search: [playrooms.name, playrooms.playroomUrlPath, playrooms.city],
	defaultSort: 'name:asc',
	tiebreaker: playrooms.id,
	defaultPerPage: 25,
	rows: (db: DbOrTx) => selectRows(db).$dynamic(),
	count: (db: DbOrTx) => db.select({ n: count() }).from(playrooms).$dynamic(),
	toItem,
})

export function listAdminPlayrooms(
	actor: { role: UserRole },
	query: TableQuery,
): ListPage<AdminPlayroomItem> {
	assertAdmin(actor)
	return runTableQuery(playroomTable, query)
}

function loadPlayroom(playroomId: string, db: DbOrTx) {
	const playroom = db.select().from(playrooms).where(eq(playrooms.id, playroomId)).get()
	if (!playroom) throw new AppError(404)
	return playroom
}

/** The audit entries of a playroom and of its ratings (hidden/shown), newest first. */
function playroomHistory(playroomId: string, db: DbOrTx) {
	const ratingIds = db
		.select({ id: ratings.id })
		.from(ratings)
		.where(eq(ratings.playroomId, playroomId))
		.all()
		.map((rating) => rating.id)
	return mergeAuditEntries(
		listAuditEntries('playroom', playroomId, {}, db),
		listAuditEntries('rating', ratingIds, {}, db),
	)
}

/** Facts, host, the latest orders and the order count of one playroom. */
export function getAdminPlayroomDetail(admin: Actor, playroomId: string, db: DbOrTx = getDb()) {
	assertAdmin(admin)
	const playroom = loadPlayroom(playroomId, db)
	const host = db
		.select({ id: users.id, displayName: users.displayName, email: users.email })
		.from(users)
		.where(eq(users.id, playroom.hostId))
		.get()
	const { items: recentOrders, total: orderCount } = latestOrders(eq(orders.playroomId, playroomId), 10, db)
	return {
		playroom: {
			id: playroom.id,
			name: playroom.name,
			path: playroom.playroomUrlPath,
			city: playroom.city,
			status: playroom.status,
			blockedReason: playroom.blockedReason,
			ratingAverage: playroom.ratingAverage,
			ratingCount: playroom.ratingCount,
			createdAt: playroom.createdAt.getTime(),
			publishedAt: playroom.publishedAt?.getTime() ?? null,
		},
		host: host ?? null,
		recentOrders,
		orderCount,
		history: playroomHistory(playroomId, db),
	}
}
export type AdminPlayroomDetail = ReturnType<typeof getAdminPlayroomDetail>

/** Queues the host's notice of a block or unblock, in the host's language. */
function queueHostNotice(
	kind: 'blocked' | 'unblocked',
	playroom: { id: string; name: string; hostId: string },
	reason: string,
	db: DbOrTx,
): string | null {
	const host = db
		.select({ email: users.email, firstName: users.firstName, lang: users.langPreference })
		.from(users)
		.where(and(eq(users.id, playroom.hostId)))
		.get()
	if (!host) return null
	const t = looseT(getFixedT(host.lang))
	const key = `admin:playrooms.emails.${kind}`
	const params = { name: host.firstName || host.email, playroom: playroom.name }
	const { text, html } = renderEmailLayout({
		locale: host.lang,
		heading: t(`${key}.heading`, params),
		paragraphs: [t(`${key}.body`, params), t('admin:playrooms.emails.reason', { reason })],
		action: {
			label: t('admin:playrooms.emails.action'),
			url: absoluteUrl(`/host/playrooms/${playroom.id}`, host.lang),
		},
		footer: t('admin:playrooms.emails.footer'),
	})
	return queueEmail(
		{
			to: host.email,
			subject: t(`${key}.subject`, params),
			text,
			html,
			template: `playroom-${kind}`,
			locale: host.lang,
		},
		db,
	)
}

/** Blocks or unblocks: the status change, its audit entry and the host's notice, in one transaction. */
function changeBlock(admin: Actor, playroomId: string, reason: string, block: boolean) {
	assertAdmin(admin)
	const emailId = immediateTransaction((tx) => {
		const playroom = loadPlayroom(playroomId, tx)
		if (block === (playroom.status === 'Blocked')) {
			const key = block ? 'admin:playrooms.block.already' : 'admin:playrooms.unblock.notBlocked'
			throw new AppError(409, 'Conflict', { messageKey: key })
		}
		const patch = block
			? ({ status: 'Blocked', blockedReason: reason } as const)
			: ({ status: 'Paused', blockedReason: null } as const)
		updatePlayroom(playroomId, patch, tx)
		recordAdminAudit(tx, {
			admin,
			action: block ? 'playroom.block' : 'playroom.unblock',
			entityType: 'playroom',
			entityId: playroomId,
			changes: changedFields(playroom, patch),
			reason,
		})
		return queueHostNotice(block ? 'blocked' : 'unblocked', playroom, reason, tx)
	})
	deliverSoon([emailId])
}

/** Blocks a playroom: off search at once, the host e-mailed with the reason. Idempotent per status. */
export function blockPlayroom(admin: Actor, playroomId: string, reason: string) {
	changeBlock(admin, playroomId, reason, true)
}

/** Unblocks a playroom to Paused (the host publishes it again), the host e-mailed with the reason. */
export function unblockPlayroom(admin: Actor, playroomId: string, reason: string) {
	changeBlock(admin, playroomId, reason, false)
}

/** An admin in the host editor, or a host's session an admin is acting in ("login as", issue 31.13). */
type EditorActor = Actor & { impersonatedBy?: string | null }

function assertAdminEditing(actor: EditorActor) {
	if (actor.role !== 'Admin' && !actor.impersonatedBy) throw new AppError(403)
}

/** Whether a save in the host editor by `actor` leaves an admin audit entry (ADR 0098, 0102). */
export function isAdminEditing(actor: EditorActor): boolean {
	return actor.role === 'Admin' || Boolean(actor.impersonatedBy)
}

/** The playroom row before an admin's edit in the host editor (ADR 0102), for its audit entry. */
export function playroomBeforeAdminEdit(actor: EditorActor, playroomId: string): PlayroomRow {
	assertAdminEditing(actor)
	return loadPlayroom(playroomId, getDb())
}

/**
 * The audit entry of an admin's save in the host editor (ADR 0098, 0102): the
 * tab's intent, and the playroom's own fields that changed. A save that only
 * touches other tables (prices, photos, opening hours) shows the intent alone.
 * Written right after the editor's save, which runs its own transaction. An
 * admin acting as the host ("login as") is recorded as "admin X as host Y".
 */
export function recordAdminPlayroomEdit(
	actor: EditorActor,
	playroomId: string,
	intent: string,
	before: PlayroomRow,
) {
	assertAdminEditing(actor)
	const admin = actor.impersonatedBy ? { id: actor.impersonatedBy } : actor
	const impersonatedUserId = actor.impersonatedBy ? actor.id : null
	immediateTransaction((tx) => {
		const after = loadPlayroom(playroomId, tx)
		const fields = (Object.keys(after) as (keyof PlayroomRow & string)[]).filter((key) => key !== 'updatedAt')
		recordAdminAudit(tx, {
			admin,
			impersonatedUserId,
			action: 'playroom.editOnBehalf',
			entityType: 'playroom',
			entityId: playroomId,
			changes: { editorTab: { before: null, after: intent }, ...changedFields(before, after, fields) },
		})
	})
}
