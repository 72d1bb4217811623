import { sql } from 'drizzle-orm'
import { index, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { cents, createdAt, idColumn, instant, jsonColumn, updatedAt } from './columns.ts'
import { orders } from './orders.ts'
import { hostPayouts } from './money.ts'
import { users } from './users.ts'

/**
 * Money (PRODUCT.md §3 Payment methods; docs/subsystems/booking.md, ADR 0042):
 * what moved between the platform and the outside world (payment
 * transactions) and the platform's internal double-entry ledger (money
 * transactions). Every business event writes a journal of ledger rows whose
 * amounts add up to zero.
 */
export const PAYMENT_PROVIDERS = ['BankTransfer', 'Stripe', 'OnSite', 'Voucher'] as const
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number]

export const PAYMENT_DIRECTIONS = ['Incoming', 'Outgoing'] as const
export type PaymentDirection = (typeof PAYMENT_DIRECTIONS)[number]

/** Pending: started (card session opened, refund to be paid out); the others are final. */
export const PAYMENT_TRANSACTION_STATUSES = ['Pending', 'Succeeded', 'Failed', 'Cancelled'] as const
export type PaymentTransactionStatus = (typeof PAYMENT_TRANSACTION_STATUSES)[number]

/** A payment or refund between a guest and the platform (or, for OnSite, the host). */
export const paymentTransactions = sqliteTable(
	'payment_transactions',
	{
		id: idColumn(),
		orderId: text('order_id').references(() => orders.id),
		provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
		direction: text('direction', { enum: PAYMENT_DIRECTIONS }).notNull(),
		/** Positive cents; the direction says which way. */
		amount: cents('amount').notNull(),
		currency: text('currency').notNull().default('EUR'),
		/** What the guest or bank sees: the order code for transfers, the Checkout Session id for cards. */
		reference: text('reference').notNull(),
		/** The provider's id of this transaction (Checkout Session, refund), unique per provider. */
		externalId: text('external_id'),
		status: text('status', { enum: PAYMENT_TRANSACTION_STATUSES }).notNull(),
		/** The provider's payload as received (webhook object), or the admin's entry. */
		rawPayload: jsonColumn<unknown>('raw_payload'),
		/** The admin who recorded a control transaction. */
		recordedById: text('recorded_by_id').references(() => users.id),
		note: text('note'),
		/**
		 * The key of the form render or API call that recorded a bank transfer (ADR 0142): the same key
		 * again gets this payment back and books nothing; unique, so not even two processes book twice.
		 */
		idempotencyKey: text('idempotency_key'),
		/**
		 * Bank refunds (issue 34): the account the guest gave for this refund (normalised, mod-97 checked)
		 * and its holder. Stored only for this purpose: masked once the refund is marked as sent.
		 */
		refundIban: text('refund_iban'),
		refundAccountHolder: text('refund_account_holder'),
		/** When an outgoing payment was sent ("refunded on …"); null while it is due. */
		completedAt: instant('completed_at'),
		createdAt: createdAt(),
		updatedAt: updatedAt(),
	},
	(table) => [
		index('payment_transactions_order_idx').on(table.orderId, table.createdAt),
		index('payment_transactions_status_idx').on(table.status, table.createdAt),
		// The admin's refunds queue: outgoing payments by status.
		index('payment_transactions_direction_status_idx').on(table.direction, table.status, table.createdAt),
		uniqueIndex('payment_transactions_external_unique')
			.on(table.provider, table.externalId)
			.where(sql`external_id IS NOT NULL`),
		uniqueIndex('payment_transactions_idempotency_unique')
			.on(table.idempotencyKey)
			.where(sql`idempotency_key IS NOT NULL`),
	],
)

/**
 * Ledger accounts. Debits are positive, credits negative.
 * PlatformBank: money the platform holds (bank account, Stripe balance).
 * GuestPrepayments: money received for orders that are not settled yet (owed to the order).
 * HostPayable: what the platform owes a host (negative balance) or a host owes the platform (positive).
 * PlatformRevenue: commission earned.
 * VoucherLiability: gift vouchers sold and not yet redeemed or expired (owed to their holders).
 * PlatformDiscounts: what the platform's own discount codes cost it (the host still earns the full price).
 * VatPayable: VAT the platform's commission invoices charge (owed to the tax office; issue 34).
 */
export const LEDGER_ACCOUNTS = [
	'PlatformBank',
	'GuestPrepayments',
	'HostPayable',
	'PlatformRevenue',
	'VoucherLiability',
	'PlatformDiscounts',
	'VatPayable',
] as const
export type LedgerAccount = (typeof LEDGER_ACCOUNTS)[number]

export const MONEY_TRANSACTION_KINDS = [
	'GuestPayment',
	'Refund',
	'Commission',
	'HostEarning',
	'HostPayout',
	'VoucherSale',
	'VoucherRedemption',
	'VoucherRefund',
	'VoucherExpiry',
	'VoucherGoodwill',
	/** Issue 34: the VAT (and fees) a commission invoice charges the host, and its reversal by a Storno. */
	'InvoiceCharge',
	/** Issue 34: a host's own transfer to the platform (an open invoice paid). */
	'HostPayment',
	/** Issue 34: an admin's correction of a host's balance, with a reason. */
	'HostAdjustment',
] as const
export type MoneyTransactionKind = (typeof MONEY_TRANSACTION_KINDS)[number]

/** One ledger row. The rows of a journal (same journalId) add up to zero. */
export const moneyTransactions = sqliteTable(
	'money_transactions',
	{
		id: idColumn(),
		journalId: text('journal_id').notNull(),
		kind: text('kind', { enum: MONEY_TRANSACTION_KINDS }).notNull(),
		account: text('account', { enum: LEDGER_ACCOUNTS }).notNull(),
		/** Signed cents: debit > 0, credit < 0. */
		amount: cents('amount').notNull(),
		orderId: text('order_id').references(() => orders.id),
		paymentTransactionId: text('payment_transaction_id').references(() => paymentTransactions.id),
		/** The host whose HostPayable account a row moves. */
		hostId: text('host_id').references(() => users.id),
		/**
		 * HostPayable rows settled by a payout (issue 34): a run marks every row of the host it paid,
		 * the payout's own row included, so "not yet paid out" is `payout_id IS NULL`.
		 */
		payoutId: text('payout_id').references(() => hostPayouts.id),
		description: text('description'),
		createdAt: createdAt(),
	},
	(table) => [
		index('money_transactions_journal_idx').on(table.journalId),
		index('money_transactions_order_idx').on(table.orderId, table.createdAt),
		index('money_transactions_account_idx').on(table.account, table.hostId, table.createdAt),
		index('money_transactions_kind_idx').on(table.kind, table.createdAt),
		index('money_transactions_host_payout_idx').on(table.hostId, table.payoutId, table.createdAt),
	],
)

/** Provider webhook events already handled: a redelivered event id changes nothing. */
export const webhookEvents = sqliteTable(
	'webhook_events',
	{
		provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
		eventId: text('event_id').notNull(),
		type: text('type').notNull(),
		orderId: text('order_id').references(() => orders.id),
		receivedAt: instant('received_at').notNull(),
	},
	(table) => [primaryKey({ columns: [table.provider, table.eventId] })],
)
