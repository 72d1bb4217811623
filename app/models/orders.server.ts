import { randomInt } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { playrooms, type BookingType, type PaymentMethod } from '#db/schema/catalogue.ts'
import {
	orders,
	orderSearchText,
	orderStatusHistory,
	type OrderActorRole,
	type OrderEventAddress,
	type OrderExtra,
	type OrderStatus,
} from '#db/schema/orders.ts'
import type { UserRole } from '#db/schema/users.ts'
import { validateStay, type StayRejection } from '#app/domain/availability.ts'
import { refundFor, type CancellationActor } from '#app/domain/cancellation.ts'
import { commissionOf } from '#app/domain/ledger.ts'
import {
	assertTransition,
	initialOrderStatus,
	paymentDeadline,
	responseDeadline,
	statusWhenBookable,
} from '#app/domain/order-status.ts'
import { calculatePrice, type PriceHooks } from '#app/domain/pricing.ts'
import { AppError } from '#app/utils/app-error.ts'
import {
	getDb,
	immediateTransaction,
	preparedInsert,
	preparedQuery,
	type DbOrTx,
	type Transaction,
} from '#app/utils/db.server.ts'
import { validationMessage } from '#app/utils/validation.ts'
import { deliverSoon } from './account-emails.server.ts'
import { requireUserRow } from './account.server.ts'
import { loadAvailabilityInput } from './availability.server.ts'
import { queueOrderEmail } from './order-emails.server.ts'
import { checkEventAddress } from '#app/domain/event-address.ts'
import {
	bookOnSiteCompletion,
	bookRefund,
	bookSettlement,
	paidAmount,
	paymentStatusAfterRefund,
	type OrderRow,
} from './order-money.server.ts'
import { changedFields, ORDER_AUDIT_FIELDS, recordAdminAudit } from './audit-log.server.ts'
import { availablePaymentMethods } from './playroom-booking.server.ts'
import { findVisiblePlayroom, getAdditions, getBookingTypeSettings } from './playrooms.server.ts'
import { getSetting } from './settings.server.ts'
import { assertNotHeldForAnother, markWaitlistBooked, onOrderTransition } from './waitlist.server.ts'

/**
 * The booking engine's commands (issue 5, docs/subsystems/booking.md):
 * order creation and every status transition, each in one synchronous
 * IMMEDIATE transaction (ADR 0003) — re-check under the write lock, write the
 * order, its history row, money rows and e-mails, commit; then deliver the
 * e-mails. The status machine (app/domain/order-status.ts) refuses anything
 * PRODUCT.md §3's table does not allow.
 */
export type { OrderRow }

/** Who acts: a user in a role, or the system (tasks, provider webhooks). */
export type OrderActor = { id: string | null; role: OrderActorRole }

const DAY_MS = 86_400_000
const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ'

export function orderNotFound(): AppError {
	return new AppError(404, 'NotFound', { messageKey: 'booking:errors.orderNotFound' })
}

/** A public order code SZ-XXXXXX without look-alike characters, unique (checked under the lock). */
export function newOrderCode(db: DbOrTx): string {
	for (;;) {
		let code = 'SZ-'
		for (let i = 0; i < 6; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]
		const taken = preparedQuery(db, 'orders.byCode', (d) =>
			d
				.select({ id: orders.id })
				.from(orders)
				.where(eq(orders.code, sql.placeholder('code')))
				.prepare(),
		).get({ code })
		if (!taken) return code
	}
}

/** Reasons the stay can never be booked as asked (400) versus "someone else has it / too late" (409). */
const SHAPE_REJECTIONS: readonly StayRejection[] = [
	'BookingTypeNotOffered',
	'InvalidStay',
	'OutsideOpeningHours',
	'NotOnGrid',
	'DurationNotAllowed',
]

export function stayRejectionError(rejection: StayRejection): AppError {
	if (SHAPE_REJECTIONS.includes(rejection)) {
		return new AppError(400, 'StayNotValid', {
			messageKey: 'booking:errors.stayNotValid',
			fields: { checkIn: ['booking:errors.stayNotValid'] },
			params: { reason: rejection },
		})
	}
	return new AppError(409, 'SlotNotAvailable', {
		messageKey: 'booking:errors.slotNotAvailable',
		params: { reason: rejection },
	})
}

