import { and, eq, inArray } from 'drizzle-orm'
import type Stripe from 'stripe'
import { playrooms } from '#db/schema/catalogue.ts'
import { createId } from '#db/schema/columns.ts'
import { orders } from '#db/schema/orders.ts'
import { paymentTransactions, webhookEvents } from '#db/schema/payments.ts'
import { addDays, localDateOf } from '#app/domain/berlin-time.ts'
import { AppError } from '#app/utils/app-error.ts'
import { getDb, immediateTransaction, type Transaction } from '#app/utils/db.server.ts'
import { getEnv } from '#app/utils/env.server.ts'
import { getLogger } from '#app/utils/logger.server.ts'
import { localizePath, type Locale } from '#app/utils/locale.ts'
import { getStripe, type StripeClient } from '#app/utils/stripe.server.ts'
import { openCardSession, recordPendingCardSession } from './card-sessions.server.ts'
import {
	voucherOrderCardPaid,
	voucherOrderIdOfSession,
} from '#app/models/vouchers/voucher-order-card.server.ts'
import { validationMessage } from '#app/utils/validation.ts'
import { deliverSoon } from '#app/models/accounts/account-emails.server.ts'
import { queueOrderEmail } from './order-emails.server.ts'
import { notifyOrderEvent } from '#app/models/notifications/order-notices.server.ts'
import { changedFields, ORDER_AUDIT_FIELDS, recordAdminAudit } from '#app/models/platform/audit-log.server.ts'
import {
	bookIncomingPayment,
	amountPayable,
	bookRefund,
	FINAL_WITHOUT_STAY,
	paidAmount,
	postGuestPaymentJournal,
	type OrderRow,
	type PaymentTransactionRow,
} from './order-money.server.ts'
import {
	loadOrderFor,
	orderNotFound,
	transitionOrder,
	type OrderActor,
	type OrderCaller,
} from './orders.server.ts'

/**
 * Payments (PRODUCT.md §3 Payment methods, ADR 0042): bank transfers an admin
 * records as control transactions, card payments through Stripe Checkout
 * Sessions and the signed, idempotent webhook, and card refunds. Money that
 * arrives for an order that can no longer take place goes straight back.
 */
/**
 * After money came in (under the write lock): an order awaiting payment that
 * is now paid in full is confirmed; money for an order that cannot happen any
 * more (declined, expired, cancelled), or more than the total, is refunded.
 */
export function applyIncomingPayment(
	tx: Transaction,
	order: OrderRow,
	actor: OrderActor,
	now: Date,
	received: number,
) {
	const paid = paidAmount(order.id, tx)
	const emails: (string | null)[] = []
	// The payment e-mail names this payment and what is still due by when (issue 34, ADR 0173).
	const payment = { received, due: Math.max(0, amountPayable(order) - paid) }
	if (order.status === 'AwaitingPayment' && paid >= amountPayable(order)) {
		const confirmed = transitionOrder(tx, order, 'Confirmed', actor, {
			now,
			patch: { paymentStatus: 'Paid', confirmedAt: now, paymentDeadline: null },
		})
		emails.push(queueOrderEmail('paymentReceived', 'guest', confirmed, tx, { payment }))
		notifyOrderEvent(tx, confirmed, { type: 'paymentReceived', paidTotal: paid }, now)
		emails.push(queueOrderEmail('confirmed', 'guest', confirmed, tx))
		const excess = paid - amountPayable(order)
		if (excess > 0) bookRefund(confirmed, excess, { note: 'overpayment', now }, tx)
		return { order: confirmed, emails }
	}
	if (FINAL_WITHOUT_STAY.includes(order.status)) {
		bookRefund(order, paid, { note: `payment after ${order.status}`, now }, tx)
		const updated = tx
			.update(orders)
			.set({ paymentStatus: 'Refunded', refundAmount: (order.refundAmount ?? 0) + paid, updatedAt: now })
			.where(eq(orders.id, order.id))
			.returning()
			.get()
		return { order: updated, emails }
	}
	if ((order.status === 'Confirmed' || order.status === 'Completed') && paid > amountPayable(order)) {
		bookRefund(order, paid - amountPayable(order), { note: 'overpayment', now }, tx)
	}
	// Less than the amount payable (issue 34): the order keeps waiting, deadline and all, partially paid.
	const partial = paid > 0 && paid < amountPayable(order)
	const updated =
		partial && order.paymentStatus !== 'PartiallyPaid'
			? tx
					.update(orders)
					.set({ paymentStatus: 'PartiallyPaid', updatedAt: now })
					.where(eq(orders.id, order.id))
					.returning()
					.get()
			: order
	emails.push(queueOrderEmail('paymentReceived', 'guest', updated, tx, { payment }))
	notifyOrderEvent(tx, updated, { type: 'paymentReceived', paidTotal: paid }, now)
	return { order: updated, emails }
}

