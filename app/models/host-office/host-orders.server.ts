import { and, asc, count, desc, eq, gt, inArray, lt, sql, type SQL } from 'drizzle-orm'
import { playrooms } from '#db/schema/catalogue.ts'
import { ORDER_STATUSES, orders, SLOT_HOLDING_STATUSES, type OrderStatus } from '#db/schema/orders.ts'
import type { UserRole } from '#db/schema/users.ts'
import { AppError } from '#app/utils/app-error.ts'
import {
	defineDataTable,
	runTableQuery,
	type BoundScope,
	type ListPage,
	type TableContext,
	type TableQuery,
} from '#app/utils/data-table.server.ts'
import { getDb, type DbOrTx } from '#app/utils/db.server.ts'
import {
	HOLDING,
	listColumns,
	toListItem,
	type OrderListItem,
} from '#app/models/booking/order-queries.server.ts'

/**
 * The host's orders: the order table of /host/orders and /api/Owner/Orders/Index
 * (the data table block, docs/subsystems/data-table.md), the short lists of the
 * dashboard and the playroom overview, the owner's agenda (/owner/orders), and
 * whether a host still has orders that are not over. Always the caller's own
 * orders only (`orders.host_id`).
 */

/**
 * New requests first (earliest deadline first), then stays not over yet in time
 * order, then past ones, latest first — by the time of the request.
 */
function requestsFirst({ now }: TableContext): SQL[] {
	return [
		sql`CASE WHEN ${orders.status} = 'Requested' THEN 0 WHEN ${orders.checkOut} > ${now} THEN 1 ELSE 2 END`,
		sql`CASE WHEN ${orders.status} = 'Requested' THEN ${orders.responseDeadline} END`,
		sql`CASE WHEN ${orders.status} <> 'Requested' AND ${orders.checkOut} > ${now} THEN ${orders.checkIn} END`,
		desc(orders.checkIn),
	]
}

export const hostOrderTable = defineDataTable({
	id: 'host-orders',
	columns: {
		code: { label: 'booking:orders.columns.code', sort: orders.code },
		checkIn: { label: 'booking:orders.columns.when', sort: orders.checkIn },
		playroom: { label: 'booking:orders.columns.playroom' },
		guest: { label: 'booking:orders.columns.guest' },
		guests: { label: 'booking:orders.columns.guests' },
		totalAmount: { label: 'booking:orders.columns.total', sort: orders.totalAmount },
		status: { label: 'booking:orders.columns.status', sort: orders.status },
	},
	filters: {
		status: {
			kind: 'enum',
			column: orders.status,
			values: ORDER_STATUSES,
			label: 'booking:orders.filters.status',
			optionLabel: 'booking:statuses.',
			allLabel: 'booking:orders.filters.allStatuses',
		},
		// The page offers the host's playrooms (a select); another host's id finds nothing (the scope).
		playroomId: {
			kind: 'id',
			column: orders.playroomId,
			label: 'booking:orders.filters.playroom',
			allLabel: 'booking:orders.filters.allPlayrooms',
		},
		// Stays that overlap the days `from` … `to` (the parameters of the links before the table).
		period: {
			kind: 'dateRange',
			column: orders.checkIn,
			until: orders.checkOut,
			label: 'booking:orders.filters.period',
			params: { from: 'from', to: 'to' },
			rangeLabels: { from: 'booking:orders.filters.from', to: 'booking:orders.filters.to' },
		},
	},
	// Code, guest name and e-mail live in orders.search_text (written by triggers); the playroom's
	// name is matched over the playrooms once, as in the admin's order table.
	search: [
		orders.searchText,
		(matches) =>
			sql`${orders.playroomId} IN (SELECT ${playrooms.id} FROM ${playrooms} WHERE ${matches(playrooms.name)})`,
	],
	defaultSort: requestsFirst,
	tiebreaker: orders.id,
	defaultPerPage: 20,
	rows: (db: DbOrTx) =>
		db.select(listColumns).from(orders).innerJoin(playrooms, eq(playrooms.id, orders.playroomId)).$dynamic(),
	keyTable: orders,
	count: (db: DbOrTx) => db.select({ n: count() }).from(orders).$dynamic(),
	toItem: (row) => toListItem(row),
	// ADR 0030: a bad filter value in a host's link is dropped, the list still answers.
	lenient: true,
	texts: {
		apply: 'booking:orders.filters.apply',
		reset: 'booking:orders.filters.reset',
		none: 'booking:orders.empty',
	},
})