export type CreateOrderInput = {
	playroomId?: string
	playroomUrlPath?: string
	bookingType: BookingType
	checkIn: number
	checkOut: number
	adults: number
	children: number
	extras?: { additionId: string; quantity: number }[]
	message?: string | null
	eventAddress?: OrderEventAddress | null
	paymentMethod: PaymentMethod
	voucherCode?: string | null
	idempotencyKey: string
}

/** The user a command runs for (a session user, or just its id and role). */
export type OrderCaller = { id: string; role: UserRole }

/**
 * Creates an order (PRODUCT.md §3, first three rows of the status table).
 * Everything happens under the write lock: the idempotency key, the
 * playroom, the availability re-check with the engine, the price, the
 * insert. A taken slot throws 409 SlotNotAvailable and writes nothing.
 */
export function createOrder(
	input: CreateOrderInput,
	caller: OrderCaller,
	options: { now?: number; hooks?: PriceHooks } = {},
): { order: OrderRow; created: boolean } {
	if (caller.role !== 'Customer') {
		throw new AppError(403, 'GuestAccountRequired', { messageKey: 'booking:errors.guestAccountRequired' })
	}
	const now = options.now ?? Date.now()
	const result = immediateTransaction((tx) => {
		const existing = preparedQuery(tx, 'orders.byIdempotencyKey', (d) =>
			d
				.select({ id: orders.id, guestId: orders.guestId })
				.from(orders)
				.where(eq(orders.idempotencyKey, sql.placeholder('key')))
				.prepare(),
		).get({ key: input.idempotencyKey })
		if (existing) {
			if (existing.guestId !== caller.id) {
				throw new AppError(409, 'IdempotencyKeyReused', { messageKey: 'booking:errors.idempotencyKeyReused' })
			}
			return { order: loadOrder(existing.id, tx), created: false, emails: [] as string[] }
		}
		const order = insertOrder(tx, input, caller, now, options.hooks)
		const emails: (string | null)[] = []
		if (order.status === 'Requested') {
			emails.push(queueOrderEmail('requestReceived', 'guest', order, tx))
			emails.push(queueOrderEmail('newRequest', 'host', order, tx))
		} else {
			emails.push(
				queueOrderEmail(
					order.status === 'Confirmed' ? 'confirmed' : 'paymentInstructions',
					'guest',
					order,
					tx,
				),
			)
			emails.push(queueOrderEmail('newBooking', 'host', order, tx))
		}
		return { order, created: true, emails: emails.filter((id): id is string => id !== null) }
	})
	deliverSoon(result.emails)
	return { order: result.order, created: result.created }
}

