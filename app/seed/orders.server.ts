import { and, eq, inArray } from 'drizzle-orm'
import { playrooms, type PaymentMethod } from '#db/schema/catalogue.ts'
import {
	orders,
	orderStatusHistory,
	type OrderActorRole,
	type OrderEventAddress,
	type OrderStatus,
} from '#db/schema/orders.ts'
import { moneyTransactions, paymentTransactions, type PaymentProvider } from '#db/schema/payments.ts'
import { users } from '#db/schema/users.ts'
import { availableStarts } from '#app/domain/availability.ts'
import { addDays, localDateOf, startOfLocalDay } from '#app/domain/berlin-time.ts'
import {
	commissionOf,
	guestPaymentJournal,
	onSiteCommissionJournal,
	refundJournal,
	settlementJournals,
	type JournalLine,
} from '#app/domain/ledger.ts'
import { paymentDeadline, responseDeadline } from '#app/domain/order-status.ts'
import { calculatePrice, taxPartOf } from '#app/domain/pricing.ts'
import { loadAvailabilityInput } from '#app/models/catalogue/availability.server.ts'
import {
	getAdditions,
	getBookingTypeSettings,
	getHostTaxStatus,
} from '#app/models/catalogue/playrooms.server.ts'
import type { Random } from './random.ts'
import type { SeedContext, SeedStep } from './types.ts'
import { DEMO_RATING_PLANS } from './ratings.server.ts'

/**
 * Demo orders in every status (PRODUCT.md §6) for guest@example.com and the
 * three playrooms of host@example.com in Köln — upcoming Requested,
 * AwaitingPayment and Confirmed, past Completed, Cancelled, Declined and
 * Expired — each with its history, payments and balanced ledger journals.
 * The catalogue's demo orders get their payments and journals here too, so
 * every paid order in the demo data has its money rows. Orders are written
 * directly (like the catalogue's) so that ids and codes come from the fixed
 * seed; slots come from the availability engine, prices from the price engine.
 */
const HOUR = 3_600_000
const DAY = 24 * HOUR
const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ'

type Person = { id: string; email: string; firstName: string; lastName: string; phoneNumber: string | null }
type Step = { to: OrderStatus; role: OrderActorRole; actorId: string | null; at: number; reason?: string }

/** One demo order to place (also used by later seed steps, e.g. refunds.server.ts). */
export type Plan = {
	playroomPath: string
	guest: Person
	/** Days from today (negative: in the past). */
	dayOffset: number
	status: OrderStatus
	paymentMethod: PaymentMethod
	adults: number
	children: number
	message?: string
	eventAddress?: OrderEventAddress
	reason?: string
	/** Cancelled: who cancelled. */
	cancelledBy?: 'Customer' | 'Owner'
	/** AwaitingPayment: a first bank transfer of this many cents arrived (partially paid, issue 34). */
	partialPayment?: number
}

function code(random: Random, used: Set<string>) {
	for (;;) {
		let value = 'SZ-'
		for (let i = 0; i < 6; i++) value += random.pick(CODE_ALPHABET.split(''))
		if (!used.has(value)) {
			used.add(value)
			return value
		}
	}
}

export function person(ctx: SeedContext, email: string): Person | undefined {
	return ctx.db
		.select({
			id: users.id,
			email: users.email,
			firstName: users.firstName,
			lastName: users.lastName,
			phoneNumber: users.phoneNumber,
		})
		.from(users)
		.where(eq(users.email, email))
		.get()
}

function writeJournal(
	ctx: SeedContext,
	lines: JournalLine[],
	order: { id: string | null; hostId: string | null },
	paymentTransactionId: string | null,
	at: number,
) {
	if (lines.length === 0) return
	const journalId = ctx.random.id()
	ctx.db
		.insert(moneyTransactions)
		.values(
			lines.map((line) => ({
				id: ctx.random.id(),
				journalId,
				kind: line.kind,
				account: line.account,
				amount: line.amount,
				orderId: order.id,
				paymentTransactionId,
				hostId: line.host ? order.hostId : null,
				createdAt: new Date(at),
			})),
		)
		.run()
}

