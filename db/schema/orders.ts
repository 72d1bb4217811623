import { sql } from 'drizzle-orm'
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import {
	BOOKING_TYPES,
	PAYMENT_METHODS,
	playrooms,
	type AdditionUnit,
	type BookingType,
	type PaymentMethod,
} from './catalogue.ts'
import { booleanColumn, cents, createdAt, idColumn, instant, jsonColumn, updatedAt } from './columns.ts'
import { USER_ROLES, users } from './users.ts'

/**
 * Orders (PRODUCT.md §3 Order and the order status table) and ratings.
 * The catalogue owns the table because availability depends on slot-holding
 * orders; the booking engine (issue 5) adds the commands.
 */
export { ORDER_STATUSES, TAX_STATUSES, type OrderStatus, type TaxStatus } from './order-enums.ts'
import { ORDER_STATUSES, type OrderStatus } from './order-enums.ts'

/** These statuses hold the slot; the others free it (PRODUCT.md §3). */
export const SLOT_HOLDING_STATUSES = [
	'Requested',
	'AwaitingPayment',
	'Confirmed',
] as const satisfies readonly OrderStatus[]

/** PartiallyPaid (issue 34): part of the amount payable arrived, the rest is still due by the payment deadline. */
export const PAYMENT_STATUSES = ['Unpaid', 'PartiallyPaid', 'Paid', 'PartiallyRefunded', 'Refunded'] as const
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number]

/** Who moved an order: a user in a role, or the system (background tasks, webhooks). */
export const ORDER_ACTOR_ROLES = [...USER_ROLES, 'System'] as const
export type OrderActorRole = (typeof ORDER_ACTOR_ROLES)[number]

export type OrderExtra = {
	additionId: string
	nameDe: string
	nameEn: string
	unit: AdditionUnit
	unitPrice: number
	quantity: number
	amount: number
}

/** Where a Mobile offer comes to (the guest's place); null for fixed places. */
export type OrderEventAddress = { street: string; postalCode: string; city: string }

export type OrderContact = {
	firstName: string
	lastName: string
	email: string
	phoneNumber: string | null
	eventAddress?: OrderEventAddress | null
}

/**
 * `orders.search_text` as the triggers of migration 0008 compute it (SQLite's `lower` folds ASCII
 * only). An insert that passes it spares the trigger's row update; a wrong value is corrected.
 */
export function orderSearchText(
	code: string,
	contact: Pick<OrderContact, 'firstName' | 'lastName' | 'email'>,
) {
	const lower = (text: string) => text.replace(/[A-Z]+/g, (letters) => letters.toLowerCase())
	return [code, `${contact.firstName} ${contact.lastName}`, contact.email].map(lower).join('\u001f')
}

/** One line of the frozen breakdown (the price engine's PriceLine). */
export type OrderPriceLine = {
	kind: string
	part?: 'weekday' | 'weekend'
	unit?: string
	label?: string
	labelDe?: string
	labelEn?: string
	code?: string
	additionId?: string
	quantity: number
	unitPrice: number
	amount: number
	/** Per-hour extras: hours of the stay (older orders: derived from the amount). */
	hours?: number
}

/**
 * The tax part of a frozen breakdown (ADR 0150): the VAT contained, or — for a host who was a small
 * business under § 19 UStG when the order was made — no VAT at all. Orders from before the host's
 * tax status was kept have no `taxStatus`: they were priced with VAT.
 */
export type OrderTax =
	| { taxStatus?: 'Regular'; vatRatePercent: number; vatAmount: number; netAmount?: number }
	| { taxStatus: 'SmallBusiness' }

/** The price breakdown at the time of ordering (the price engine's PriceBreakdown, frozen). */
export type OrderPriceSnapshot = {
	currency: 'EUR'
	lines: OrderPriceLine[]
	total: number
	deposit: number
	minutes?: number
	nights?: number | null
} & OrderTax

