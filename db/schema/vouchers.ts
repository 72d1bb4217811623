import { sql } from 'drizzle-orm'
import { check, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { cents, createdAt, idColumn, instant, updatedAt } from './columns.ts'
import { playrooms } from './catalogue.ts'
import { orders } from './orders.ts'
import { LANGUAGES, users } from './users.ts'

/**
 * Vouchers (issue 33, docs/subsystems/vouchers.md). Two kinds kept apart as § 3 Abs. 13 UStG asks:
 * a **gift voucher** is a way to pay (applied after the price), a **discount code** lowers the
 * price (a breakdown line). Codes are stored hashed; the last four characters are kept for display.
 */
export const VOUCHER_KINDS = ['Gift', 'Discount'] as const
export type VoucherKind = (typeof VOUCHER_KINDS)[number]

export const VOUCHER_ISSUERS = ['Platform', 'Host'] as const
export type VoucherIssuer = (typeof VOUCHER_ISSUERS)[number]

/** Where a voucher can be used: every playroom, one host's, or one playroom. */
export const VOUCHER_SCOPES = ['All', 'Host', 'Playroom'] as const
export type VoucherScope = (typeof VOUCHER_SCOPES)[number]

export const VOUCHER_STATUSES = ['Active', 'UsedUp', 'Expired', 'Cancelled'] as const
export type VoucherStatus = (typeof VOUCHER_STATUSES)[number]

/** How a voucher came to be: bought (voucher order), the newsletter's welcome voucher, or made by hand. */
export const VOUCHER_ORIGINS = ['Purchase', 'Welcome', 'Created'] as const
export type VoucherOrigin = (typeof VOUCHER_ORIGINS)[number]

export const vouchers = sqliteTable(
	'vouchers',
	{
		id: idColumn(),
		kind: text('kind', { enum: VOUCHER_KINDS }).notNull(),
		issuer: text('issuer', { enum: VOUCHER_ISSUERS }).notNull(),
		/** The host who issued it (issuer Host). */
		issuerHostId: text('issuer_host_id').references(() => users.id),
		scope: text('scope', { enum: VOUCHER_SCOPES }).notNull().default('All'),
		/** Scope Host: the host; scope Playroom: the playroom's host (kept for lists). */
		scopeHostId: text('scope_host_id').references(() => users.id),
		scopePlayroomId: text('scope_playroom_id').references(() => playrooms.id),
		/** SHA-256 of the normalised code (`XXXX-XXXX-XXXX` without dashes, upper case). */
		codeHash: text('code_hash').notNull(),
		/** The last four characters, for display (`…-7K3M`). */
		codeLast4: text('code_last4').notNull(),
		/** Discount codes: percent off (1–100) or a fixed amount off per use. */
		discountPercent: integer('discount_percent'),
		discountAmount: cents('discount_amount'),
		/** Gift vouchers: the value when issued. */
		initialAmount: cents('initial_amount').notNull().default(0),
		/**
		 * Gift vouchers: what is still available (holds taken off). The voucher transactions add up
		 * to it; redemption is one guarded `UPDATE … WHERE balance >= ?`, so it never goes negative.
		 */
		balance: cents('balance').notNull().default(0),
		/** Uses held or captured (released uses are given back): max uses are checked against it. */
		usesCount: integer('uses_count').notNull().default(0),
		maxUses: integer('max_uses'),
		maxUsesPerGuest: integer('max_uses_per_guest'),
		/** The order total (before gift vouchers) must reach this. */
		minOrderAmount: cents('min_order_amount').notNull().default(0),
		validFrom: instant('valid_from'),
		validUntil: instant('valid_until'),
		status: text('status', { enum: VOUCHER_STATUSES }).notNull().default('Active'),
		origin: text('origin', { enum: VOUCHER_ORIGINS }).notNull().default('Created'),
		/** The guest it belongs to ("my vouchers"): the buyer, the recipient with an account, the welcome voucher's. */
		holderUserId: text('holder_user_id').references(() => users.id),
		createdById: text('created_by_id').references(() => users.id),
		cancelReason: text('cancel_reason'),
		/** Set when its host left the platform and it became platform credit (scope All). */
		convertedToPlatformAt: instant('converted_to_platform_at'),
		createdAt: createdAt(),
		updatedAt: updatedAt(),
	},
	(table) => [
		uniqueIndex('vouchers_code_hash_unique').on(table.codeHash),
		index('vouchers_issuer_host_idx').on(table.issuerHostId, table.createdAt),
		index('vouchers_scope_host_idx').on(table.scopeHostId, table.createdAt),
		index('vouchers_status_valid_idx').on(table.status, table.validUntil),
		index('vouchers_holder_idx').on(table.holderUserId),
		index('vouchers_kind_idx').on(table.kind, table.createdAt),
		check('vouchers_balance_not_negative', sql`${table.balance} >= 0`),
		check('vouchers_uses_not_negative', sql`${table.usesCount} >= 0`),
	],
)

/**
 * Every change of a voucher's value is a transaction (issue, hold, capture, release, refund,
 * adjust, expire). `amount` is the signed change of the available balance (0 for a discount
 * code's use and for a capture, which turns a hold into a spend); `value` is the money the
 * transaction stands for (the discount granted, the amount captured) for reports and the ledger.
 */
export const VOUCHER_TRANSACTION_KINDS = [
	'Issue',
	'Hold',
	'Capture',
	'Release',
	'Refund',
	'Adjust',
	'Expire',
] as const
export type VoucherTransactionKind = (typeof VOUCHER_TRANSACTION_KINDS)[number]

export const voucherTransactions = sqliteTable(
	'voucher_transactions',
	{
		id: idColumn(),
		voucherId: text('voucher_id')
			.notNull()
			.references(() => vouchers.id),
		kind: text('kind', { enum: VOUCHER_TRANSACTION_KINDS }).notNull(),
		/** Signed change of the available balance. */
		amount: cents('amount').notNull(),
		/** The money the transaction stands for (always ≥ 0). */
		value: cents('value').notNull().default(0),
		/** The balance after this transaction. */
		balanceAfter: cents('balance_after').notNull(),
		orderId: text('order_id').references(() => orders.id),
		/** The guest who used it (per-guest limits). */
		guestId: text('guest_id').references(() => users.id),
		/** One per (order, voucher, kind): a retry never holds, captures or refunds twice. */
		idempotencyKey: text('idempotency_key'),
		reason: text('reason'),
		actorId: text('actor_id').references(() => users.id),
		createdAt: createdAt(),
	},
	(table) => [
		index('voucher_transactions_voucher_idx').on(table.voucherId, table.createdAt),
		index('voucher_transactions_order_idx').on(table.orderId),
		index('voucher_transactions_guest_idx').on(table.voucherId, table.guestId),
		uniqueIndex('voucher_transactions_idempotency_unique')
			.on(table.idempotencyKey)
			.where(sql`${table.idempotencyKey} IS NOT NULL`),
	],
)

export const VOUCHER_ORDER_STATUSES = ['AwaitingPayment', 'Paid', 'Cancelled', 'Expired'] as const
export type VoucherOrderStatus = (typeof VOUCHER_ORDER_STATUSES)[number]

export const VOUCHER_ORDER_PAYMENT_METHODS = ['BankTransfer', 'Card'] as const
export type VoucherOrderPaymentMethod = (typeof VOUCHER_ORDER_PAYMENT_METHODS)[number]

/** A gift voucher bought for a child's birthday: paid, it issues one Gift voucher. */
export const voucherOrders = sqliteTable(
	'voucher_orders',
	{
		id: idColumn(),
		/** The public reference, also the bank-transfer reference (`GV-7K3M9Q`). */
		code: text('code').notNull(),
		/** SHA-256 of the secret link's token: the page needs id and token. */
		tokenHash: text('token_hash').notNull(),
		buyerUserId: text('buyer_user_id').references(() => users.id),
		buyerEmail: text('buyer_email').notNull(),
		buyerName: text('buyer_name').notNull().default(''),
		amount: cents('amount').notNull(),
		scope: text('scope', { enum: VOUCHER_SCOPES }).notNull(),
		scopeHostId: text('scope_host_id').references(() => users.id),
		scopePlayroomId: text('scope_playroom_id').references(() => playrooms.id),
		childName: text('child_name').notNull().default(''),
		greeting: text('greeting').notNull().default(''),
		recipientEmail: text('recipient_email'),
		/** Delivery to the recipient on this day (Europe/Berlin, `YYYY-MM-DD`), in the morning. */
		sendDate: text('send_date'),
		language: text('language', { enum: LANGUAGES }).notNull().default('de'),
		paymentMethod: text('payment_method', { enum: VOUCHER_ORDER_PAYMENT_METHODS }).notNull(),
		status: text('status', { enum: VOUCHER_ORDER_STATUSES }).notNull().default('AwaitingPayment'),
		voucherId: text('voucher_id').references(() => vouchers.id),
		/** The buyer's submit: a double click or a retry is one voucher order. */
		idempotencyKey: text('idempotency_key'),
		stripeSessionId: text('stripe_session_id'),
		paidAt: instant('paid_at'),
		deliveredToRecipientAt: instant('delivered_to_recipient_at'),
		createdAt: createdAt(),
		updatedAt: updatedAt(),
	},
	(table) => [
		uniqueIndex('voucher_orders_code_unique').on(table.code),
		uniqueIndex('voucher_orders_voucher_unique')
			.on(table.voucherId)
			.where(sql`${table.voucherId} IS NOT NULL`),
		uniqueIndex('voucher_orders_idempotency_unique')
			.on(table.idempotencyKey)
			.where(sql`${table.idempotencyKey} IS NOT NULL`),
		index('voucher_orders_status_idx').on(table.status, table.createdAt),
		index('voucher_orders_buyer_idx').on(table.buyerUserId),
		index('voucher_orders_send_date_idx').on(table.sendDate),
	],
)

/**
 * The newsletter's consents and withdrawals, append-only: the sender must be able to prove each
 * consent (UWG § 7, BGH I ZR 164/09) — account, address, text version, language, source, time, IP.
 */
export const NEWSLETTER_CONSENT_ACTIONS = ['Consent', 'Withdrawal'] as const
export const NEWSLETTER_CONSENT_SOURCES = ['Modal', 'Page', 'Account', 'Unsubscribe', 'Admin'] as const
export type NewsletterConsentSource = (typeof NEWSLETTER_CONSENT_SOURCES)[number]

export const newsletterConsents = sqliteTable(
	'newsletter_consents',
	{
		id: idColumn(),
		userId: text('user_id').references(() => users.id),
		email: text('email').notNull(),
		action: text('action', { enum: NEWSLETTER_CONSENT_ACTIONS }).notNull(),
		textVersion: text('text_version').notNull(),
		language: text('language', { enum: LANGUAGES }).notNull(),
		source: text('source', { enum: NEWSLETTER_CONSENT_SOURCES }).notNull(),
		ip: text('ip'),
		createdAt: createdAt(),
	},
	(table) => [
		index('newsletter_consents_user_idx').on(table.userId, table.createdAt),
		index('newsletter_consents_email_idx').on(table.email, table.createdAt),
	],
)

/**
 * One welcome voucher per e-mail address ever — also after the account is deleted (its row is
 * anonymised) and the address registers again: keyed by the address's hash. `voucherId` stays
 * null while the address is not confirmed yet; confirming it issues the voucher.
 */
export const welcomeVouchers = sqliteTable('welcome_vouchers', {
	emailHash: text('email_hash').primaryKey(),
	userId: text('user_id').references(() => users.id),
	voucherId: text('voucher_id').references(() => vouchers.id),
	requestedAt: instant('requested_at').notNull(),
	issuedAt: instant('issued_at'),
})

/**
 * The reminders before a gift voucher expires (60 and 14 days before, issue 33): a row per voucher
 * and reminder claims it once — `INSERT … ON CONFLICT DO NOTHING` decides which process sends it.
 */
export const VOUCHER_EXPIRY_REMINDER_DAYS = [60, 14] as const

export const voucherExpiryReminders = sqliteTable(
	'voucher_expiry_reminders',
	{
		voucherId: text('voucher_id')
			.notNull()
			.references(() => vouchers.id),
		daysBefore: integer('days_before').notNull(),
		sentAt: instant('sent_at').notNull(),
	},
	(table) => [uniqueIndex('voucher_expiry_reminders_unique').on(table.voucherId, table.daysBefore)],
)
