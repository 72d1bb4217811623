import { and, asc, count, desc, eq, gt, inArray, lte, or, sql, type SQL } from 'drizzle-orm'
import { playrooms } from '#db/schema/catalogue.ts'
import { ORDER_STATUSES, orders, orderStatusHistory, type OrderStatus } from '#db/schema/orders.ts'
import { users } from '#db/schema/users.ts'
import { refundSchedule } from '#app/domain/cancellation.ts'
import { getDb, preparedQuery, type DbOrTx } from '#app/utils/db.server.ts'
import { isCardPaymentConfigured } from '#app/utils/stripe.server.ts'
import { loadOrderFor, type OrderCaller } from './orders.server.ts'
import { getCancellationQuote } from './order-transitions.server.ts'
import { amountDueSql, amountPayable, paidAmount, refundProvider } from './order-money.server.ts'
import { refundStateOf, refundStateSql } from './refunds.server.ts'
import { getSetting } from '#app/models/platform/settings.server.ts'

/**
 * Reads of orders for the guest, host, owner and confirmation pages and the
 * API, always authorised against the caller: a guest sees only their orders,
 * a host only orders of their playrooms, an admin everything; anything else
 * is the same 404 as an unknown order.
 */
export const GUEST_TABS = ['upcoming', 'past', 'cancelled'] as const
export type GuestTab = (typeof GUEST_TABS)[number]

export const HOLDING: OrderStatus[] = ['Requested', 'AwaitingPayment', 'Confirmed']
const ENDED_WITHOUT_STAY: OrderStatus[] = ['Cancelled', 'Declined', 'Expired']

/** The columns of an order list's row (guest, host, owner lists): `toListItem` makes the item. */
export const listColumns = {
	id: orders.id,
	code: orders.code,
	status: orders.status,
	paymentStatus: orders.paymentStatus,
	paymentMethod: orders.paymentMethod,
	bookingType: orders.bookingType,
	checkIn: orders.checkIn,
	checkOut: orders.checkOut,
	adults: orders.adults,
	children: orders.children,
	totalAmount: orders.totalAmount,
	/** Still due while the order waits for money (issue 34: a partially paid order says how much). */
	amountDue: amountDueSql(),
	/** A refund on its way ('due') or sent ('sent'), else null (issue 34, ADR 0176). */
	refund: refundStateSql(),
	responseDeadline: orders.responseDeadline,
	paymentDeadline: orders.paymentDeadline,
	contact: orders.contact,
	createdAt: orders.createdAt,
	playroomId: playrooms.id,
	playroomName: playrooms.name,
	playroomUrlPath: playrooms.playroomUrlPath,
	playroomCity: playrooms.city,
}

export type ListRow = {
	id: string
	code: string
	status: OrderStatus
	paymentStatus: string
	paymentMethod: string
	bookingType: string
	checkIn: Date
	checkOut: Date
	adults: number
	children: number
	totalAmount: number
	amountDue: number
	refund: 'due' | 'sent' | null
	responseDeadline: Date | null
	paymentDeadline: Date | null
	contact: { firstName: string; lastName: string }
	createdAt: Date
	playroomId: string
	playroomName: string
	playroomUrlPath: string
	playroomCity: string
}

export type OrderListItem = ReturnType<typeof toListItem>

export function toListItem(row: ListRow) {
	return {
		id: row.id,
		code: row.code,
		status: row.status,
		paymentStatus: row.paymentStatus,
		paymentMethod: row.paymentMethod,
		bookingType: row.bookingType,
		checkIn: row.checkIn.getTime(),
		checkOut: row.checkOut.getTime(),
		guests: row.adults + row.children,
		adults: row.adults,
		children: row.children,
		totalAmount: row.totalAmount,
		amountDue: row.amountDue,
		refund: row.refund,
		responseDeadline: row.responseDeadline?.getTime() ?? null,
		paymentDeadline: row.paymentDeadline?.getTime() ?? null,
		guestName: `${row.contact.firstName} ${row.contact.lastName}`.trim(),
		playroom: {
			id: row.playroomId,
			name: row.playroomName,
			urlPath: row.playroomUrlPath,
			city: row.playroomCity,
		},
	}
}