function insertOrder(
	tx: Transaction,
	input: CreateOrderInput,
	caller: OrderCaller,
	now: number,
	hooks: PriceHooks | undefined,
): OrderRow {
	const playroom = findVisiblePlayroom(
		{ playroomId: input.playroomId, playroomUrlPath: input.playroomUrlPath },
		caller,
		tx,
	)
	const guest = requireUserRow(caller.id, tx)
	const settings = getBookingTypeSettings(playroom.id, tx).find((b) => b.bookingType === input.bookingType)
	if (!settings) {
		throw new AppError(400, 'BookingTypeNotOffered', {
			messageKey: 'catalogue:errors.bookingTypeNotOffered',
			fields: { bookingType: ['catalogue:errors.bookingTypeNotOffered'] },
		})
	}
	// A Mobile offer needs the guest's address within its radius; a fixed place refuses one (ADR 0065).
	const eventAddress = checkEventAddress(playroom, input.eventAddress)?.address ?? null
	const stay = { start: input.checkIn, end: input.checkOut }
	// A waitlist hold is busy for everyone but its holder (ADR 0086).
	const availability = loadAvailabilityInput(playroom.id, stay.start - DAY_MS, stay.end + DAY_MS, tx, {
		holderId: caller.id,
		now,
	})
	if (!availability) throw orderNotFound()
	const rejection = validateStay(availability.rules, availability.busy, input.bookingType, stay, now)
	if (rejection === 'Overlap')
		assertNotHeldForAnother(tx, { playroomId: playroom.id, ...stay }, guest.id, now)
	if (rejection) throw stayRejectionError(rejection)

	const additions = getAdditions(playroom.id, 'de', tx)
	const price = calculatePrice(
		{
			bookingType: input.bookingType,
			start: stay.start,
			end: stay.end,
			guests: input.adults + input.children,
			maxGuests: playroom.maxGuests,
			extras: input.extras,
			voucherCode: input.voucherCode,
			now,
		},
		settings,
		additions,
		hooks,
	)
	const amountDue = price.total
	if (amountDue > 0 && !availablePaymentMethods(playroom.paymentMethods).includes(input.paymentMethod)) {
		throw new AppError(400, 'PaymentMethodNotAccepted', {
			messageKey: 'booking:errors.paymentMethodNotAccepted',
			fields: { paymentMethod: [validationMessage('booking:errors.paymentMethodNotAccepted')] },
		})
	}
	const status = initialOrderStatus({
		instantBooking: playroom.instantBooking,
		paymentMethod: input.paymentMethod,
		amountDue,
	})
	const rateBp = Math.round(getSetting('commissionPercent', tx) * 100)
	const voucherLine = price.lines.find((line) => line.kind === 'voucher')
	const extras: OrderExtra[] = price.lines
		.filter((line) => line.kind === 'extra')
		.map((line) => {
			const addition = additions.find((a) => a.id === line.additionId)
			return {
				additionId: line.additionId ?? '',
				nameDe: line.labelDe ?? '',
				nameEn: line.labelEn ?? '',
				unit: addition?.unit ?? 'PerBooking',
				unitPrice: line.unitPrice,
				quantity: line.quantity,
				amount: line.amount,
			}
		})
	const createdAt = new Date(now)
	const code = newOrderCode(tx)
	const contact = {
		firstName: guest.firstName,
		lastName: guest.lastName,
		email: guest.email,
		phoneNumber: guest.phoneNumber,
		eventAddress,
	}
	const order = preparedInsert(tx, orders, 'orders').get({
		code,
		playroomId: playroom.id,
		guestId: guest.id,
		hostId: playroom.hostId,
		bookingType: input.bookingType,
		checkIn: new Date(stay.start),
		checkOut: new Date(stay.end),
		adults: input.adults,
		children: input.children,
		extras,
		message: input.message?.trim() || null,
		contact,
		searchText: orderSearchText(code, contact),
		price: {
			currency: 'EUR',
			lines: price.lines,
			total: price.total,
			vatRatePercent: price.vatRatePercent,
			vatAmount: price.vatAmount,
			netAmount: price.netAmount,
			deposit: price.deposit,
			minutes: price.minutes,
			nights: price.nights,
		},
		totalAmount: price.total,
		voucherCode: voucherLine?.code ?? null,
		voucherAmount: voucherLine ? -voucherLine.amount : 0,
		paymentMethod: input.paymentMethod,
		paymentStatus: amountDue <= 0 ? 'Paid' : 'Unpaid',
		status,
		responseDeadline: status === 'Requested' ? new Date(responseDeadline(now, stay.start)) : null,
		paymentDeadline:
			status === 'AwaitingPayment'
				? new Date(paymentDeadline(now, stay.start, input.paymentMethod) ?? stay.start)
				: null,
		confirmedAt: status === 'Confirmed' ? createdAt : null,
		commissionRateBp: rateBp,
		commissionAmount: commissionOf(price.total, rateBp),
		idempotencyKey: input.idempotencyKey,
		createdAt,
		updatedAt: createdAt,
	})
	assertTransition(null, status, 'Customer')
	recordHistory(tx, order.id, null, status, { id: caller.id, role: 'Customer' }, null, createdAt)
	markWaitlistBooked(tx, order, now)
	return order
}

function recordHistory(
	tx: DbOrTx,
	orderId: string,
	from: OrderStatus | null,
	to: OrderStatus,
	actor: OrderActor,
	reason: string | null,
	at: Date,
) {
	preparedInsert(tx, orderStatusHistory, 'orderStatusHistory').get({
		orderId,
		fromStatus: from,
		toStatus: to,
		actorId: actor.id,
		actorRole: actor.role,
		reason,
		createdAt: at,
	})
}