/**
 * Orders closed to money an admin records (ADR 0142): those the status machine
 * lets go nowhere any more — they cannot take place (Declined, Expired,
 * Cancelled) or took place and were settled (Completed). Every entry point that
 * records a bank transfer refuses them with the same 409; the operator sends such
 * money back outside the platform or records it unmatched.
 */
const CLOSED_TO_TRANSFERS: readonly OrderRow['status'][] = [...FINAL_WITHOUT_STAY, 'Completed']

function orderClosed(order: OrderRow) {
	return new AppError(409, 'OrderClosed', {
		messageKey: `adminPayments:errors.orderClosed${order.status}`,
		params: { code: order.code },
	})
}

/** How far a bank's booking date may lie before the order was placed (a statement may show the payer's date). */
const BOOKING_DATE_DAYS_BEFORE_ORDER = 7

function bookingDateRefused(key: string, params: Record<string, string> = {}) {
	const messageKey = `adminPayments:errors.${key}`
	return new AppError(400, 'ValidationError', {
		messageKey,
		params,
		fields: { bookingDate: [validationMessage(messageKey, params)] },
	})
}

/**
 * The bank's booking date of a transfer (ADR 0142): not after today, not more
 * than a week before its order was placed, and — without an order — not more
 * than a year back. Typos such as 1970 or 9999 are refused, not stored.
 */
function assertBookingDate(bookingDate: string | undefined, order: OrderRow | undefined, now: Date) {
	if (bookingDate === undefined) return
	const today = localDateOf(now.getTime())
	if (bookingDate > today) throw bookingDateRefused('bookingDateFuture')
	if (order) {
		const earliest = addDays(localDateOf(order.createdAt.getTime()), -BOOKING_DATE_DAYS_BEFORE_ORDER)
		if (bookingDate < earliest) throw bookingDateRefused('bookingDateBeforeOrder', { code: order.code })
	} else if (bookingDate < addDays(today, -366)) {
		throw bookingDateRefused('bookingDateTooOld')
	}
}

/** What an admin may record on an order at all: the one rule of every entry point (ADR 0142). */
export function assertTransferAccepted(
	order: OrderRow | undefined,
	bookingDate: string | undefined,
	now: Date,
) {
	if (order && CLOSED_TO_TRANSFERS.includes(order.status)) throw orderClosed(order)
	assertBookingDate(bookingDate, order, now)
}

/**
 * The transfer an earlier call with this idempotency key recorded (ADR 0142),
 * read inside the caller's IMMEDIATE transaction. The same key for another
 * order or another amount is a mistake (a stale form reused), not a repeat:
 * 409 and nothing is booked.
 */
export function recordedTransfer(
	tx: Transaction,
	idempotencyKey: string | undefined,
	request: { orderId: string | null; amount: number },
): PaymentTransactionRow | undefined {
	if (!idempotencyKey) return undefined
	const earlier = tx
		.select()
		.from(paymentTransactions)
		.where(eq(paymentTransactions.idempotencyKey, idempotencyKey))
		.get()
	if (earlier && (earlier.orderId !== request.orderId || earlier.amount !== request.amount)) {
		throw new AppError(409, 'IdempotencyKeyReused', { messageKey: 'adminPayments:errors.transferKeyReused' })
	}
	return earlier
}