export type Page<T> = { items: T[]; totalCount: number; currentPage: number; perPage: number }

function page<T>(items: T[], totalCount: number, currentPage: number, perPage: number): Page<T> {
	return { items, totalCount, currentPage, perPage }
}

/** /guest/orders: upcoming (slot-holding, not over), past (over), cancelled (cancelled, declined, expired). */
export function listGuestOrders(
	guestId: string,
	options: { tab: GuestTab; page?: number; perPage?: number; now?: number },
	db: DbOrTx = getDb(),
): Page<OrderListItem> {
	const now = new Date(options.now ?? Date.now())
	const perPage = options.perPage ?? 20
	const currentPage = Math.max(1, options.page ?? 1)
	const byTab: Record<GuestTab, SQL | undefined> = {
		upcoming: and(inArray(orders.status, HOLDING), gt(orders.checkOut, now)),
		past: or(eq(orders.status, 'Completed'), and(inArray(orders.status, HOLDING), lte(orders.checkOut, now))),
		cancelled: inArray(orders.status, ENDED_WITHOUT_STAY),
	}
	const where = and(eq(orders.guestId, guestId), byTab[options.tab])
	const total = db.select({ n: count() }).from(orders).where(where).get()?.n ?? 0
	const rows = db
		.select(listColumns)
		.from(orders)
		.innerJoin(playrooms, eq(playrooms.id, orders.playroomId))
		.where(where)
		.orderBy(options.tab === 'upcoming' ? asc(orders.checkIn) : desc(orders.checkIn))
		.limit(perPage)
		.offset((currentPage - 1) * perPage)
		.all()
	return page(rows.map(toListItem), total, currentPage, perPage)
}

/** Requests of a host still waiting for an answer. */
export function countOpenRequests(hostId: string, options: { now?: number } = {}, db: DbOrTx = getDb()) {
	return (
		preparedQuery(db, 'orders.openRequests', (d) =>
			d
				.select({ n: count() })
				.from(orders)
				.where(
					and(
						eq(orders.hostId, sql.placeholder('hostId')),
						eq(orders.status, 'Requested'),
						gt(orders.responseDeadline, sql.placeholder('now')),
					),
				)
				.prepare(),
		).get({ hostId, now: options.now ?? Date.now() })?.n ?? 0
	)
}

/** The host's playrooms, for the filter. */
export function hostPlayroomOptions(hostId: string, db: DbOrTx = getDb()) {
	return preparedQuery(db, 'playrooms.hostOptions', (d) =>
		d
			.select({ id: playrooms.id, name: playrooms.name })
			.from(playrooms)
			.where(eq(playrooms.hostId, sql.placeholder('hostId')))
			.orderBy(asc(playrooms.name))
			.prepare(),
	).all({ hostId })
}

export function isOrderStatus(value: unknown): value is OrderStatus {
	return typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value)
}

/**
 * Everything an order page shows, for its guest, its host or an admin (the
 * caller decides what else: actions, the guest's contact for the host).
 */
