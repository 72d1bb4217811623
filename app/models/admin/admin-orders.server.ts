import { asc, count, desc, eq, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/sqlite-core'
import { PAYMENT_METHODS, playrooms } from '#db/schema/catalogue.ts'
import { ORDER_STATUSES, orders, PAYMENT_STATUSES } from '#db/schema/orders.ts'
import { moneyTransactions, paymentTransactions } from '#db/schema/payments.ts'
import { emailOutbox } from '#db/schema/platform.ts'
import { users, type UserRole } from '#db/schema/users.ts'
import { AppError } from '#app/utils/app-error.ts'
import { streamTableCsv } from '#app/utils/data-table-csv.server.ts'
import {
	defineDataTable,
	runTableQuery,
	type ListPage,
	type TableQuery,
} from '#app/utils/data-table.server.ts'
import { getDb, immediateTransaction, type DbOrTx } from '#app/utils/db.server.ts'
import type { Locale } from '#app/utils/locale.ts'
import { listAuditEntries, recordAdminAudit } from '#app/models/platform/audit-log.server.ts'
import { deliverSoon } from '#app/models/accounts/account-emails.server.ts'
import { queueOrderEmail } from '#app/models/booking/order-emails.server.ts'
import { getOrderView } from '#app/models/booking/order-queries.server.ts'
import { loadOrder, orderNotFound, type OrderCaller } from '#app/models/booking/orders.server.ts'
import { newTransferKey } from '#app/models/booking/payments.server.ts'
import { assertAdmin } from '#app/utils/assert-admin.ts'

/**
 * The admin's orders (issue 14): the order data table (page, /api/Admin/Orders/Index,
 * CSV) and the detail with everything that happened — history, payments,
 * ledger rows, e-mails — plus "resend confirmation". Cancel and bank transfer
 * reuse cancelOrder and recordBankTransfer (idempotent, ADR 0142).
 */
const host = alias(users, 'host')

const rowColumns = {
	id: orders.id,
	code: orders.code,
	status: orders.status,
	paymentStatus: orders.paymentStatus,
	paymentMethod: orders.paymentMethod,
	checkIn: orders.checkIn,
	checkOut: orders.checkOut,
	totalAmount: orders.totalAmount,
	createdAt: orders.createdAt,
	contact: orders.contact,
	guestId: orders.guestId,
	hostId: orders.hostId,
	hostName: host.displayName,
	playroomId: orders.playroomId,
	playroomName: playrooms.name,
}

type AdminOrderRow = {
	[K in keyof typeof rowColumns]: (typeof rowColumns)[K]['_']['data']
}

function toItem(row: AdminOrderRow) {
	return {
		id: row.id,
		code: row.code,
		status: row.status,
		paymentStatus: row.paymentStatus,
		paymentMethod: row.paymentMethod,
		checkIn: row.checkIn.getTime(),
		checkOut: row.checkOut.getTime(),
		totalAmount: row.totalAmount,
		createdAt: row.createdAt.getTime(),
		guestId: row.guestId,
		guestName: `${row.contact.firstName} ${row.contact.lastName}`.trim(),
		guestEmail: row.contact.email,
		hostId: row.hostId,
		hostName: row.hostName,
		playroomId: row.playroomId,
		playroomName: row.playroomName,
	}
}
export type AdminOrderItem = ReturnType<typeof toItem>

export const orderTable = defineDataTable({
	id: 'orders',
	csvFile: 'admin:table.files.orders',
	columns: {
		code: { label: 'admin:orders.columns.code', sort: orders.code, csv: (item: AdminOrderItem) => item.code },
		status: {
			label: 'admin:orders.columns.status',
			sort: orders.status,
			csv: (item, t) => t(`booking:statuses.${item.status}`),
		},
		paymentStatus: {
			label: 'admin:orders.columns.paymentStatus',
			sort: orders.paymentStatus,
			csv: (item, t) => t(`booking:paymentStatuses.${item.paymentStatus}`),
		},
		paymentMethod: {
			label: 'admin:orders.columns.paymentMethod',
			csv: (item, t) => t(`catalogue:paymentMethods.${item.paymentMethod}`),
			visible: false,
		},
		playroom: { label: 'admin:orders.columns.playroom', csv: (item) => item.playroomName },
		guest: { label: 'admin:orders.columns.guest', csv: (item) => `${item.guestName} <${item.guestEmail}>` },
		host: { label: 'admin:orders.columns.host', csv: (item) => item.hostName, visible: false },
		checkIn: {
			label: 'admin:orders.columns.checkIn',
			sort: orders.checkIn,
			csv: (item, _t, format) => format.instant(item.checkIn),
			csvTime: true,
		},
		totalAmount: {
			label: 'admin:orders.columns.totalAmount',
			sort: orders.totalAmount,
			csv: (item, _t, format) => format.money(item.totalAmount),
		},
		createdAt: {
			label: 'admin:orders.columns.createdAt',
			sort: orders.createdAt,
			csv: (item, _t, format) => format.instant(item.createdAt),
			csvTime: true,
		},
	},
	filters: {
		status: {
			kind: 'enum',
			column: orders.status,
			values: ORDER_STATUSES,
			label: 'admin:orders.filters.status',
			optionLabel: 'booking:statuses.',
		},
		paymentStatus: {
			kind: 'enum',
			column: orders.paymentStatus,
			values: PAYMENT_STATUSES,
			label: 'admin:orders.filters.paymentStatus',
			optionLabel: 'booking:paymentStatuses.',
		},
		paymentMethod: {
			kind: 'enum',
			column: orders.paymentMethod,
			values: PAYMENT_METHODS,
			label: 'admin:orders.filters.paymentMethod',
			optionLabel: 'catalogue:paymentMethods.',
		},
		checkIn: { kind: 'dateRange', column: orders.checkIn, label: 'admin:orders.filters.checkIn' },
		// The day the order was made: what the dashboard counts by (issue 31.11).
		createdAt: { kind: 'dateRange', column: orders.createdAt, label: 'admin:orders.filters.createdAt' },
		playroomId: { kind: 'id', column: orders.playroomId, label: 'admin:orders.filters.playroomId' },
		// The playroom's city (a slug): the dashboard's top cities open their orders (issue 34).
		city: {
			kind: 'slug',
			column: sql`(SELECT ${playrooms.citySlug} FROM ${playrooms} WHERE ${playrooms.id} = ${orders.playroomId})`,
			label: 'admin:orders.filters.city',
		},
		hostId: { kind: 'id', column: orders.hostId, label: 'admin:orders.filters.hostId' },
		guestId: { kind: 'id', column: orders.guestId, label: 'admin:orders.filters.guestId' },
	},
	// Code, guest name and e-mail live in orders.search_text (written by triggers, ADR 0107); the
	// playroom's name is matched over the 1,000-odd playrooms once, not joined per order.
	search: [
		orders.searchText,
		(matches) =>
			sql`${orders.playroomId} IN (SELECT ${playrooms.id} FROM ${playrooms} WHERE ${matches(playrooms.name)})`,
	],
	defaultSort: 'createdAt:desc',
	tiebreaker: orders.id,
	defaultPerPage: 25,
	rows: (db: DbOrTx) =>
		db
			.select(rowColumns)
			.from(orders)
			.innerJoin(playrooms, eq(playrooms.id, orders.playroomId))
			.innerJoin(host, eq(host.id, orders.hostId))
			.$dynamic(),
	keyTable: orders,
	count: (db: DbOrTx) => db.select({ n: count() }).from(orders).$dynamic(),
	toItem,
})

/**
 * The newest orders matching `where` (a playroom's, a guest's …) and how many
 * match in all: the short order lists of the admin detail pages, each linking
 * to /admin/orders/:id and, for the rest, to the filtered order list.
 */
export function latestOrders(where: SQL, limit: number, db: DbOrTx = getDb()) {
	const items = db
		.select({
			id: orders.id,
			code: orders.code,
			status: orders.status,
			checkIn: orders.checkIn,
			checkOut: orders.checkOut,
			totalAmount: orders.totalAmount,
			playroomName: playrooms.name,
		})
		.from(orders)
		.innerJoin(playrooms, eq(playrooms.id, orders.playroomId))
		.where(where)
		.orderBy(desc(orders.createdAt), desc(orders.id))
		.limit(limit)
		.all()
		.map((o) => ({ ...o, checkIn: o.checkIn.getTime(), checkOut: o.checkOut.getTime() }))
	const total = db.select({ n: count() }).from(orders).where(where).get()?.n ?? 0
	return { items, total }
}

export function listAdminOrders(actor: { role: UserRole }, query: TableQuery): ListPage<AdminOrderItem> {
	assertAdmin(actor)
	return runTableQuery(orderTable, query)
}

export function exportAdminOrders(actor: { role: UserRole }, query: TableQuery, locale: Locale) {
	assertAdmin(actor)
	return streamTableCsv(orderTable, query, { locale })
}

/** Everything about one order for the admin detail page. */
export function getAdminOrderDetail(admin: OrderCaller, orderId: string, db: DbOrTx = getDb()) {
	assertAdmin(admin)
	const view = getOrderView(orderId, admin, {}, db)
	const row = loadOrder(orderId, db)
	const person = (id: string) =>
		db
			.select({
				id: users.id,
				displayName: users.displayName,
				email: users.email,
				deletedAt: users.deletedAt,
			})
			.from(users)
			.where(eq(users.id, id))
			.get()
	const payments = db
		.select()
		.from(paymentTransactions)
		.where(eq(paymentTransactions.orderId, orderId))
		.orderBy(asc(paymentTransactions.createdAt), asc(sql`rowid`))
		.all()
	const ledger = db
		.select()
		.from(moneyTransactions)
		.where(eq(moneyTransactions.orderId, orderId))
		.orderBy(asc(moneyTransactions.createdAt), asc(sql`rowid`))
		.all()
	const emails = db
		.select({
			id: emailOutbox.id,
			to: emailOutbox.to,
			subject: emailOutbox.subject,
			template: emailOutbox.template,
			status: emailOutbox.status,
			createdAt: emailOutbox.createdAt,
		})
		.from(emailOutbox)
		.where(eq(emailOutbox.orderId, orderId))
		.orderBy(asc(emailOutbox.createdAt), asc(sql`rowid`))
		.all()
	const guest = person(row.guestId)
	const hostUser = person(row.hostId)
	return {
		order: view,
		guest: guest ? { id: guest.id, displayName: guest.displayName, email: guest.email } : null,
		host: hostUser ? { id: hostUser.id, displayName: hostUser.displayName, email: hostUser.email } : null,
		payments: payments.map((p) => ({
			id: p.id,
			provider: p.provider,
			direction: p.direction,
			amount: p.amount,
			reference: p.reference,
			status: p.status,
			note: p.note,
			createdAt: p.createdAt.getTime(),
		})),
		ledger: ledger.map((m) => ({
			id: m.id,
			kind: m.kind,
			account: m.account,
			amount: m.amount,
			createdAt: m.createdAt.getTime(),
		})),
		emails: emails.map((e) => ({ ...e, createdAt: e.createdAt.getTime() })),
		history: listAuditEntries('order', orderId, {}, db),
		canResendConfirmation: row.status === 'Confirmed',
		canRecordTransfer: row.status === 'AwaitingPayment' || row.status === 'Confirmed',
		/** A fresh key for the transfer form of this render (ADR 0142): submitting it twice records once. */
		transferKey: newTransferKey(),
	}
}
export type AdminOrderDetail = ReturnType<typeof getAdminOrderDetail>

/** Sends the guest's confirmation of a Confirmed order again (with its calendar entry). Returns the address. */
export function resendConfirmation(admin: OrderCaller, orderId: string): string {
	assertAdmin(admin)
	const result = immediateTransaction((tx) => {
		const order = tx.select().from(orders).where(eq(orders.id, orderId)).get()
		if (!order) throw orderNotFound()
		if (order.status !== 'Confirmed') {
			throw new AppError(409, 'Conflict', { messageKey: 'admin:orders.resend.notConfirmed' })
		}
		const guest = tx.select({ email: users.email }).from(users).where(eq(users.id, order.guestId)).get()
		const email = guest?.email ?? ''
		recordAdminAudit(tx, {
			admin,
			action: 'order.resendConfirmation',
			entityType: 'order',
			entityId: order.id,
			changes: { sentTo: { before: null, after: email } },
		})
		return { email, id: queueOrderEmail('confirmed', 'guest', order, tx) }
	})
	deliverSoon([result.id])
	return result.email
}