/**
 * Moves an order along one arrow of the status machine and records it. The
 * update is conditional on the status read, so a concurrent change (another
 * process between read and write is impossible under IMMEDIATE, but a stale
 * caller is not) fails with 409 instead of overwriting.
 */
export function transitionOrder(
	tx: Transaction,
	order: OrderRow,
	to: OrderStatus,
	actor: OrderActor,
	options: { reason?: string | null; now: Date; patch?: Partial<typeof orders.$inferInsert> },
): OrderRow {
	assertTransition(order.status, to, actor.role)
	const updated = tx
		.update(orders)
		.set({ ...options.patch, status: to, updatedAt: options.now })
		.where(and(eq(orders.id, order.id), eq(orders.status, order.status)))
		.returning()
		.get()
	if (!updated) throw new AppError(409, 'OrderChanged', { messageKey: 'booking:errors.orderChanged' })
	recordHistory(tx, order.id, order.status, to, actor, options.reason ?? null, options.now)
	// The one place a slot is released: the first waiting guest is offered it (ADR 0086).
	onOrderTransition(tx, updated, order.status, to, options.now.getTime())
	return updated
}

export function loadOrder(orderId: string, db: DbOrTx = getDb()): OrderRow {
	const order = db.select().from(orders).where(eq(orders.id, orderId)).get()
	if (!order) throw orderNotFound()
	return order
}

/** The order if the caller is its guest, its host, or an admin; otherwise 404 (no existence leak). */
export function loadOrderFor(orderId: string, caller: OrderCaller, db: DbOrTx = getDb()): OrderRow {
	const order = db.select().from(orders).where(eq(orders.id, orderId)).get()
	if (!order || !canSeeOrder(order, caller)) throw orderNotFound()
	return order
}

export function canSeeOrder(
	order: Pick<OrderRow, 'guestId' | 'hostId'>,
	caller: OrderCaller | null,
): boolean {
	if (!caller) return false
	if (caller.role === 'Admin') return true
	if (caller.role === 'Customer') return order.guestId === caller.id
	if (caller.role === 'Owner') return order.hostId === caller.id
	return false
}

function requireHostOf(order: OrderRow, host: OrderCaller) {
	if (host.role !== 'Owner' || order.hostId !== host.id) throw orderNotFound()
}

function finish<T extends { emails: (string | null)[] }>(result: T): T {
	deliverSoon(result.emails.filter((id): id is string => id !== null))
	return result
}

/** The host accepts a request (within its deadline): AwaitingPayment, or Confirmed when nothing is left to pay online. */
export function acceptOrder(orderId: string, host: OrderCaller, options: { now?: number } = {}): OrderRow {
	const now = options.now ?? Date.now()
	return finish(
		immediateTransaction((tx) => {
			const order = loadOrder(orderId, tx)
			requireHostOf(order, host)
			if (order.status === 'Requested' && order.responseDeadline && order.responseDeadline.getTime() <= now) {
				throw new AppError(409, 'ResponseDeadlinePassed', {
					messageKey: 'booking:errors.responseDeadlinePassed',
				})
			}
			const paid = order.status === 'Requested' ? paidAmount(order.id, tx) : 0
			const to = statusWhenBookable({
				paymentMethod: order.paymentMethod,
				amountDue: order.totalAmount - paid,
			})
			const at = new Date(now)
			const updated = transitionOrder(
				tx,
				order,
				to,
				{ id: host.id, role: 'Owner' },
				{
					now: at,
					patch: {
						responseDeadline: null,
						...(to === 'Confirmed'
							? {
									confirmedAt: at,
									paymentStatus: paid >= order.totalAmount && paid > 0 ? 'Paid' : order.paymentStatus,
								}
							: {
									paymentDeadline: new Date(
										paymentDeadline(now, order.checkIn.getTime(), order.paymentMethod, true) ??
											order.checkIn.getTime(),
									),
								}),
					},
				},
			)
			const emails = [
				queueOrderEmail(to === 'Confirmed' ? 'confirmed' : 'paymentInstructions', 'guest', updated, tx),
			]
			return { order: updated, emails }
		}),
	).order
}