function writePayment(
	ctx: SeedContext,
	order: { id: string | null; code: string },
	values: {
		provider: PaymentProvider
		direction: 'Incoming' | 'Outgoing'
		amount: number
		at: number
		note?: string
		rawPayload?: Record<string, unknown>
	},
) {
	const id = ctx.random.id()
	const externalId = values.provider === 'Stripe' ? `cs_demo_${ctx.random.id()}` : null
	ctx.db
		.insert(paymentTransactions)
		.values({
			id,
			orderId: order.id,
			provider: values.provider,
			direction: values.direction,
			amount: values.amount,
			reference: externalId ?? order.code,
			externalId,
			status: 'Succeeded',
			rawPayload: { demo: true, ...values.rawPayload },
			note: values.note ?? null,
			createdAt: new Date(values.at),
			updatedAt: new Date(values.at),
		})
		.run()
	return id
}

type MoneyOrder = {
	id: string
	code: string
	hostId: string
	status: OrderStatus
	paymentMethod: PaymentMethod
	paymentStatus: string
	totalAmount: number
	refundAmount: number | null
	commissionRateBp: number
	commissionAmount: number
	confirmedAt: Date | null
	completedAt: Date | null
	cancelledAt: Date | null
	createdAt: Date
}

/** The payment transactions and journals that an order's final state implies. */
export function writeMoneyRows(ctx: SeedContext, order: MoneyOrder) {
	const provider: PaymentProvider = order.paymentMethod === 'Card' ? 'Stripe' : 'BankTransfer'
	if (order.paymentMethod === 'OnSite') {
		if (order.status === 'Completed' && order.totalAmount > 0) {
			const at = order.completedAt?.getTime() ?? order.createdAt.getTime()
			writePayment(ctx, order, {
				provider: 'OnSite',
				direction: 'Incoming',
				amount: order.totalAmount,
				at,
				note: 'collected on site by the host',
			})
			writeJournal(ctx, onSiteCommissionJournal(order.commissionAmount), order, null, at)
		}
		return
	}
	if (!['Paid', 'PartiallyRefunded', 'Refunded'].includes(order.paymentStatus) || order.totalAmount <= 0)
		return
	const paidAt = (order.confirmedAt ?? order.createdAt).getTime() - 5 * 60_000
	const incoming = writePayment(ctx, order, {
		provider,
		direction: 'Incoming',
		amount: order.totalAmount,
		at: paidAt,
	})
	writeJournal(ctx, guestPaymentJournal(order.totalAmount), order, incoming, paidAt)
	const refund = Math.min(order.refundAmount ?? 0, order.totalAmount)
	const endedAt = (order.cancelledAt ?? order.completedAt ?? order.createdAt).getTime()
	if (refund > 0) {
		const outgoing = writePayment(ctx, order, {
			provider,
			direction: 'Outgoing',
			amount: refund,
			at: endedAt,
			note: 'refund',
		})
		writeJournal(ctx, refundJournal(refund), order, outgoing, endedAt)
	}
	const retained = order.totalAmount - refund
	if ((order.status === 'Completed' || order.status === 'Cancelled') && retained > 0) {
		for (const journal of settlementJournals(retained, commissionOf(retained, order.commissionRateBp))) {
			writeJournal(ctx, journal, order, null, endedAt)
		}
	}
}

/** A first bank transfer smaller than the amount due: the order waits, partially paid (ADR 0173). */
function writePartialPayment(ctx: SeedContext, order: MoneyOrder, amount: number) {
	const at = order.createdAt.getTime() + 2 * HOUR
	const incoming = writePayment(ctx, order, { provider: 'BankTransfer', direction: 'Incoming', amount, at })
	writeJournal(ctx, guestPaymentJournal(amount), order, incoming, at)
	ctx.db.update(orders).set({ paymentStatus: 'PartiallyPaid' }).where(eq(orders.id, order.id)).run()
}