/** Sends the e-mails a committed transaction queued (ids; null where a recipient gets none). */
export function deliverQueuedEmails(emails: (string | null)[]) {
	deliverSoon(emails.filter((id): id is string => id !== null))
}

/** A fresh idempotency key for a form that records a transfer, rendered with the page (ADR 0142). */
export function newTransferKey(): string {
	return createId()
}

export type BankTransferInput = {
	amount: number
	reference?: string
	note?: string
	/** Control transactions (ADR 0094): the bank's booking date and the payer, kept in the raw payload. */
	bookingDate?: string
	payerName?: string
	/**
	 * The form render's or API call's key (ADR 0142): the same key again gets the first payment back
	 * and books nothing. The entry points require one; a model call without one books every time.
	 */
	idempotencyKey?: string
}

/**
 * Books an accepted bank transfer for an order inside the caller's IMMEDIATE
 * transaction: the payment transaction, its ledger journal, and — if that
 * pays the order — the confirmation, the refund of what is paid too much and
 * the admin audit entry. Checks nothing: the callers ask assertTransferAccepted
 * and recordedTransfer first.
 */
export function bookBankTransfer(
	tx: Transaction,
	order: OrderRow,
	input: BankTransferInput,
	admin: OrderCaller,
	now: Date,
) {
	const payment = bookIncomingPayment(
		order,
		{
			provider: 'BankTransfer',
			amount: input.amount,
			reference: input.reference?.trim() || order.code,
			recordedById: admin.id,
			note: input.note?.trim() || null,
			idempotencyKey: input.idempotencyKey ?? null,
			rawPayload: {
				recordedBy: admin.id,
				reference: input.reference ?? null,
				note: input.note ?? null,
				...(input.bookingDate ? { bookingDate: input.bookingDate } : {}),
				...(input.payerName ? { payerName: input.payerName } : {}),
			},
			now,
		},
		tx,
	)
	const applied = applyIncomingPayment(tx, order, { id: admin.id, role: 'Admin' }, now, input.amount)
	recordAdminAudit(tx, {
		admin,
		action: 'order.recordBankTransfer',
		entityType: 'order',
		entityId: order.id,
		changes: {
			payment: {
				before: null,
				after: { id: payment.id, amount: input.amount, reference: payment.reference },
			},
			...changedFields(order, applied.order, ORDER_AUDIT_FIELDS),
		},
		reason: input.note,
		now,
	})
	return { order: applied.order, payment, emails: applied.emails }
}

export function requireTransferAdmin(admin: OrderCaller, amount: number, amountMessage: string) {
	if (admin.role !== 'Admin') throw new AppError(403, 'Forbidden')
	if (!Number.isInteger(amount) || amount <= 0) {
		throw new AppError(400, 'ValidationError', { fields: { amount: [amountMessage] } })
	}
}

/**
 * An admin records a bank transfer that arrived for an order (the order page's
 * form, POST /api/Admin/Orders/RecordBankTransfer; control transactions come
 * through recordControlTransaction). Everything happens under the write lock
 * (ADR 0142): the order, the idempotency key (a repeat returns the first
 * payment, `replayed`), the closed-order rule, the booking.
 */
export function recordBankTransfer(
	input: BankTransferInput & { orderId?: string; orderCode?: string },
	admin: OrderCaller,
	options: { now?: number } = {},
): { order: OrderRow; payment: PaymentTransactionRow; replayed: boolean } {
	requireTransferAdmin(admin, input.amount, 'booking:errors.amountInvalid')
	const now = new Date(options.now ?? Date.now())
	const result = immediateTransaction((tx) => {
		const order = input.orderId
			? tx.select().from(orders).where(eq(orders.id, input.orderId)).get()
			: tx
					.select()
					.from(orders)
					.where(eq(orders.code, (input.orderCode ?? '').trim().toUpperCase()))
					.get()
		if (!order) throw orderNotFound()
		const earlier = recordedTransfer(tx, input.idempotencyKey, { orderId: order.id, amount: input.amount })
		if (earlier) return { order, payment: earlier, emails: [], replayed: true }
		assertTransferAccepted(order, input.bookingDate, now)
		return { ...bookBankTransfer(tx, order, input, admin, now), replayed: false }
	})
	deliverQueuedEmails(result.emails)
	return { order: result.order, payment: result.payment, replayed: result.replayed }
}

