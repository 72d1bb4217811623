import { and, asc, count, eq, gte, inArray, like, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/sqlite-core'
import { playrooms } from '#db/schema/catalogue.ts'
import { emailOutbox } from '#db/schema/platform.ts'
import { users } from '#db/schema/users.ts'
import {
	VOUCHER_ORDER_PAYMENT_METHODS,
	VOUCHER_ORDER_STATUSES,
	type VoucherScope,
	voucherOrders,
	vouchers,
} from '#db/schema/vouchers.ts'
import { voucherScopeLabel } from '#app/domain/voucher-order-scope.ts'
import { deliverSoon } from '#app/models/accounts/account-emails.server.ts'
import { listAuditEntries, recordAdminAudit } from '#app/models/platform/audit-log.server.ts'
import { AppError } from '#app/utils/app-error.ts'
import {
	defineDataTable,
	runTableQuery,
	type ListPage,
	type TableQuery,
} from '#app/utils/data-table.server.ts'
import { getDb, immediateTransaction, type DbOrTx } from '#app/utils/db.server.ts'
import { queueVoucherOrderEmail } from './voucher-order-emails.server.ts'
import { voucherOrderPdf, type VoucherOrderRow } from './voucher-orders.server.ts'
import { assertAdmin } from '#app/utils/assert-admin.ts'

/**
 * The admin's voucher orders (issue 33, ADR 0171, docs/subsystems/vouchers.md): the list on the
 * data table (filters status and payment method, search by GV reference or buyer e-mail, CSV
 * export through /api/Admin/VoucherOrders/Export) and the detail page's facts, e-mails and actions —
 * resend the buyer's or the recipient's e-mail, cancel an unpaid voucher order. Admin only.
 */

const scopeHosts = alias(users, 'voucher_order_scope_hosts')

const voucherOrderColumns = {
	id: voucherOrders.id,
	code: voucherOrders.code,
	buyerEmail: voucherOrders.buyerEmail,
	amount: voucherOrders.amount,
	scope: voucherOrders.scope,
	playroomName: playrooms.name,
	hostName: scopeHosts.displayName,
	status: voucherOrders.status,
	paymentMethod: voucherOrders.paymentMethod,
	createdAt: voucherOrders.createdAt,
	paidAt: voucherOrders.paidAt,
}
type VoucherOrderListRow = {
	id: string
	code: string
	buyerEmail: string
	amount: number
	scope: VoucherScope
	playroomName: string | null
	hostName: string | null
	status: (typeof VOUCHER_ORDER_STATUSES)[number]
	paymentMethod: (typeof VOUCHER_ORDER_PAYMENT_METHODS)[number]
	createdAt: Date
	paidAt: Date | null
}
const toItem = (row: VoucherOrderListRow) => ({
	...row,
	createdAt: row.createdAt.getTime(),
	paidAt: row.paidAt?.getTime() ?? null,
})
export type AdminVoucherOrderItem = ReturnType<typeof toItem>

export const voucherOrderTable = defineDataTable({
	id: 'voucher-orders',
	csvFile: 'admin:table.files.voucherOrders',
	columns: {
		code: {
			label: 'voucherOrders:columns.code',
			sort: voucherOrders.code,
			csv: (item: AdminVoucherOrderItem) => item.code,
		},
		buyerEmail: {
			label: 'voucherOrders:columns.buyerEmail',
			sort: voucherOrders.buyerEmail,
			csv: (item) => item.buyerEmail,
		},
		amount: {
			label: 'voucherOrders:columns.amount',
			sort: voucherOrders.amount,
			csv: (item, _t, format) => format.money(item.amount),
		},
		scope: { label: 'voucherOrders:columns.scope', csv: (item, t) => voucherScopeLabel(item, t) },
		status: {
			label: 'voucherOrders:columns.status',
			sort: voucherOrders.status,
			csv: (item, t) => t(`voucherOrders:statuses.${item.status}`),
		},
		paymentMethod: {
			label: 'voucherOrders:columns.paymentMethod',
			csv: (item, t) => t(`voucherOrders:paymentMethods.${item.paymentMethod}`),
		},
		createdAt: {
			label: 'voucherOrders:columns.createdAt',
			sort: voucherOrders.createdAt,
			csv: (item, _t, format) => format.instant(item.createdAt),
			csvTime: true,
		},
		paidAt: {
			label: 'voucherOrders:columns.paidAt',
			csv: (item, _t, format) => format.instant(item.paidAt),
			csvTime: true,
		},
	},
	filters: {
		status: {
			kind: 'enum',
			column: voucherOrders.status,
			values: VOUCHER_ORDER_STATUSES,
			label: 'voucherOrders:columns.status',
			optionLabel: 'voucherOrders:statuses.',
		},
		paymentMethod: {
			kind: 'enum',
			column: voucherOrders.paymentMethod,
			values: VOUCHER_ORDER_PAYMENT_METHODS,
			label: 'voucherOrders:columns.paymentMethod',
			optionLabel: 'voucherOrders:paymentMethods.',
		},
		createdAt: {
			kind: 'dateRange',
			column: voucherOrders.createdAt,
			label: 'voucherOrders:columns.createdAt',
		},
	},
	search: [voucherOrders.code, voucherOrders.buyerEmail],
	defaultSort: 'createdAt:desc',
	tiebreaker: voucherOrders.id,
	defaultPerPage: 25,
	keyTable: voucherOrders,
	rows: (db: DbOrTx) =>
		db
			.select(voucherOrderColumns)
			.from(voucherOrders)
			.leftJoin(playrooms, eq(playrooms.id, voucherOrders.scopePlayroomId))
			.leftJoin(scopeHosts, eq(scopeHosts.id, voucherOrders.scopeHostId))
			.$dynamic(),
	count: (db: DbOrTx) => db.select({ n: count() }).from(voucherOrders).$dynamic(),
	toItem,
})

export function listAdminVoucherOrders(
	actor: { role: string },
	query: TableQuery,
): ListPage<AdminVoucherOrderItem> {
	assertAdmin(actor)
	return runTableQuery(voucherOrderTable, query)
}

function voucherOrderNotFound() {
	return new AppError(404, 'NotFound', { messageKey: 'voucherOrders:errors.notFound' })
}

/**
 * The outbox rows of a voucher order: its e-mails (template `voucherOrder.*`, the expiry reminders
 * `voucherReminder.*`) all carry the GV reference in their text — the outbox has no column for a
 * voucher order (ADR 0171), and the reference is unique. Read through the addresses they go to
 * (buyer, recipient, the voucher's holder), so the outbox's address index does the narrowing.
 */
function emailsOf(order: Pick<VoucherOrderRow, 'code'>, addresses: string[], db: DbOrTx) {
	return db
		.select({
			id: emailOutbox.id,
			to: emailOutbox.to,
			subject: emailOutbox.subject,
			template: emailOutbox.template,
			status: emailOutbox.status,
			attachments: sql<number>`json_array_length(${emailOutbox.attachments})`,
			createdAt: emailOutbox.createdAt,
		})
		.from(emailOutbox)
		.where(
			and(
				inArray(emailOutbox.to, [...new Set(addresses.map((address) => address.toLowerCase()))]),
				sql`(${emailOutbox.template} LIKE 'voucherOrder.%' OR ${emailOutbox.template} LIKE 'voucherReminder.%')`,
				like(emailOutbox.text, `%${order.code}%`),
			),
		)
		.orderBy(asc(emailOutbox.createdAt), asc(sql`rowid`))
		.all()
}

/** One voucher order for its admin page: facts, scope, voucher, e-mails, history and what may be done. */
export function getAdminVoucherOrder(actor: { role: string }, id: string, db: DbOrTx = getDb()) {
	assertAdmin(actor)
	const row = db
		.select({
			...voucherOrderColumns,
			buyerName: voucherOrders.buyerName,
			buyerUserId: voucherOrders.buyerUserId,
			childName: voucherOrders.childName,
			greeting: voucherOrders.greeting,
			recipientEmail: voucherOrders.recipientEmail,
			sendDate: voucherOrders.sendDate,
			language: voucherOrders.language,
			voucherId: voucherOrders.voucherId,
			scopePlayroomId: voucherOrders.scopePlayroomId,
			scopeHostId: voucherOrders.scopeHostId,
			deliveredToRecipientAt: voucherOrders.deliveredToRecipientAt,
			updatedAt: voucherOrders.updatedAt,
		})
		.from(voucherOrders)
		.leftJoin(playrooms, eq(playrooms.id, voucherOrders.scopePlayroomId))
		.leftJoin(scopeHosts, eq(scopeHosts.id, voucherOrders.scopeHostId))
		.where(eq(voucherOrders.id, id))
		.get()
	if (!row) throw voucherOrderNotFound()
	const voucher = row.voucherId
		? (db
				.select({
					id: vouchers.id,
					codeLast4: vouchers.codeLast4,
					balance: vouchers.balance,
					initialAmount: vouchers.initialAmount,
					status: vouchers.status,
					validUntil: vouchers.validUntil,
					holderEmail: users.email,
				})
				.from(vouchers)
				.leftJoin(users, eq(users.id, vouchers.holderUserId))
				.where(eq(vouchers.id, row.voucherId))
				.get() ?? null)
		: null
	const addresses = [row.buyerEmail, row.recipientEmail, voucher?.holderEmail].filter(
		(address): address is string => Boolean(address),
	)
	return {
		voucherOrder: {
			...toItem(row),
			buyerName: row.buyerName,
			buyerUserId: row.buyerUserId,
			childName: row.childName,
			greeting: row.greeting,
			recipientEmail: row.recipientEmail,
			sendDate: row.sendDate,
			language: row.language,
			scopePlayroomId: row.scopePlayroomId,
			scopeHostId: row.scopeHostId,
			deliveredToRecipientAt: row.deliveredToRecipientAt?.getTime() ?? null,
		},
		voucher: voucher
			? {
					id: voucher.id,
					codeLast4: voucher.codeLast4,
					balance: voucher.balance,
					initialAmount: voucher.initialAmount,
					status: voucher.status,
					validUntil: voucher.validUntil?.getTime() ?? null,
				}
			: null,
		emails: emailsOf(row, addresses, db).map((e) => ({ ...e, createdAt: e.createdAt.getTime() })),
		history: listAuditEntries('voucherOrder', id, {}, db),
		actions: {
			cancel: row.status === 'AwaitingPayment',
			resendBuyer: row.status === 'AwaitingPayment' || row.status === 'Paid',
			resendRecipient:
				row.status === 'Paid' && row.recipientEmail !== null && row.deliveredToRecipientAt !== null,
		},
	}
}
export type AdminVoucherOrderDetail = ReturnType<typeof getAdminVoucherOrder>

/** A second resend of the same e-mail to the same address within this time is refused (a double click). */
export const RESEND_GUARD_MS = 2 * 60_000

export type ResendTarget = 'buyer' | 'recipient'

/**
 * Sends a voucher order's e-mail again: the buyer's (once paid the `paid` e-mail with the PDF, before
 * that the `created` one with the link and the bank details) or the recipient's (the PDF; only once it
 * was delivered — before the send date the admin would spoil the surprise). A double click sends one
 * e-mail: within RESEND_GUARD_MS of the same kind of e-mail to that address the resend is refused
 * (checked and queued in one IMMEDIATE transaction, so two requests cannot both pass). Returns the
 * address.
 */
export function resendVoucherOrderEmail(
	admin: { id: string; role: string },
	id: string,
	target: ResendTarget,
	options: { now?: Date } = {},
): string {
	assertAdmin(admin)
	const now = options.now ?? new Date()
	const result = immediateTransaction((tx) => {
		const order = tx.select().from(voucherOrders).where(eq(voucherOrders.id, id)).get()
		if (!order) throw voucherOrderNotFound()
		let kind: 'created' | 'paid' | 'recipient'
		let to: string
		if (target === 'recipient') {
			if (order.status !== 'Paid' || !order.recipientEmail) {
				throw new AppError(409, 'Conflict', { messageKey: 'voucherOrders:resend.noRecipient' })
			}
			if (!order.deliveredToRecipientAt) {
				throw new AppError(409, 'Conflict', {
					messageKey: 'voucherOrders:resend.notDeliveredYet',
					params: { date: order.sendDate ?? '' },
				})
			}
			kind = 'recipient'
			to = order.recipientEmail
		} else {
			if (order.status !== 'Paid' && order.status !== 'AwaitingPayment') {
				throw new AppError(409, 'Conflict', {
					messageKey: 'voucherOrders:resend.notForStatus',
					params: { code: order.code },
				})
			}
			kind = order.status === 'Paid' ? 'paid' : 'created'
			to = order.buyerEmail
		}
		const template = `voucherOrder.${kind}`
		const recent = tx
			.select({ id: emailOutbox.id })
			.from(emailOutbox)
			.where(
				and(
					eq(emailOutbox.template, template),
					eq(emailOutbox.to, to.toLowerCase()),
					gte(emailOutbox.createdAt, new Date(now.getTime() - RESEND_GUARD_MS)),
					like(emailOutbox.text, `%${order.code}%`),
				),
			)
			.get()
		if (recent) {
			throw new AppError(409, 'Conflict', {
				messageKey: 'voucherOrders:resend.tooSoon',
				params: { email: to },
			})
		}
		const pdf = kind === 'created' ? null : voucherOrderPdf(order, 'a4', tx)
		const emailId = queueVoucherOrderEmail(tx, kind, order, { pdf })
		recordAdminAudit(tx, {
			admin,
			action: `voucherOrder.resend.${target}`,
			entityType: 'voucherOrder',
			entityId: order.id,
			changes: { sentTo: { before: null, after: to } },
			now,
		})
		return { to, emailId }
	})
	deliverSoon([result.emailId])
	return result.to
}

/**
 * Cancels a voucher order that is still awaiting payment (status Cancelled; no voucher exists yet, so
 * nothing is held or booked). A paid one is refused — its voucher is cancelled on /admin/vouchers.
 * Cancelling a cancelled order again changes nothing (a double click). Returns the GV reference.
 */
export function cancelVoucherOrder(
	admin: { id: string; role: string },
	id: string,
	options: { now?: Date; reason?: string | null } = {},
): { code: string; changed: boolean } {
	assertAdmin(admin)
	const now = options.now ?? new Date()
	return immediateTransaction((tx) => {
		const order = tx.select().from(voucherOrders).where(eq(voucherOrders.id, id)).get()
		if (!order) throw voucherOrderNotFound()
		if (order.status === 'Cancelled') return { code: order.code, changed: false }
		if (order.status === 'Paid') {
			throw new AppError(409, 'Conflict', {
				messageKey: 'voucherOrders:cancel.paid',
				params: { code: order.code },
			})
		}
		if (order.status !== 'AwaitingPayment') {
			throw new AppError(409, 'Conflict', {
				messageKey: 'voucherOrders:cancel.notAwaitingPayment',
				params: { code: order.code },
			})
		}
		const cancelled = tx
			.update(voucherOrders)
			.set({ status: 'Cancelled', updatedAt: now })
			.where(and(eq(voucherOrders.id, id), eq(voucherOrders.status, 'AwaitingPayment')))
			.returning({ id: voucherOrders.id })
			.get()
		if (!cancelled) throw new Error('voucher order changed inside the transaction')
		recordAdminAudit(tx, {
			admin,
			action: 'voucherOrder.cancel',
			entityType: 'voucherOrder',
			entityId: id,
			changes: { status: { before: order.status, after: 'Cancelled' } },
			reason: options.reason ?? null,
			now,
		})
		return { code: order.code, changed: true }
	})
}