/** /host/orders and /api/Owner/Orders/Index: one page of the caller's orders in the table's URL state. */
export function listHostOrderPage(
	host: { id: string; role: UserRole },
	query: TableQuery,
	options: { now?: number; db?: DbOrTx } = {},
): ListPage<OrderListItem> {
	if (host.role !== 'Owner') throw new AppError(403)
	return runTableQuery(hostOrderTable, query, {
		...options,
		scope: { key: 'host', where: (bind) => eq(orders.hostId, bind('hostId', host.id, orders.hostId)) },
	})
}

export type HostOrderFilters = {
	status?: OrderStatus
	playroomId?: string
	/** Instants: stays that overlap [from, to). */
	from?: number
	to?: number
	page?: number
	perPage?: number
}

/**
 * The host's orders for the dashboard and the playroom overview: the order
 * table's query and order (requests first), with instants instead of the URL's days.
 */
export function listHostOrders(
	hostId: string,
	filters: HostOrderFilters,
	options: { now?: number } = {},
	db: DbOrTx = getDb(),
): ListPage<OrderListItem> {
	const query: TableQuery = {
		currentPage: Math.max(1, filters.page ?? 1),
		perPage: filters.perPage ?? hostOrderTable.defaultPerPage,
		sortCriterias: '',
		tableFilter: '',
		filters: {
			...(filters.status ? { status: filters.status } : {}),
			...(filters.playroomId ? { playroomId: filters.playroomId } : {}),
		},
		cols: null,
	}
	const { from, to } = filters
	const scope: BoundScope = {
		key: `host:${from === undefined ? 0 : 1}${to === undefined ? 0 : 1}`,
		where: (bind) =>
			and(
				eq(orders.hostId, bind('hostId', hostId, orders.hostId)),
				from === undefined
					? undefined
					: gt(orders.checkOut, bind('scopeFrom', new Date(from), orders.checkOut)),
				to === undefined ? undefined : lt(orders.checkIn, bind('scopeTo', new Date(to), orders.checkIn)),
			),
	}
	return runTableQuery(hostOrderTable, query, { scope, now: options.now, db })
}

/** /owner/orders: open requests, then today's and upcoming stays (slot-holding, not over). */
export function listOwnerAgenda(
	hostId: string,
	options: { now?: number; limit?: number } = {},
	db: DbOrTx = getDb(),
) {
	const now = options.now ?? Date.now()
	const rows = db
		.select(listColumns)
		.from(orders)
		.innerJoin(playrooms, eq(playrooms.id, orders.playroomId))
		.where(
			and(eq(orders.hostId, hostId), inArray(orders.status, HOLDING), gt(orders.checkOut, new Date(now))),
		)
		.orderBy(sql`CASE WHEN ${orders.status} = 'Requested' THEN 0 ELSE 1 END`, asc(orders.checkIn))
		.limit(options.limit ?? 50)
		.all()
	return rows.map(toListItem)
}

/**
 * Whether a host still has orders that are not over yet (PRODUCT.md §3: hosts
 * may delete their account only without future orders): a slot-holding order
 * (Requested, AwaitingPayment, Confirmed) whose check-out is after `now` — an
 * ongoing stay counts. Runs inside the deletion's IMMEDIATE transaction, so it
 * stays synchronous.
 */
export function hostHasFutureOrders(
	hostId: string,
	options: { now?: Date } = {},
	db: DbOrTx = getDb(),
): boolean {
	const now = options.now ?? new Date()
	const row = db
		.select({ id: orders.id })
		.from(orders)
		.where(
			and(
				eq(orders.hostId, hostId),
				inArray(orders.status, [...SLOT_HOLDING_STATUSES]),
				gt(orders.checkOut, now),
			),
		)
		.limit(1)
		.get()
	return Boolean(row)
}