/** The host declines a request, with a reason the guest gets. Money paid early goes back in full. */
export function declineOrder(
	orderId: string,
	host: OrderCaller,
	reason: string,
	options: { now?: number } = {},
): OrderRow {
	const at = new Date(options.now ?? Date.now())
	return finish(
		immediateTransaction((tx) => {
			const order = loadOrder(orderId, tx)
			requireHostOf(order, host)
			const paid = order.status === 'Requested' ? paidAmount(order.id, tx) : 0
			const updated = transitionOrder(
				tx,
				order,
				'Declined',
				{ id: host.id, role: 'Owner' },
				{
					reason,
					now: at,
					patch: {
						declineReason: reason,
						responseDeadline: null,
						refundAmount: paid > 0 ? paid : null,
						paymentStatus: paymentStatusAfterRefund(paid, paid),
					},
				},
			)
			bookRefund(updated, paid, { note: 'declined', now: at }, tx)
			return { order: updated, emails: [queueOrderEmail('declined', 'guest', updated, tx, { reason })] }
		}),
	).order
}

export type CancellationQuote = {
	policy: 'Flexible' | 'Moderate' | 'Strict'
	paidAmount: number
	refundPercent: number
	refundAmount: number
	allowed: boolean
}

function cancellationActor(order: OrderRow, caller: OrderCaller): CancellationActor {
	if (caller.role === 'Admin') return 'Admin'
	if (caller.role === 'Customer' && order.guestId === caller.id) return 'Customer'
	if (caller.role === 'Owner' && order.hostId === caller.id) return 'Owner'
	throw orderNotFound()
}

/** Guests and hosts cancel until check-in; admins until check-out (ADR 0041). */
function cancellationAllowed(order: OrderRow, actor: CancellationActor, now: number) {
	const holding =
		order.status === 'Requested' || order.status === 'AwaitingPayment' || order.status === 'Confirmed'
	const limit = actor === 'Admin' ? order.checkOut.getTime() : order.checkIn.getTime()
	return holding && now < limit
}

function quoteFor(
	order: OrderRow,
	actor: CancellationActor,
	policy: CancellationQuote['policy'],
	now: number,
	db: DbOrTx,
) {
	const paid = paidAmount(order.id, db)
	const refund = refundFor({ actor, policy, paidAmount: paid, checkIn: order.checkIn.getTime(), now })
	return {
		policy,
		paidAmount: paid,
		refundPercent: refund.percent,
		refundAmount: refund.amount,
		allowed: cancellationAllowed(order, actor, now),
	}
}

function playroomPolicy(order: OrderRow, db: DbOrTx): CancellationQuote['policy'] {
	const row = db
		.select({ policy: playrooms.cancellationPolicy })
		.from(playrooms)
		.where(eq(playrooms.id, order.playroomId))
		.get()
	return row?.policy ?? 'Flexible'
}

/** What cancelling now would refund (shown before the guest confirms). */
export function getCancellationQuote(
	orderId: string,
	caller: OrderCaller,
	options: { now?: number } = {},
	db: DbOrTx = getDb(),
): CancellationQuote {
	const order = loadOrderFor(orderId, caller, db)
	return quoteFor(
		order,
		cancellationActor(order, caller),
		playroomPolicy(order, db),
		options.now ?? Date.now(),
		db,
	)
}

/**
 * Cancels an order: the guest (refund by the playroom's policy), the host
 * (full refund, reason required) or an admin (full refund, reason required).
 * The refund becomes an outgoing payment and a Refund journal; what the
 * platform keeps is settled (commission and the host's share).
 */