export const orders = sqliteTable(
	'orders',
	{
		id: idColumn(),
		/** Public order code, e.g. SZ-7K3M9Q (also the bank transfer reference). */
		code: text('code').notNull(),
		playroomId: text('playroom_id')
			.notNull()
			.references(() => playrooms.id),
		guestId: text('guest_id')
			.notNull()
			.references(() => users.id),
		/** The playroom's host when the order was made (kept if the playroom changes hands). */
		hostId: text('host_id')
			.notNull()
			.references(() => users.id),
		bookingType: text('booking_type', { enum: BOOKING_TYPES }).$type<BookingType>().notNull(),
		/** Start and end of the stay (UTC instants). */
		checkIn: instant('check_in').notNull(),
		checkOut: instant('check_out').notNull(),
		adults: integer('adults').notNull(),
		children: integer('children').notNull().default(0),
		extras: jsonColumn<OrderExtra[]>('extras').notNull().default([]),
		message: text('message'),
		contact: jsonColumn<OrderContact>('contact').notNull(),
		/**
		 * The admin order table's free text (ADR 0107): code, guest name and guest e-mail in lower
		 * case, separated by U+001F (the free text is single-line safe text, so a match never spans
		 * two fields). Written by triggers (migration 0008_admin_perf_sql) on insert and on every
		 * change of code or contact, so no write site can forget it; app code never sets it.
		 */
		searchText: text('search_text'),
		price: jsonColumn<OrderPriceSnapshot>('price').notNull(),
		/** Total the guest pays (gross cents, after discounts). */
		totalAmount: cents('total_amount').notNull(),
		/** The voucher's display form (`…-7K3M`), never the whole code (issue 33). */
		voucherCode: text('voucher_code'),
		/** Paid by gift voucher (a way to pay: not part of the price; issue 33, § 3 Abs. 13 UStG). */
		voucherAmount: cents('voucher_amount').notNull().default(0),
		/** The gift voucher that pays `voucherAmount` (db/schema/vouchers.ts). */
		giftVoucherId: text('gift_voucher_id'),
		/** The discount code applied to the price (its line is in the price snapshot). */
		discountVoucherId: text('discount_voucher_id'),
		paymentMethod: text('payment_method', { enum: PAYMENT_METHODS }).$type<PaymentMethod>().notNull(),
		paymentStatus: text('payment_status', { enum: PAYMENT_STATUSES }).notNull().default('Unpaid'),
		status: text('status', { enum: ORDER_STATUSES }).notNull(),
		/** Requested: the host must answer by then (24 h). */
		responseDeadline: instant('response_deadline'),
		/** AwaitingPayment: payment must arrive by then (card 30 min, bank transfer 3 days). */
		paymentDeadline: instant('payment_deadline'),
		confirmedAt: instant('confirmed_at'),
		completedAt: instant('completed_at'),
		declineReason: text('decline_reason'),
		cancelledAt: instant('cancelled_at'),
		cancelledById: text('cancelled_by_id').references(() => users.id),
		cancelledByRole: text('cancelled_by_role', { enum: ORDER_ACTOR_ROLES }),
		cancellationReason: text('cancellation_reason'),
		refundAmount: cents('refund_amount'),
		/** Commission in basis points (1000 = 10 %) and the resulting amount. */
		commissionRateBp: integer('commission_rate_bp').notNull(),
		commissionAmount: cents('commission_amount').notNull(),
		/** From the confirm form: a double submit creates one order. */
		idempotencyKey: text('idempotency_key').notNull(),
		createdAt: createdAt(),
		updatedAt: updatedAt(),
	},
	(table) => [
		uniqueIndex('orders_code_unique').on(table.code),
		uniqueIndex('orders_idempotency_key_unique').on(table.idempotencyKey),
		// The overlap check and occupation data: slot-holding orders of a playroom that end after t.
		// Queries must repeat this exact status condition to use the partial index.
		index('orders_slot_holding_idx')
			.on(table.playroomId, table.checkOut, table.checkIn)
			.where(sql`status IN ('Requested', 'AwaitingPayment', 'Confirmed')`),
		index('orders_playroom_idx').on(table.playroomId, table.checkIn),
		index('orders_guest_idx').on(table.guestId, table.checkIn),
		index('orders_host_idx').on(table.hostId, table.status, table.createdAt),
		index('orders_status_response_idx').on(table.status, table.responseDeadline),
		index('orders_status_payment_idx').on(table.status, table.paymentDeadline),
		index('orders_status_checkout_idx').on(table.status, table.checkOut),
		// Admin dashboard: orders made in a period by status with their sums (covering); the admin search
		// catches up on changed orders by updated_at (ADR 0092).
		index('orders_created_idx').on(
			table.createdAt,
			table.status,
			table.playroomId,
			table.totalAmount,
			table.commissionAmount,
		),
		// Admin dashboard: bank transfers still awaited, by due date.
		index('orders_pending_transfer_idx')
			.on(table.paymentDeadline, table.totalAmount)
			.where(sql`status = 'AwaitingPayment' AND payment_method = 'BankTransfer'`),
		index('orders_updated_idx').on(table.updatedAt),
		// The admin order table (docs/subsystems/data-table.md): every sort alone and with the status filter
		// (sorting by createdAt uses the dashboard's orders_created_idx, whose first column it is).
		index('orders_check_in_idx').on(table.checkIn),
		index('orders_total_idx').on(table.totalAmount),
		index('orders_status_created_idx').on(table.status, table.createdAt),
		index('orders_status_check_in_idx').on(table.status, table.checkIn),
		index('orders_payment_status_idx').on(table.paymentStatus, table.createdAt),
		// A filter with a sort on another column (ADR 0107): the sort's order within the filter.
		index('orders_payment_status_total_idx').on(table.paymentStatus, table.totalAmount),
		index('orders_status_total_idx').on(table.status, table.totalAmount),
		index('orders_status_code_idx').on(table.status, table.code),
		// The free text (tableFilter) reads this covering index instead of the rows: with a status filter
		// one range, without it one scan of ~70-byte entries.
		index('orders_status_search_idx').on(table.status, table.searchText, table.playroomId),
	],
)