export function getOrderView(
	orderId: string,
	caller: OrderCaller,
	options: { now?: number } = {},
	db: DbOrTx = getDb(),
) {
	const now = options.now ?? Date.now()
	const order = loadOrderFor(orderId, caller, db)
	const playroom = db.select().from(playrooms).where(eq(playrooms.id, order.playroomId)).get()
	const host = db
		.select({ displayName: users.displayName, email: users.email, phoneNumber: users.phoneNumber })
		.from(users)
		.where(eq(users.id, order.hostId))
		.get()
	const history = db
		.select({
			fromStatus: orderStatusHistory.fromStatus,
			toStatus: orderStatusHistory.toStatus,
			actorRole: orderStatusHistory.actorRole,
			reason: orderStatusHistory.reason,
			createdAt: orderStatusHistory.createdAt,
		})
		.from(orderStatusHistory)
		.where(eq(orderStatusHistory.orderId, order.id))
		.orderBy(asc(orderStatusHistory.createdAt), asc(sql`rowid`))
		.all()
	const isGuest = caller.role === 'Customer'
	const isHost = caller.role === 'Owner'
	const holding = HOLDING.includes(order.status)
	const quote = holding ? getCancellationQuote(order.id, caller, { now }, db) : null
	const paid = paidAmount(order.id, db)
	// Payment instructions only when payment is due: a request may still be declined (issue 11).
	const bankDetails =
		order.paymentMethod === 'BankTransfer' && order.status === 'AwaitingPayment'
			? getSetting('bankDetails', db)
			: null
	return {
		id: order.id,
		code: order.code,
		status: order.status,
		paymentStatus: order.paymentStatus,
		paymentMethod: order.paymentMethod,
		bookingType: order.bookingType,
		checkIn: order.checkIn.getTime(),
		checkOut: order.checkOut.getTime(),
		createdAt: order.createdAt.getTime(),
		adults: order.adults,
		children: order.children,
		message: order.message,
		contact: order.contact,
		price: order.price,
		totalAmount: order.totalAmount,
		/** A gift voucher's part of the payment (ADR 0167) and its display form. */
		voucherCode: order.voucherCode,
		voucherAmount: order.voucherAmount,
		amountPayable: amountPayable(order),
		paidAmount: paid,
		amountDue: Math.max(0, amountPayable(order) - paid),
		responseDeadline: order.responseDeadline?.getTime() ?? null,
		paymentDeadline: order.paymentDeadline?.getTime() ?? null,
		confirmedAt: order.confirmedAt?.getTime() ?? null,
		declineReason: order.declineReason,
		cancelledAt: order.cancelledAt?.getTime() ?? null,
		cancelledByRole: order.cancelledByRole,
		cancellationReason: order.cancellationReason,
		refundAmount: order.refundAmount,
		/** Due until sent, then sent on a day (issue 34, ADR 0176); null: no refund. */
		refund: refundStateOf(order.id, db),
		/** How a refund would go back (the way the money came in): a bank refund asks for an account. */
		refundVia: paid > 0 ? refundProvider(order.id, db) : null,
		playroom: {
			id: order.playroomId,
			name: playroom?.name ?? '',
			urlPath: playroom?.playroomUrlPath ?? '',
			street: playroom?.street ?? '',
			postalCode: playroom?.postalCode ?? '',
			city: playroom?.city ?? '',
			placeType: playroom?.placeType ?? 'FixedPlace',
			cancellationPolicy: playroom?.cancellationPolicy ?? 'Flexible',
		},
		refundSchedule: refundSchedule(playroom?.cancellationPolicy ?? 'Flexible', order.checkIn.getTime()),
		// The guest reaches the host by e-mail/phone while the booking is live or just over
		// (the chat comes with its own issue); a declined, expired or cancelled one shows only the name.
		host: {
			id: order.hostId,
			displayName: host?.displayName ?? '',
			email: !isGuest || holding || order.status === 'Completed' ? (host?.email ?? null) : null,
			phoneNumber: isGuest && (holding || order.status === 'Completed') ? (host?.phoneNumber ?? null) : null,
		},
		history: history.map((entry) => ({ ...entry, createdAt: entry.createdAt.getTime() })),
		bankDetails,
		cancellation: quote,
		viewer: caller.role,
		actions: {
			accept: isHost && order.status === 'Requested' && (order.responseDeadline?.getTime() ?? 0) > now,
			decline: isHost && order.status === 'Requested',
			cancel: Boolean(quote?.allowed),
			payByCard:
				isGuest &&
				order.status === 'AwaitingPayment' &&
				order.paymentMethod === 'Card' &&
				isCardPaymentConfigured() &&
				(order.paymentDeadline?.getTime() ?? 0) > now,
			// A calendar entry only for an agreed booking that still holds the slot (ADR 0063).
			ics: isGuest && (order.status === 'AwaitingPayment' || order.status === 'Confirmed'),
		},
		now,
	}
}

export type OrderView = ReturnType<typeof getOrderView>