/** A transfer whose reference names no booking (ADR 0094): money without an order until assigned. */
function writeUnmatchedTransfer(ctx: SeedContext) {
	const at = ctx.now.getTime() - 26 * HOUR
	const reference = 'Kindergeburtstag Familie Fuchs'
	const payment = writePayment(
		ctx,
		{ id: null, code: reference },
		{
			provider: 'BankTransfer',
			direction: 'Incoming',
			amount: 4_200,
			at,
			note: 'unmatched',
			rawPayload: { reference, bookingDate: localDateOf(at), matched: false, payerName: 'Fuchs' },
		},
	)
	writeJournal(ctx, guestPaymentJournal(4_200), { id: null, hostId: null }, payment, at)
}

export function placePlan(ctx: SeedContext, plan: Plan, host: Person, usedCodes: Set<string>) {
	const { db, random } = ctx
	const now = ctx.now.getTime()
	const playroom = db.select().from(playrooms).where(eq(playrooms.playroomUrlPath, plan.playroomPath)).get()
	if (!playroom) return null
	const settings = getBookingTypeSettings(playroom.id, db).find((b) => b.bookingType === 'Hourly')
	if (!settings) return null
	// The first free hourly slot on that day or one of the next, as the engine offers it.
	let slot: { start: number; end: number } | null = null
	for (let extra = 0; extra < 10 && !slot; extra++) {
		const date = addDays(localDateOf(now), plan.dayOffset + extra)
		const from = startOfLocalDay(date)
		const input = loadAvailabilityInput(playroom.id, from - DAY, from + 2 * DAY, db)
		if (!input) return null
		// Booked well before the stay: lead time and horizon count from then.
		const bookedAt = from - 5 * DAY
		const options = availableStarts(input.rules, input.busy, date, 'Hourly', bookedAt)
		const option = options[Math.min(options.length - 1, random.int(0, 2))]
		const duration = option?.durations[Math.min(option.durations.length - 1, 1)]
		if (option && duration) slot = { start: option.start, end: duration.end }
	}
	if (!slot) return null
	const additions = getAdditions(playroom.id, 'de', db)
	const extra = additions[0]
	const price = calculatePrice(
		{
			bookingType: 'Hourly',
			start: slot.start,
			end: slot.end,
			guests: plan.adults + plan.children,
			maxGuests: playroom.maxGuests,
			extras: extra ? [{ additionId: extra.id, quantity: 1 }] : [],
			now: slot.start - 5 * DAY,
			taxStatus: getHostTaxStatus(playroom.hostId, db),
		},
		settings,
		additions,
	)
	const past = plan.dayOffset < 0
	// Past stays were booked two to three weeks ahead; upcoming confirmed ones a few days ago (so the
	// payment lies in the past); open requests and unpaid orders are hours old (deadlines still ahead).
	const createdAt = past
		? slot.start - random.int(12, 20) * DAY
		: plan.status === 'Confirmed'
			? now - random.int(2, 5) * DAY
			: now - random.int(2, 20) * HOUR
	const history: Step[] = []
	const guestStep = (to: OrderStatus, at: number, reason?: string): Step => ({
		to,
		role: 'Customer',
		actorId: plan.guest.id,
		at,
		reason,
	})
	const hostStep = (to: OrderStatus, at: number, reason?: string): Step => ({
		to,
		role: 'Owner',
		actorId: host.id,
		at,
		reason,
	})
	const system = (to: OrderStatus, at: number): Step => ({ to, role: 'System', actorId: null, at })
	const online = plan.paymentMethod !== 'OnSite'
	const bookable: OrderStatus = online ? 'AwaitingPayment' : 'Confirmed'
	const first: OrderStatus = playroom.instantBooking ? bookable : 'Requested'
	history.push(guestStep(first, createdAt))
	const answeredAt = createdAt + 3 * HOUR
	const paidAt = createdAt + 20 * HOUR
	let confirmedAt: number | null = first === 'Confirmed' ? createdAt : null
	// Changed inside reachConfirmed, so kept in an object (TypeScript does not follow closures).
	const money: { paymentStatus: 'Unpaid' | 'Paid' | 'PartiallyRefunded' | 'Refunded' } = {
		paymentStatus: 'Unpaid',
	}
	let refundAmount: number | null = null
	let cancelledAt: number | null = null
	const reachConfirmed = () => {
		if (history.at(-1)?.to === 'Requested') history.push(hostStep(bookable, answeredAt))
		if (history.at(-1)?.to === 'AwaitingPayment') {
			history.push({
				to: 'Confirmed',
				role: plan.paymentMethod === 'Card' ? 'System' : 'Admin',
				actorId: null,
				at: paidAt,
			})
			money.paymentStatus = 'Paid'
			confirmedAt = paidAt
		}
		confirmedAt ??= answeredAt
	}
	switch (plan.status) {
		case 'Requested':
			break
		case 'AwaitingPayment':
			if (first === 'Requested') history.push(hostStep('AwaitingPayment', answeredAt))
			break
		case 'Confirmed':
			reachConfirmed()
			break
		case 'Completed':
			reachConfirmed()
			history.push(system('Completed', slot.end + HOUR))
			money.paymentStatus = 'Paid'
			break
		case 'Declined':
			history.push(hostStep('Declined', answeredAt, plan.reason))
			break
		case 'Expired':
			history.push(system('Expired', first === 'Requested' ? createdAt + DAY : createdAt + 3 * DAY))
			break
		case 'Cancelled': {
			reachConfirmed()
			cancelledAt = slot.start - 8 * DAY
			const actor = plan.cancelledBy ?? 'Customer'
			history.push(
				actor === 'Customer'
					? guestStep('Cancelled', cancelledAt, plan.reason)
					: hostStep('Cancelled', cancelledAt, plan.reason),
			)
			refundAmount = money.paymentStatus === 'Paid' ? price.total : 0
			if (refundAmount > 0) money.paymentStatus = 'Refunded'
			break
		}
	}
	const status = history.at(-1)?.to ?? first
	const orderId = random.id()
	const rateBp = 1000
	const row = {
		id: orderId,
		code: code(random, usedCodes),
		playroomId: playroom.id,
		guestId: plan.guest.id,
		hostId: playroom.hostId,
		bookingType: 'Hourly' as const,
		checkIn: new Date(slot.start),
		checkOut: new Date(slot.end),
		adults: plan.adults,
		children: plan.children,
		extras: price.lines
			.filter((line) => line.kind === 'extra')
			.map((line) => ({
				additionId: line.additionId ?? '',
				nameDe: line.labelDe ?? '',
				nameEn: line.labelEn ?? '',
				unit: extra?.unit ?? ('PerBooking' as const),
				unitPrice: line.unitPrice,
				quantity: line.quantity,
				amount: line.amount,
			})),
		message: plan.message ?? null,
		contact: {
			firstName: plan.guest.firstName,
			lastName: plan.guest.lastName,
			email: plan.guest.email,
			phoneNumber: plan.guest.phoneNumber ?? '+49 221 1234567',
			eventAddress: plan.eventAddress ?? null,
		},
		price: {
			currency: 'EUR' as const,
			lines: price.lines,
			total: price.total,
			deposit: price.deposit,
			...taxPartOf(price),
			minutes: price.minutes,
			nights: price.nights,
		},
		totalAmount: price.total,
		paymentMethod: plan.paymentMethod,
		paymentStatus: status === 'Completed' ? ('Paid' as const) : money.paymentStatus,
		status,
		responseDeadline: status === 'Requested' ? new Date(responseDeadline(createdAt, slot.start)) : null,
		paymentDeadline:
			status === 'AwaitingPayment'
				? new Date(
						paymentDeadline(
							history.at(-1)?.at ?? createdAt,
							slot.start,
							plan.paymentMethod,
							first === 'Requested',
						) ?? slot.start,
					)
				: null,
		confirmedAt: confirmedAt === null ? null : new Date(confirmedAt),
		completedAt: status === 'Completed' ? new Date(slot.end + HOUR) : null,
		declineReason: status === 'Declined' ? (plan.reason ?? null) : null,
		cancelledAt: cancelledAt === null ? null : new Date(cancelledAt),
		cancelledById: status === 'Cancelled' ? (plan.cancelledBy === 'Owner' ? host.id : plan.guest.id) : null,
		cancelledByRole: status === 'Cancelled' ? (plan.cancelledBy ?? 'Customer') : null,
		cancellationReason: status === 'Cancelled' ? (plan.reason ?? null) : null,
		refundAmount,
		commissionRateBp: rateBp,
		commissionAmount: commissionOf(price.total - (refundAmount ?? 0), rateBp),
		idempotencyKey: random.id(),
		createdAt: new Date(createdAt),
		updatedAt: new Date(history.at(-1)?.at ?? createdAt),
	}
	db.insert(orders).values(row).run()
	let previous: OrderStatus | null = null
	for (const step of history) {
		db.insert(orderStatusHistory)
			.values({
				id: random.id(),
				orderId,
				fromStatus: previous,
				toStatus: step.to,
				actorId: step.actorId,
				actorRole: step.role,
				reason: step.reason ?? null,
				createdAt: new Date(step.at),
			})
			.run()
		previous = step.to
	}
	return row
}