/** Every status transition of an order: who, when, from, to, why. */
export const orderStatusHistory = sqliteTable(
	'order_status_history',
	{
		id: idColumn(),
		orderId: text('order_id')
			.notNull()
			.references(() => orders.id, { onDelete: 'cascade' }),
		fromStatus: text('from_status', { enum: ORDER_STATUSES }),
		toStatus: text('to_status', { enum: ORDER_STATUSES }).notNull(),
		actorId: text('actor_id').references(() => users.id),
		actorRole: text('actor_role', { enum: ORDER_ACTOR_ROLES }).notNull(),
		reason: text('reason'),
		createdAt: createdAt(),
	},
	(table) => [index('order_status_history_order_idx').on(table.orderId, table.createdAt)],
)

/** Optional "great for" ages a guest can give with a rating (issue 32). */
export const RATING_AGE_FITS = ['3-5', '6-8', '9-12'] as const
export type RatingAgeFit = (typeof RATING_AGE_FITS)[number]

/** Why an admin hid a rating (DSA Art. 17 statement of reasons; issue 32). */
export const RATING_HIDE_REASONS = [
	'NotAboutStay',
	'Offensive',
	'PersonalData',
	'Advertising',
	'ConflictOfInterest',
	'Illegal',
] as const
export type RatingHideReason = (typeof RATING_HIDE_REASONS)[number]

/**
 * One rating per Completed order (issue 32: within 14 days of check-out), hidden from the host
 * and the public until published (14 days after check-out, or when the host wrote their private
 * note about the guest).
 */
export const ratings = sqliteTable(
	'ratings',
	{
		id: idColumn(),
		orderId: text('order_id')
			.notNull()
			.references(() => orders.id),
		playroomId: text('playroom_id')
			.notNull()
			.references(() => playrooms.id),
		guestId: text('guest_id')
			.notNull()
			.references(() => users.id),
		/** 1–5 each. */
		stars: integer('stars').notNull(),
		cleanliness: integer('cleanliness').notNull(),
		communication: integer('communication').notNull(),
		value: integer('value').notNull(),
		/** Issue 32: safety for children and "as described", 1–5 (null on older ratings). */
		safety: integer('safety'),
		asDescribed: integer('as_described'),
		ageFit: text('age_fit', { enum: RATING_AGE_FITS }),
		comment: text('comment'),
		/** The language the guest wrote in (shown in it, never translated). */
		language: text('language', { enum: ['de', 'en'] }),
		/** Null while pending: the host sees that it arrived, not what it says. */
		publishedAt: instant('published_at'),
		/** The host's private note about the guest (hosts only, never public). */
		hostPrivateNote: text('host_private_note'),
		hostPrivateNoteAt: instant('host_private_note_at'),
		hostReply: text('host_reply'),
		hostRepliedAt: instant('host_replied_at'),
		/** Hidden by an admin: not shown, not counted. */
		hidden: booleanColumn('hidden').notNull().default(false),
		/** The admin's reason for hiding or showing it again (issue 14). */
		hiddenReason: text('hidden_reason'),
		hiddenReasonCode: text('hidden_reason_code', { enum: RATING_HIDE_REASONS }),
		createdAt: createdAt(),
	},
	(table) => [
		uniqueIndex('ratings_order_unique').on(table.orderId),
		index('ratings_playroom_idx').on(table.playroomId, table.hidden, table.createdAt),
		index('ratings_published_idx').on(table.playroomId, table.publishedAt),
	],
)
