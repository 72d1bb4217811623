import { and, desc, eq, inArray, ne, notInArray, or, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/sqlite-core'
import { playrooms } from '#db/schema/catalogue.ts'
import { users } from '#db/schema/users.ts'
import { voucherOrders, vouchers, welcomeVouchers } from '#db/schema/vouchers.ts'
import { getDb, type DbOrTx } from '#app/utils/db.server.ts'
import type { Locale } from '#app/utils/locale.ts'
import { voucherOrderPath } from './voucher-order-links.server.ts'

/**
 * A guest's "my vouchers" (issue 33, ADR 0171) — the "Vouchers" tab of /guest/orders: the voucher
 * orders they bought (by account, or by their confirmed address when they ordered logged out), the
 * vouchers they hold that someone else bought or an admin gave them, and their welcome voucher.
 * Codes only as `…-7K3M`; the full code stays on the voucher order's secret page, linked here.
 * Only the caller's own: every query is keyed by the session's account and address.
 */
const LIMIT = 100

const scopeHosts = alias(users, 'guest_voucher_scope_hosts')

const voucherFields = {
	id: vouchers.id,
	kind: vouchers.kind,
	codeLast4: vouchers.codeLast4,
	balance: vouchers.balance,
	initialAmount: vouchers.initialAmount,
	discountPercent: vouchers.discountPercent,
	discountAmount: vouchers.discountAmount,
	minOrderAmount: vouchers.minOrderAmount,
	validUntil: vouchers.validUntil,
	status: vouchers.status,
	scope: vouchers.scope,
	playroomName: playrooms.name,
	hostName: scopeHosts.displayName,
}
type VoucherFields = {
	id: string
	kind: 'Gift' | 'Discount'
	codeLast4: string
	balance: number
	initialAmount: number
	discountPercent: number | null
	discountAmount: number | null
	minOrderAmount: number
	validUntil: Date | null
	status: 'Active' | 'UsedUp' | 'Expired' | 'Cancelled'
	scope: 'All' | 'Host' | 'Playroom'
	playroomName: string | null
	hostName: string | null
}
const voucherView = (row: VoucherFields) => ({ ...row, validUntil: row.validUntil?.getTime() ?? null })
export type GuestVoucherView = ReturnType<typeof voucherView>

function vouchersWhere(db: DbOrTx, where: ReturnType<typeof and>) {
	return db
		.select(voucherFields)
		.from(vouchers)
		.leftJoin(playrooms, eq(playrooms.id, vouchers.scopePlayroomId))
		.leftJoin(scopeHosts, eq(scopeHosts.id, vouchers.scopeHostId))
		.where(where)
		.orderBy(desc(vouchers.createdAt))
		.limit(LIMIT)
		.all()
		.map(voucherView)
}

export function listGuestVouchers(
	user: { id: string; email: string; emailConfirmed: boolean },
	locale: Locale,
	db: DbOrTx = getDb(),
) {
	// Bought: by the account, or (ordered while logged out) by the account's confirmed address.
	const mine = user.emailConfirmed
		? or(
				eq(voucherOrders.buyerUserId, user.id),
				sql`lower(${voucherOrders.buyerEmail}) = ${user.email.toLowerCase()}`,
			)
		: eq(voucherOrders.buyerUserId, user.id)
	const orders = db
		.select({
			id: voucherOrders.id,
			code: voucherOrders.code,
			status: voucherOrders.status,
			amount: voucherOrders.amount,
			childName: voucherOrders.childName,
			language: voucherOrders.language,
			voucherId: voucherOrders.voucherId,
			scope: voucherOrders.scope,
			playroomName: playrooms.name,
			hostName: scopeHosts.displayName,
			createdAt: voucherOrders.createdAt,
		})
		.from(voucherOrders)
		.leftJoin(playrooms, eq(playrooms.id, voucherOrders.scopePlayroomId))
		.leftJoin(scopeHosts, eq(scopeHosts.id, voucherOrders.scopeHostId))
		.where(mine)
		.orderBy(desc(voucherOrders.createdAt))
		.limit(LIMIT)
		.all()
	const boughtVoucherIds = orders.flatMap((order) => (order.voucherId ? [order.voucherId] : []))
	const boughtVouchers = new Map(
		(boughtVoucherIds.length ? vouchersWhere(db, and(inArray(vouchers.id, boughtVoucherIds))) : []).map(
			(voucher) => [voucher.id, voucher],
		),
	)
	// Received: held by the account, not bought by it, not the welcome voucher.
	const received = vouchersWhere(
		db,
		and(
			eq(vouchers.holderUserId, user.id),
			ne(vouchers.origin, 'Welcome'),
			boughtVoucherIds.length ? notInArray(vouchers.id, boughtVoucherIds) : undefined,
		),
	)
	const receivedOrders = received.length
		? db
				.select({
					id: voucherOrders.id,
					voucherId: voucherOrders.voucherId,
					language: voucherOrders.language,
				})
				.from(voucherOrders)
				.where(
					inArray(
						voucherOrders.voucherId,
						received.map((voucher) => voucher.id),
					),
				)
				.all()
		: []
	const welcomeRequest = db
		.select({ voucherId: welcomeVouchers.voucherId })
		.from(welcomeVouchers)
		.where(eq(welcomeVouchers.userId, user.id))
		.get()
	const [welcome] = vouchersWhere(db, and(eq(vouchers.holderUserId, user.id), eq(vouchers.origin, 'Welcome')))
	return {
		bought: orders.map((order) => ({
			id: order.id,
			code: order.code,
			status: order.status,
			amount: order.amount,
			childName: order.childName,
			scope: order.scope,
			playroomName: order.playroomName,
			hostName: order.hostName,
			createdAt: order.createdAt.getTime(),
			voucher: order.voucherId ? (boughtVouchers.get(order.voucherId) ?? null) : null,
			pagePath: voucherOrderPath(order, locale),
		})),
		received: received.map((voucher) => {
			const order = receivedOrders.find((row) => row.voucherId === voucher.id)
			return { ...voucher, pagePath: order ? voucherOrderPath(order, locale) : null }
		}),
		welcome: welcome ?? null,
		welcomeWaiting: !welcome && Boolean(welcomeRequest && !welcomeRequest.voucherId),
	}
}
export type GuestVouchers = ReturnType<typeof listGuestVouchers>