function cardNotAvailable() {
	return new AppError(400, 'CardNotAvailable', { messageKey: 'booking:errors.cardNotAvailable' })
}

/**
 * Opens a Stripe Checkout Session for an order awaiting card payment and
 * records it as a pending payment transaction. The HTTP call happens outside
 * any transaction. Returns the URL to send the guest to. Order of checks: the
 * caller's own order (else 404), then card payments configured, then the
 * order's state.
 */
export async function startCardPayment(
	orderId: string,
	caller: OrderCaller,
	locale: Locale,
	options: { now?: number } = {},
): Promise<{ url: string }> {
	// Authorise first (ADR 0057): someone else's order is a 404 whatever the configuration.
	const order = loadOrderFor(orderId, caller)
	if (caller.role !== 'Customer' || order.guestId !== caller.id) throw orderNotFound()
	const stripe = getStripe()
	if (!stripe) throw cardNotAvailable()
	const now = options.now ?? Date.now()
	const due = amountPayable(order) - paidAmount(order.id, getDb())
	if (
		order.status !== 'AwaitingPayment' ||
		order.paymentMethod !== 'Card' ||
		due <= 0 ||
		(order.paymentDeadline && order.paymentDeadline.getTime() <= now)
	) {
		throw new AppError(409, 'NotAwaitingPayment', { messageKey: 'booking:errors.notAwaitingPayment' })
	}
	const playroom = getDb()
		.select({ name: playrooms.name })
		.from(playrooms)
		.where(eq(playrooms.id, order.playroomId))
		.get()
	const session = await openCardSession(stripe, {
		amount: due,
		name: `${playroom?.name ?? 'Spielzimmer'} – ${order.code}`,
		email: order.contact.email,
		clientReferenceId: order.id,
		metadata: { orderId: order.id, orderCode: order.code },
		locale,
		now,
		returnUrl: `${getEnv().PUBLIC_URL}${localizePath(`/public/playroomOrder/${order.id}/confirmation`, locale)}`,
	})
	recordPendingCardSession(session, { orderId: order.id, amount: due, now })
	return { url: session.url }
}

function invalidSignature() {
	return new AppError(400, 'InvalidSignature', { messageKey: 'booking:errors.invalidSignature' })
}

type SessionObject = Pick<
	Stripe.Checkout.Session,
	'id' | 'amount_total' | 'payment_status' | 'client_reference_id' | 'metadata' | 'payment_intent'
>

/** Card money in: the pending transaction of the session succeeds (or one is made), ledger, confirmation. */
function cardPaymentSucceeded(
	tx: Transaction,
	session: SessionObject,
	now: Date,
): { orderId: string | null; voucherOrderId?: string | null; emails: (string | null)[] } {
	// A gift voucher order's session (ADR 0172): paid through payVoucherOrder, never as an order.
	if (voucherOrderIdOfSession(session)) return { orderId: null, ...voucherOrderCardPaid(tx, session, now) }
	const orderId = session.metadata?.orderId ?? session.client_reference_id ?? ''
	const order = tx.select().from(orders).where(eq(orders.id, orderId)).get()
	if (!order) {
		getLogger().warn({ sessionId: session.id }, 'Stripe payment for an unknown order')
		return { orderId: null, emails: [] }
	}
	const amount = session.amount_total ?? 0
	const pending = tx
		.select()
		.from(paymentTransactions)
		.where(
			and(
				eq(paymentTransactions.provider, 'Stripe'),
				eq(paymentTransactions.externalId, session.id),
				eq(paymentTransactions.orderId, order.id),
			),
		)
		.get()
	if (pending?.status === 'Succeeded') return { orderId: order.id, emails: [] }
	let paymentId: string
	if (pending) {
		tx.update(paymentTransactions)
			.set({ status: 'Succeeded', amount, rawPayload: session, updatedAt: now })
			.where(eq(paymentTransactions.id, pending.id))
			.run()
		paymentId = pending.id
		postGuestPaymentJournal(order, paymentId, amount, now, tx)
	} else {
		bookIncomingPayment(
			order,
			{ provider: 'Stripe', amount, reference: session.id, externalId: session.id, rawPayload: session, now },
			tx,
		)
	}
	const applied = applyIncomingPayment(tx, order, { id: null, role: 'System' }, now, amount)
	return { orderId: order.id, emails: applied.emails }
}

