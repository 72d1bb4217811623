import { and, eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { adminAuditLog } from '#db/schema/audit.ts'
import { moneyTransactions, paymentTransactions } from '#db/schema/payments.ts'
import { localDateOf } from '#app/domain/berlin-time.ts'
import { guestCancelSchema } from '#app/schemas/refunds.ts'
import { getDb } from '#app/utils/db.server.ts'
import { recordControlTransaction } from './control-transactions.server.ts'
import { cancelOrder } from './order-transitions.server.ts'
import { executeCardRefunds, handleStripeWebhook, recordBankTransfer } from './payments.server.ts'
import {
	giveRefundAccount,
	markRefundSent,
	refundStateOf,
	refundUnmatchedTransfer,
	retryCardRefund,
} from './refunds.server.ts'
import { assignUnmatchedTransfer } from './unmatched-transfers.server.ts'
import {
	bookingFixture,
	daysAhead,
	hourlySlot,
	idempotencyKey,
	mailsTo,
	orderRow,
	paymentsOf,
	placeOrder,
	unbalancedJournals,
} from '#tests/helpers/booking.ts'
import { signedEvent, withFakeStripe } from '#tests/helpers/fake-stripe.ts'
import { createTestUser } from '#tests/helpers/users.ts'

/** Issue 34, ADR 0176: a refund is due until it is sent — by bank (marked as sent) and by card (Stripe). */
const fake = withFakeStripe()
const IBAN = 'DE89 3704 0044 0532 0130 00'
const IBAN_STORED = 'DE89370400440532013000'
const auditOf = (entityId: string) =>
	getDb().select().from(adminAuditLog).where(eq(adminAuditLog.entityId, entityId)).all()

async function paidByTransfer(lang: 'de' | 'en' = 'de') {
	const fixture = await bookingFixture({ instantBooking: true })
	const guest = await createTestUser({ role: 'Customer', langPreference: lang })
	const admin = await createTestUser({ role: 'Admin' })
	const order = placeOrder({ playroom: fixture.playroom, guest }, hourlySlot(daysAhead(20), 10), {
		now: Date.now() - 60_000,
	})
	recordBankTransfer({ orderId: order.id, amount: order.totalAmount }, admin)
	expect(orderRow(order.id)).toMatchObject({ status: 'Confirmed', paymentStatus: 'Paid' })
	return { fixture, guest, admin, order }
}

describe('a bank refund', () => {
	test('due with the IBAN given at cancellation, then marked as sent once: masked, logged, e-mailed', async () => {
		const { guest, admin, order } = await paidByTransfer('en')
		cancelOrder(order.id, { id: guest.id, role: 'Customer' }, null, {
			refundAccount: { iban: IBAN_STORED, holder: 'Kim Muster' },
		})
		const refund = paymentsOf(order.id).find((p) => p.direction === 'Outgoing')
		expect(refund).toMatchObject({
			provider: 'BankTransfer',
			status: 'Pending',
			amount: order.totalAmount,
			refundIban: IBAN_STORED,
			refundAccountHolder: 'Kim Muster',
			completedAt: null,
		})
		expect(orderRow(order.id)?.paymentStatus).toBe('Refunded')
		expect(refundStateOf(order.id)).toMatchObject({
			state: 'due',
			amount: order.totalAmount,
			needsAccount: false,
		})
		if (!refund) throw new Error('no refund')

		expect(() => markRefundSent(refund.id, { id: guest.id, role: 'Customer' })).toThrow(
			expect.objectContaining({ status: 403 }),
		)
		const sentAt = Date.parse('2026-11-20T09:30:00Z')
		const first = markRefundSent(refund.id, admin, { now: sentAt })
		const again = markRefundSent(refund.id, admin, { now: sentAt + 60_000 })
		expect([first.replayed, again.replayed]).toEqual([false, true])
		const row = paymentsOf(order.id).find((p) => p.id === refund.id)
		expect(row).toMatchObject({ status: 'Succeeded', refundIban: 'DE•• •••• •••• 3000' })
		expect(row?.completedAt?.getTime()).toBe(sentAt)
		expect(refundStateOf(order.id)).toMatchObject({ state: 'sent', amount: order.totalAmount, sentAt })
		expect(auditOf(refund.id).map((entry) => entry.action)).toEqual(['payment.refundSent'])
		const mails = mailsTo(guest.email).filter((mail) => mail.template === 'order.refundSent')
		expect(mails).toHaveLength(1)
		expect(mails[0]?.subject).toBe(`Refund sent: booking ${order.code}`)
		expect(mails[0]?.text).toContain('We have sent your refund of €')
		// The ledger wrote the refund once, when it became due; sending it books nothing more.
		expect(
			getDb()
				.select()
				.from(moneyTransactions)
				.where(and(eq(moneyTransactions.orderId, order.id), eq(moneyTransactions.kind, 'Refund')))
				.all(),
		).toHaveLength(2)
		expect(unbalancedJournals()).toEqual([])
	})

	test('a host cancellation leaves it without an account: the guest gives it, then it can be sent', async () => {
		const { fixture, guest, admin, order } = await paidByTransfer('de')
		cancelOrder(order.id, { id: fixture.host.id, role: 'Owner' }, 'Wasserschaden')
		const refund = paymentsOf(order.id).find((p) => p.direction === 'Outgoing')
		if (!refund) throw new Error('no refund')
		expect(refundStateOf(order.id)).toMatchObject({ state: 'due', needsAccount: true, account: null })
		expect(() => markRefundSent(refund.id, admin)).toThrow(
			expect.objectContaining({ status: 409, messageKey: 'refunds:errors.accountMissing' }),
		)
		const stranger = await createTestUser({ role: 'Customer' })
		expect(() =>
			giveRefundAccount(
				order.id,
				{ id: stranger.id, role: 'Customer' },
				{
					refundIban: IBAN_STORED,
					refundAccountHolder: 'Fremd',
				},
			),
		).toThrow(expect.objectContaining({ status: 404 }))
		giveRefundAccount(
			order.id,
			{ id: guest.id, role: 'Customer' },
			{
				refundIban: IBAN_STORED,
				refundAccountHolder: 'Kim Muster',
			},
		)
		expect(refundStateOf(order.id)).toMatchObject({
			needsAccount: false,
			account: { holder: 'Kim Muster', iban: 'DE•• •••• •••• 3000' },
		})
		markRefundSent(refund.id, admin)
		expect(() =>
			giveRefundAccount(
				order.id,
				{ id: guest.id, role: 'Customer' },
				{
					refundIban: IBAN_STORED,
					refundAccountHolder: 'Kim Muster',
				},
			),
		).toThrow(expect.objectContaining({ status: 409, messageKey: 'refunds:errors.noRefundDue' }))
		const mail = mailsTo(guest.email).find((m) => m.template === 'order.refundSent')
		expect(mail?.subject).toBe(`Erstattung gesendet: Buchung ${order.code}`)
		expect(mail?.text).toContain('Wir haben dir ')
	})

	test('the cancellation form: a bad IBAN or half an account is refused; blank is allowed', () => {
		const parse = (values: Record<string, string>) => guestCancelSchema.safeParse(values)
		expect(parse({ refundAccountHolder: 'Kim', refundIban: 'DE89 3704 0044 0532 0130 01' }).success).toBe(
			false,
		)
		expect(parse({ refundAccountHolder: 'Kim', refundIban: '' }).success).toBe(false)
		expect(parse({ refundAccountHolder: '', refundIban: IBAN }).success).toBe(false)
		expect(parse({ refundAccountHolder: '', refundIban: '' })).toMatchObject({ success: true })
		expect(parse({ refundAccountHolder: 'Kim', refundIban: IBAN.toLowerCase() })).toMatchObject({
			success: true,
			data: { refundIban: IBAN_STORED, refundAccountHolder: 'Kim' },
		})
	})
})

describe('a card refund', () => {
	test('Stripe refuses it: due (Failed) until the admin retries under the same key; then refunded', async () => {
		const fixture = await bookingFixture({ instantBooking: true, paymentMethods: ['Card', 'BankTransfer'] })
		const admin = await createTestUser({ role: 'Admin' })
		const order = placeOrder(
			fixture,
			{ ...hourlySlot(daysAhead(12), 10), paymentMethod: 'Card' },
			{ now: Date.now() - 60_000 },
		)
		const paid = signedEvent({
			id: `evt_refund_${order.id}`,
			type: 'checkout.session.completed',
			data: {
				object: {
					id: `cs_refund_${order.id}`,
					object: 'checkout.session',
					amount_total: order.totalAmount,
					payment_status: 'paid',
					client_reference_id: order.id,
					metadata: { orderId: order.id },
					payment_intent: 'pi_refund_1',
				},
			},
		})
		handleStripeWebhook(paid.payload, paid.signature)
		cancelOrder(order.id, { id: fixture.host.id, role: 'Owner' }, 'Rohrbruch')
		fake().failRefunds = true
		expect(await executeCardRefunds(order.id)).toBe(0)
		const refund = paymentsOf(order.id).find((p) => p.direction === 'Outgoing')
		if (!refund) throw new Error('no refund')
		expect(refund).toMatchObject({ provider: 'Stripe', status: 'Failed', completedAt: null })
		expect(refundStateOf(order.id)).toMatchObject({
			state: 'due',
			amount: order.totalAmount,
			needsAccount: false,
		})
		expect(() => markRefundSent(refund.id, admin)).toThrow(
			expect.objectContaining({ messageKey: 'refunds:errors.notBankRefund' }),
		)

		fake().failRefunds = false
		expect(await retryCardRefund(refund.id, admin)).toEqual({ sent: true, replayed: false })
		expect(await retryCardRefund(refund.id, admin)).toEqual({ sent: true, replayed: true })
		// One refund reached Stripe, under the key the failed first attempt used too; the replay sent none.
		expect(fake().refunds.map((call) => call.idempotencyKey)).toEqual([`refund-${refund.id}`])
		expect(fake().refunds.at(-1)?.params).toMatchObject({
			payment_intent: 'pi_refund_1',
			amount: order.totalAmount,
		})
		const after = paymentsOf(order.id).find((p) => p.id === refund.id)
		expect(after).toMatchObject({ status: 'Succeeded', externalId: expect.stringMatching(/^re_/) })
		expect(after?.completedAt).toBeInstanceOf(Date)
		expect(refundStateOf(order.id)).toMatchObject({ state: 'sent', sentAt: after?.completedAt?.getTime() })
		expect(auditOf(refund.id).map((entry) => entry.action)).toEqual(['payment.retryCardRefund'])
		expect(mailsTo(fixture.guest.email).filter((m) => m.template === 'order.refundSent')).toHaveLength(1)
		expect(unbalancedJournals()).toEqual([])
	})
})

describe('an unmatched transfer sent back', () => {
	test('a due refund without order, the ledger balanced once; it can no longer be assigned', async () => {
		const { admin, order } = await paidByTransfer()
		const reference = `Rücklauf ${Math.random().toString(36).slice(2, 8)}`
		const unmatched = recordControlTransaction(
			{ amount: 4_200, bookingDate: localDateOf(Date.now()), reference },
			admin,
		)
		if (unmatched.outcome !== 'unmatched') throw new Error('expected unmatched')
		const key = idempotencyKey()
		const input = {
			paymentId: unmatched.paymentId,
			refundIban: IBAN_STORED,
			refundAccountHolder: 'Fuchs',
			idempotencyKey: key,
		}
		const first = refundUnmatchedTransfer(input, admin)
		const again = refundUnmatchedTransfer(input, admin)
		expect([first.replayed, again.replayed]).toEqual([false, true])
		expect(again.refund.id).toBe(first.refund.id)
		expect(first.refund).toMatchObject({
			orderId: null,
			direction: 'Outgoing',
			provider: 'BankTransfer',
			status: 'Pending',
			amount: 4_200,
			refundIban: IBAN_STORED,
		})
		expect(() => refundUnmatchedTransfer({ ...input, idempotencyKey: idempotencyKey() }, admin)).toThrow(
			expect.objectContaining({ status: 409, messageKey: 'refunds:errors.notUnmatched' }),
		)
		expect(() =>
			assignUnmatchedTransfer(
				{ paymentId: unmatched.paymentId, orderId: order.id, idempotencyKey: idempotencyKey() },
				admin,
			),
		).toThrow(expect.objectContaining({ status: 409 }))
		// The money came in once and goes out once: PlatformBank nets to zero over both payments.
		const bank = getDb()
			.select({ amount: moneyTransactions.amount, paymentId: moneyTransactions.paymentTransactionId })
			.from(moneyTransactions)
			.where(eq(moneyTransactions.account, 'PlatformBank'))
			.all()
			.filter((row) => row.paymentId === unmatched.paymentId || row.paymentId === first.refund.id)
		expect(bank.map((row) => row.amount).sort()).toEqual([-4_200, 4_200].sort())
		expect(unbalancedJournals()).toEqual([])
		markRefundSent(first.refund.id, admin)
		expect(
			getDb().select().from(paymentTransactions).where(eq(paymentTransactions.id, first.refund.id)).get(),
		).toMatchObject({ status: 'Succeeded', refundIban: 'DE•• •••• •••• 3000' })
	})
})