export function cancelOrder(
	orderId: string,
	caller: OrderCaller,
	reason: string | null,
	options: { now?: number } = {},
): { order: OrderRow; refund: number; refundTransactionId: string | null } {
	const now = options.now ?? Date.now()
	const at = new Date(now)
	return finish(
		immediateTransaction((tx) => {
			const order = loadOrderFor(orderId, caller, tx)
			const actor = cancellationActor(order, caller)
			const quote = quoteFor(order, actor, playroomPolicy(order, tx), now, tx)
			if (
				!quote.allowed &&
				(order.status === 'Requested' || order.status === 'AwaitingPayment' || order.status === 'Confirmed')
			) {
				throw new AppError(409, 'CancellationTooLate', { messageKey: 'booking:errors.cancellationTooLate' })
			}
			const retained = quote.paidAmount - quote.refundAmount
			const updated = transitionOrder(
				tx,
				order,
				'Cancelled',
				{ id: caller.id, role: actor },
				{
					reason,
					now: at,
					patch: {
						cancelledAt: at,
						cancelledById: caller.id,
						cancelledByRole: actor,
						cancellationReason: reason,
						refundAmount: quote.refundAmount,
						paymentStatus: paymentStatusAfterRefund(quote.paidAmount, quote.refundAmount),
						responseDeadline: null,
						paymentDeadline: null,
						commissionAmount: commissionOf(retained, order.commissionRateBp),
					},
				},
			)
			const refundRow = bookRefund(
				updated,
				quote.refundAmount,
				{ note: `cancelled by ${actor}`, now: at },
				tx,
			)
			if (retained > 0) bookSettlement(updated, retained, at, tx)
			if (caller.role === 'Admin') {
				recordAdminAudit(tx, {
					admin: caller,
					action: 'order.cancel',
					entityType: 'order',
					entityId: order.id,
					changes: changedFields(order, updated, ORDER_AUDIT_FIELDS),
					reason,
					now: at,
				})
			}
			const extras = { reason, refundAmount: quote.refundAmount, actorRole: actor }
			return {
				order: updated,
				refund: quote.refundAmount,
				refundTransactionId: refundRow?.id ?? null,
				emails: [
					queueOrderEmail('cancelled', 'guest', updated, tx, extras),
					queueOrderEmail('cancelled', 'host', updated, tx, extras),
				],
			}
		}),
	)
}

/**
 * Task: a request nobody answered or an order nobody paid in time expires.
 * Re-read under the lock; an order that moved on meanwhile is left alone.
 * Returns whether it expired.
 */
export function expireOrder(orderId: string, options: { now?: number } = {}): boolean {
	const now = options.now ?? Date.now()
	const at = new Date(now)
	const result = immediateTransaction((tx) => {
		const order = loadOrder(orderId, tx)
		const due =
			(order.status === 'Requested' && order.responseDeadline && order.responseDeadline.getTime() <= now) ||
			(order.status === 'AwaitingPayment' && order.paymentDeadline && order.paymentDeadline.getTime() <= now)
		if (!due) return { expired: false, emails: [] }
		const from = order.status as 'Requested' | 'AwaitingPayment'
		const paid = paidAmount(order.id, tx)
		const updated = transitionOrder(
			tx,
			order,
			'Expired',
			{ id: null, role: 'System' },
			{
				now: at,
				patch: {
					refundAmount: paid > 0 ? paid : null,
					paymentStatus: paymentStatusAfterRefund(paid, paid),
				},
			},
		)
		bookRefund(updated, paid, { note: 'expired', now: at }, tx)
		return {
			expired: true,
			emails: [
				queueOrderEmail('expired', 'guest', updated, tx, { expiredFrom: from }),
				...(from === 'Requested'
					? [queueOrderEmail('expired', 'host', updated, tx, { expiredFrom: from })]
					: []),
			],
		}
	})
	return finish(result).expired
}

/** Task: a confirmed stay is over — Completed, and the money is settled (commission, host share). */
export function completeOrder(orderId: string, options: { now?: number } = {}): boolean {
	const now = options.now ?? Date.now()
	const at = new Date(now)
	return immediateTransaction((tx) => {
		const order = loadOrder(orderId, tx)
		if (order.status !== 'Confirmed' || order.checkOut.getTime() > now) return false
		const updated = transitionOrder(
			tx,
			order,
			'Completed',
			{ id: null, role: 'System' },
			{
				now: at,
				patch: { completedAt: at, paymentStatus: order.totalAmount > 0 ? 'Paid' : order.paymentStatus },
			},
		)
		if (order.paymentMethod === 'OnSite' && paidAmount(order.id, tx) === 0) {
			if (order.totalAmount > 0) bookOnSiteCompletion(updated, at, tx)
		} else {
			const commission = bookSettlement(updated, paidAmount(order.id, tx), at, tx)
			tx.update(orders).set({ commissionAmount: commission }).where(eq(orders.id, order.id)).run()
		}
		return true
	})
}