function cardSessionClosed(
	tx: Transaction,
	session: SessionObject,
	status: 'Cancelled' | 'Failed',
	now: Date,
) {
	tx.update(paymentTransactions)
		.set({ status, rawPayload: session, updatedAt: now })
		.where(
			and(
				eq(paymentTransactions.provider, 'Stripe'),
				eq(paymentTransactions.externalId, session.id),
				eq(paymentTransactions.status, 'Pending'),
			),
		)
		.run()
	return { orderId: session.metadata?.orderId ?? null, emails: [] }
}

/**
 * POST /api/Payments/StripeWebhook: verifies the signature over the raw body
 * (400 and nothing changes when it does not match), then handles the event
 * once per event id in one IMMEDIATE transaction.
 */
export function handleStripeWebhook(
	rawBody: string,
	signature: string | null,
	options: { now?: number } = {},
): {
	received: true
	duplicate: boolean
	type: string
	orderId: string | null
	voucherOrderId: string | null
} {
	const stripe = getStripe()
	const secret = getEnv().STRIPE_WEBHOOK_SECRET
	if (!stripe || !secret) throw new AppError(404, 'UnknownEndpoint')
	if (!signature) throw invalidSignature()
	let event: Stripe.Event
	try {
		event = stripe.webhooks.constructEvent(rawBody, signature, secret)
	} catch {
		throw invalidSignature()
	}
	const now = new Date(options.now ?? Date.now())
	const result = immediateTransaction((tx) => {
		const first = tx
			.insert(webhookEvents)
			.values({ provider: 'Stripe', eventId: event.id, type: event.type, receivedAt: now })
			.onConflictDoNothing()
			.run()
		if (first.changes === 0)
			return { duplicate: true, orderId: null, voucherOrderId: null, emails: [] as (string | null)[] }
		let handled: { orderId: string | null; voucherOrderId?: string | null; emails: (string | null)[] } = {
			orderId: null,
			emails: [],
		}
		switch (event.type) {
			case 'checkout.session.completed':
				if (event.data.object.payment_status === 'paid') {
					handled = cardPaymentSucceeded(tx, event.data.object, now)
				}
				break
			case 'checkout.session.async_payment_succeeded':
				handled = cardPaymentSucceeded(tx, event.data.object, now)
				break
			case 'checkout.session.async_payment_failed':
				handled = cardSessionClosed(tx, event.data.object, 'Failed', now)
				break
			case 'checkout.session.expired':
				handled = cardSessionClosed(tx, event.data.object, 'Cancelled', now)
				break
			default:
				break
		}
		if (handled.orderId) {
			tx.update(webhookEvents)
				.set({ orderId: handled.orderId })
				.where(and(eq(webhookEvents.provider, 'Stripe'), eq(webhookEvents.eventId, event.id)))
				.run()
		}
		return { duplicate: false, ...handled }
	})
	deliverQueuedEmails(result.emails)
	return {
		received: true,
		duplicate: result.duplicate,
		type: event.type,
		orderId: result.orderId,
		voucherOrderId: result.voucherOrderId ?? null,
	}
}

/**
 * Sends pending card refunds of an order to Stripe (after the cancellation
 * committed). Each becomes Succeeded or Failed; a failure is logged and left
 * for an admin (who retries it from the payment's page, ADR 0176). Returns how
 * many went through.
 */
export async function executeCardRefunds(orderId: string): Promise<number> {
	const stripe = getStripe()
	if (!stripe) return 0
	const pending = getDb()
		.select()
		.from(paymentTransactions)
		.where(
			and(
				eq(paymentTransactions.orderId, orderId),
				eq(paymentTransactions.provider, 'Stripe'),
				eq(paymentTransactions.direction, 'Outgoing'),
				eq(paymentTransactions.status, 'Pending'),
			),
		)
		.all()
	let done = 0
	for (const refund of pending) if (await sendCardRefund(stripe, refund)) done++
	return done
}