export const ordersSeedStep: SeedStep = {
	name: 'orders',
	run: (ctx) => {
		const { db } = ctx
		const guest = person(ctx, 'guest@example.com')
		const host = person(ctx, 'host@example.com')
		const usedCodes = new Set(
			db
				.select({ code: orders.code })
				.from(orders)
				.all()
				.map((o) => o.code),
		)
		let created = 0
		let backfilled = 0
		db.transaction((tx) => {
			const txCtx = { ...ctx, db: tx as unknown as SeedContext['db'] }
			// Money rows for the catalogue's demo orders (written before payments existed).
			const existing = tx.select().from(orders).all()
			for (const order of existing) {
				writeMoneyRows(txCtx, order)
				backfilled++
			}
			if (!guest || !host) return
			const family = (i: number) => person(txCtx, `familie${i}@example.com`) ?? guest
			const plans: Plan[] = [
				// Upcoming
				{
					playroomPath: 'spielwiese-suedstadt',
					guest,
					dayOffset: 9,
					status: 'Requested',
					paymentMethod: 'BankTransfer',
					adults: 2,
					children: 8,
					message: 'Wir möchten den 6. Geburtstag von Lina feiern. Dürfen wir Kuchen mitbringen?',
				},
				{
					playroomPath: 'spielwiese-ehrenfeld',
					guest,
					dayOffset: 12,
					status: 'AwaitingPayment',
					paymentMethod: 'BankTransfer',
					adults: 2,
					children: 4,
				},
				{
					playroomPath: 'spielwiese-ehrenfeld',
					guest,
					dayOffset: 18,
					status: 'Confirmed',
					paymentMethod: 'BankTransfer',
					adults: 3,
					children: 6,
					message: 'Wir freuen uns!',
				},
				{
					playroomPath: 'spielwiese-mobil',
					guest,
					dayOffset: 6,
					status: 'Confirmed',
					paymentMethod: 'OnSite',
					adults: 2,
					children: 5,
					eventAddress: { street: 'Subbelrather Str. 15', postalCode: '50823', city: 'Köln' },
				},
				{
					playroomPath: 'spielwiese-suedstadt',
					guest: family(1),
					dayOffset: 10,
					status: 'Requested',
					paymentMethod: 'BankTransfer',
					adults: 2,
					children: 10,
					message: 'Kindergeburtstag mit zehn Kindern.',
				},
				{
					playroomPath: 'spielwiese-suedstadt',
					guest: family(2),
					dayOffset: 15,
					status: 'Confirmed',
					paymentMethod: 'BankTransfer',
					adults: 1,
					children: 3,
				},
				// Past
				{
					playroomPath: 'spielwiese-ehrenfeld',
					guest,
					dayOffset: -20,
					status: 'Completed',
					paymentMethod: 'BankTransfer',
					adults: 2,
					children: 3,
				},
				{
					playroomPath: 'spielwiese-mobil',
					guest,
					dayOffset: -35,
					status: 'Completed',
					paymentMethod: 'OnSite',
					adults: 2,
					children: 6,
					eventAddress: { street: 'Venloer Str. 200', postalCode: '50823', city: 'Köln' },
				},
				{
					playroomPath: 'spielwiese-suedstadt',
					guest,
					dayOffset: -14,
					status: 'Cancelled',
					paymentMethod: 'BankTransfer',
					adults: 2,
					children: 2,
					reason: 'Unser Sohn hat Windpocken.',
					cancelledBy: 'Customer',
				},
				{
					playroomPath: 'spielwiese-ehrenfeld',
					guest,
					dayOffset: -40,
					status: 'Cancelled',
					paymentMethod: 'BankTransfer',
					adults: 2,
					children: 2,
					reason: 'Wasserschaden im Spielraum – es tut uns sehr leid.',
					cancelledBy: 'Owner',
				},
				{
					playroomPath: 'spielwiese-suedstadt',
					guest,
					dayOffset: -25,
					status: 'Declined',
					paymentMethod: 'BankTransfer',
					adults: 2,
					children: 12,
					reason: 'An diesem Tag sind wir leider im Urlaub.',
				},
				{
					playroomPath: 'spielwiese-ehrenfeld',
					guest,
					dayOffset: -30,
					status: 'Expired',
					paymentMethod: 'BankTransfer',
					adults: 2,
					children: 3,
				},
				{
					playroomPath: 'spielwiese-suedstadt',
					guest: family(3),
					dayOffset: -10,
					status: 'Expired',
					paymentMethod: 'BankTransfer',
					adults: 2,
					children: 4,
				},
				// Ratings (issue 32, app/seed/ratings.server.ts): a stay the demo guest can still rate,
				// and one whose rating is pending.
				...DEMO_RATING_PLANS.map((plan) => ({
					...plan,
					guest: plan.family === null ? guest : family(plan.family),
				})),
				// Money in (issue 34): familie5's order paid in part, and one awaiting payment that the
				// partial-payment e2e spec pays in two steps (no other spec uses familie5).
				{
					playroomPath: 'spielwiese-ehrenfeld',
					guest: family(5),
					dayOffset: 24,
					status: 'AwaitingPayment',
					paymentMethod: 'BankTransfer',
					adults: 2,
					children: 4,
					partialPayment: 5_000,
				},
				{
					playroomPath: 'spielwiese-suedstadt',
					guest: family(5),
					dayOffset: 26,
					status: 'AwaitingPayment',
					paymentMethod: 'BankTransfer',
					adults: 2,
					children: 5,
				},
			]
			for (const plan of plans) {
				const row = placePlan(txCtx, plan, host, usedCodes)
				if (!row) continue
				writeMoneyRows(txCtx, row)
				if (plan.partialPayment) writePartialPayment(txCtx, row, plan.partialPayment)
				created++
			}
			writeUnmatchedTransfer(txCtx)
		})
		const demoOrders = guest
			? db
					.select({ id: orders.id })
					.from(orders)
					.where(
						and(
							eq(orders.guestId, guest.id),
							inArray(orders.status, ['Requested', 'AwaitingPayment', 'Confirmed']),
						),
					)
					.all().length
			: 0
		ctx.log(
			`${created} demo orders in every status (${demoOrders} upcoming for guest@example.com); money rows for ${backfilled} catalogue orders`,
		)
	},
}
