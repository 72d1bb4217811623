import { randomInt } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { type BookingType, type PaymentMethod } from '#db/schema/catalogue.ts'
import { orders, orderSearchText, type OrderEventAddress, type OrderExtra } from '#db/schema/orders.ts'
import { validateStay, type StayRejection } from '#app/domain/availability.ts'
import { commissionOf } from '#app/domain/ledger.ts'
import {
	assertTransition,
	initialOrderStatus,
	paymentDeadline,
	responseDeadline,
} from '#app/domain/order-status.ts'
import { calculatePrice, taxPartOf, type PriceHooks } from '#app/domain/pricing.ts'
import { AppError } from '#app/utils/app-error.ts'
import {
	immediateTransaction,
	preparedInsert,
	preparedQuery,
	type DbOrTx,
	type Transaction,
} from '#app/utils/db.server.ts'
import { validationMessage } from '#app/utils/validation.ts'
import { deliverSoon } from '#app/models/accounts/account-emails.server.ts'
import { requireUserRow } from '#app/models/accounts/account.server.ts'
import { loadAvailabilityInput } from '#app/models/catalogue/availability.server.ts'
import { queueOrderEmail } from './order-emails.server.ts'
import { checkEventAddress } from '#app/domain/event-address.ts'
import { availablePaymentMethods } from './playroom-booking.server.ts'
import {
	findVisiblePlayroom,
	getAdditions,
	getBookingTypeSettings,
	getHostTaxStatus,
} from '#app/models/catalogue/playrooms.server.ts'
import { getSetting } from '#app/models/platform/settings.server.ts'
import { assertNotHeldForAnother, markWaitlistBooked } from './waitlist.server.ts'
import { writeChatSystemLine } from '#app/models/chat/chat-system-lines.server.ts'
import { orderNotFound, recordHistory, loadOrder, type OrderCaller, type OrderRow } from './orders.server.ts'
import { notifyOrderEvent } from '#app/models/notifications/order-notices.server.ts'
import {
	holdOrderVoucher,
	orderVoucherColumns,
	settleOrderVouchers,
	voucherPriceHooks,
} from '#app/models/vouchers/voucher-redemption.server.ts'
import type { Locale } from '#app/utils/locale.ts'

/**
 * Creating an order (issue 5, docs/subsystems/booking.md): the stay is checked
 * again under the write lock, the price calculated, the order, its first
 * history row, its money rows and e-mails written in one IMMEDIATE
 * transaction (ADR 0003), then the e-mails delivered.
 */
const DAY_MS = 86_400_000
const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ'

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

/**
 * Creates an order (PRODUCT.md §3, first three rows of the status table).
 * Everything happens under the write lock: the idempotency key, the
 * playroom, the availability re-check with the engine, the price, the
 * insert. A taken slot throws 409 SlotNotAvailable and writes nothing.
 */
export function createOrder(
	input: CreateOrderInput,
	caller: OrderCaller,
	options: { now?: number; hooks?: PriceHooks; locale?: Locale } = {},
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
		const order = insertOrder(tx, input, caller, now, options.hooks, options.locale ?? 'de')
		notifyOrderEvent(tx, order, { type: 'created' }, new Date(now))
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
	locale: Locale,
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
	// The voucher code is checked for this playroom and guest under the write lock (ADR 0167).
	const vouchers = voucherPriceHooks({ playroomId: playroom.id, guestId: guest.id, locale, now }, tx)
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
			// Frozen with the order: a later change of the host's status leaves it as it was (ADR 0150).
			taxStatus: getHostTaxStatus(playroom.hostId, tx),
		},
		settings,
		additions,
		{ ...vouchers.hooks, ...hooks },
	)
	const voucherLine = price.lines.find((line) => line.kind === 'voucher')
	// A gift voucher pays last: its share of the total; the rest is paid by the chosen method.
	const voucher = orderVoucherColumns(vouchers.applied(), voucherLine ? -voucherLine.amount : 0, price.total)
	const amountDue = price.total - (voucher?.columns.voucherAmount ?? 0)
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
			deposit: price.deposit,
			minutes: price.minutes,
			nights: price.nights,
			...taxPartOf(price),
		},
		totalAmount: price.total,
		voucherCode: voucher?.columns.voucherCode ?? voucherLine?.code ?? null,
		voucherAmount: voucher?.columns.voucherAmount ?? 0,
		giftVoucherId: voucher?.columns.giftVoucherId ?? null,
		discountVoucherId: voucher?.columns.discountVoucherId ?? null,
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
	const applied = vouchers.applied()
	if (voucher && applied) {
		// Held in this transaction (one guarded UPDATE); an order confirmed at once captures it.
		holdOrderVoucher(order, applied.id, voucher.value, createdAt, tx)
		settleOrderVouchers(order, createdAt, tx)
	}
	assertTransition(null, status, 'Customer')
	recordHistory(tx, order.id, null, status, { id: caller.id, role: 'Customer' }, null, createdAt)
	markWaitlistBooked(tx, order, now)
	writeChatSystemLine(tx, { orderId: order.id, event: 'RequestSent', now: createdAt })
	return order
}