/** The payment intent of an order's card payment: what a card refund refunds. */
function paymentIntentOf(orderId: string): string | undefined {
	const paid = getDb()
		.select({ raw: paymentTransactions.rawPayload })
		.from(paymentTransactions)
		.where(
			and(
				eq(paymentTransactions.orderId, orderId),
				eq(paymentTransactions.provider, 'Stripe'),
				eq(paymentTransactions.direction, 'Incoming'),
				eq(paymentTransactions.status, 'Succeeded'),
			),
		)
		.get()
	const intent = (paid?.raw as { payment_intent?: unknown } | null)?.payment_intent
	return typeof intent === 'string' ? intent : ((intent as { id?: string } | null)?.id ?? undefined)
}

/**
 * One card refund to Stripe, under the idempotency key `refund-<paymentTransactionId>`: a retry
 * (the admin's, ADR 0176) can never refund twice. The row becomes Succeeded with the time it was
 * sent (`completed_at`), or Failed with the reason in its note — only while it is still due, so
 * two attempts at once change it once; `onSent` runs in that same transaction (the guest's e-mail),
 * its e-mails are sent after commit. True when Stripe took the refund.
 */
export async function sendCardRefund(
	stripe: StripeClient,
	refund: PaymentTransactionRow,
	onSent?: (tx: Transaction, row: PaymentTransactionRow) => (string | null)[],
): Promise<boolean> {
	const orderId = refund.orderId ?? ''
	const stillDue = and(
		eq(paymentTransactions.id, refund.id),
		inArray(paymentTransactions.status, ['Pending', 'Failed']),
	)
	try {
		const paymentIntent = paymentIntentOf(orderId)
		if (!paymentIntent) throw new Error('no payment intent to refund')
		const created = await stripe.refunds.create(
			{ payment_intent: paymentIntent, amount: refund.amount, metadata: { orderId } },
			{ idempotencyKey: `refund-${refund.id}` },
		)
		const now = new Date()
		const emails = immediateTransaction((tx) => {
			const sent = tx
				.update(paymentTransactions)
				.set({
					status: 'Succeeded',
					externalId: created.id,
					rawPayload: created,
					completedAt: now,
					updatedAt: now,
				})
				.where(stillDue)
				.returning()
				.get()
			return sent && onSent ? onSent(tx, sent) : []
		})
		deliverQueuedEmails(emails)
		return true
	} catch (error) {
		getLogger().error({ err: error, orderId, refundId: refund.id }, 'Stripe refund failed')
		getDb()
			.update(paymentTransactions)
			.set({
				status: 'Failed',
				note: `${refund.note ?? ''} — ${String((error as Error).message ?? error)}`.slice(0, 500),
				updatedAt: new Date(),
			})
			.where(stillDue)
			.run()
		return false
	}
}

/** The order's card sessions that are still open are closed at Stripe (best effort, after expiry). */
export async function expireOpenCardSessions(orderId: string): Promise<void> {
	const stripe = getStripe()
	if (!stripe) return
	const db = getDb()
	const open = db
		.select()
		.from(paymentTransactions)
		.where(
			and(
				eq(paymentTransactions.orderId, orderId),
				eq(paymentTransactions.provider, 'Stripe'),
				eq(paymentTransactions.direction, 'Incoming'),
				eq(paymentTransactions.status, 'Pending'),
			),
		)
		.all()
	for (const session of open) {
		try {
			await stripe.checkout.sessions.expire(session.reference)
		} catch (error) {
			getLogger().warn({ err: error, orderId }, 'could not expire a Stripe Checkout Session')
		}
		db.update(paymentTransactions)
			.set({ status: 'Cancelled', updatedAt: new Date() })
			.where(and(eq(paymentTransactions.id, session.id), eq(paymentTransactions.status, 'Pending')))
			.run()
	}
}
