import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { voucherExpiryReminders, vouchers } from '#db/schema/vouchers.ts'
import { formatDate } from '#app/utils/format-instant.ts'
import { getDb, immediateTransaction } from '#app/utils/db.server.ts'
import { ALL_TASKS } from '#app/tasks/index.server.ts'
import { voucherReminderTask } from '#app/tasks/voucher-reminders.server.ts'
import { mailsTo } from '#tests/helpers/booking.ts'
import { createTestUser } from '#tests/helpers/users.ts'
import { getAdminVoucherOrder } from './admin-voucher-orders.server.ts'
import { createVoucherOrder, payVoucherOrder, voucherCodeOf } from './voucher-orders.server.ts'
import { dueReminder, sendVoucherExpiryReminders } from './voucher-reminders.server.ts'

/**
 * Issue 33 (ADR 0171): 60 and 14 days before a gift voucher with a balance expires, its holder or
 * buyer is reminded — once per reminder, also when the task runs twice; none for a used-up, an
 * expired or a far-off voucher; a voucher first seen 10 days before gets only the 14-day one.
 */
const DAY = 86_400_000
let counter = 0

function paidVoucher(options: { language?: 'de' | 'en'; buyerId?: string; buyerEmail?: string } = {}) {
	counter++
	const tag = `${counter}-${Math.random().toString(36).slice(2, 8)}`
	const { voucherOrder } = createVoucherOrder(
		{
			amountChoice: '5000',
			otherAmount: undefined,
			scope: 'All',
			childName: 'Mia',
			greeting: '',
			buyerName: 'Oma Inge',
			buyerEmail: options.buyerEmail ?? `reminder-${tag}@example.com`,
			language: options.language ?? 'de',
			idempotencyKey: `reminder-${tag}`,
		},
		options.buyerId ? { id: options.buyerId } : null,
	)
	const paid = immediateTransaction((tx) => payVoucherOrder(tx, voucherOrder, { now: new Date() }))
	return { order: paid.voucherOrder, voucher: paid.voucher }
}

function expiresIn(voucherId: string, ms: number, now: number) {
	getDb()
		.update(vouchers)
		.set({ validUntil: new Date(now + ms) })
		.where(eq(vouchers.id, voucherId))
		.run()
}

const reminders = (email: string) => mailsTo(email).filter((m) => m.template.startsWith('voucherReminder.'))
const claims = (voucherId: string) =>
	getDb()
		.select({ days: voucherExpiryReminders.daysBefore })
		.from(voucherExpiryReminders)
		.where(eq(voucherExpiryReminders.voucherId, voucherId))
		.all()
		.map((row) => row.days)
		.sort()

describe('voucher expiry reminders', () => {
	test('due reminder: 14 within 14 days, 60 within 60 days, none before or after', () => {
		expect(dueReminder(100 * DAY, 0)).toBeNull()
		expect(dueReminder(60 * DAY, 0)).toBe(60)
		expect(dueReminder(15 * DAY, 0)).toBe(60)
		expect(dueReminder(14 * DAY, 0)).toBe(14)
		expect(dueReminder(1, 0)).toBe(14)
		expect(dueReminder(0, 0)).toBeNull()
	})

	test('60 then 14 days before: one e-mail each in the order’s language, even when the task runs twice', async () => {
		const now = Date.now()
		const { order, voucher } = paidVoucher({ language: 'en' })
		expiresIn(voucher.id, 59 * DAY, now)
		const first = voucherReminderTask.run({ now: new Date(now) } as never)
		const second = voucherReminderTask.run({ now: new Date(now + 60_000) } as never)
		expect((first as { itemsProcessed: number }).itemsProcessed).toBeGreaterThanOrEqual(1)
		void second
		let mails = reminders(order.buyerEmail)
		expect(mails.map((m) => m.template)).toEqual(['voucherReminder.60'])
		const mail = mails[0]!
		const date = formatDate(now + 59 * DAY, 'en')
		expect(mail.locale).toBe('en')
		expect(mail.subject).toBe(`Your voucher expires on ${date}`)
		expect(mail.text).toContain('€50.00')
		expect(mail.text).toContain(`…-${voucher.codeLast4}`)
		expect(mail.text).toContain(order.code)
		const code = voucherCodeOf(order, voucher)
		expect(mail.text).toContain(`Book with this voucher: `)
		expect(mail.text).toContain(`/en/playrooms/search?voucherCode=${code}`)

		// 46 days later: 13 days left, the 14-day reminder, once.
		sendVoucherExpiryReminders(new Date(now + 46 * DAY))
		sendVoucherExpiryReminders(new Date(now + 46 * DAY + 3_600_000))
		mails = reminders(order.buyerEmail)
		expect(mails.map((m) => m.template)).toEqual(['voucherReminder.60', 'voucherReminder.14'])
		expect(claims(voucher.id)).toEqual([14, 60])
	})

	test('a voucher first seen 10 days before its expiry gets only the 14-day reminder', () => {
		const now = Date.now()
		const { order, voucher } = paidVoucher()
		expiresIn(voucher.id, 10 * DAY, now)
		sendVoucherExpiryReminders(new Date(now))
		sendVoucherExpiryReminders(new Date(now + DAY))
		const mails = reminders(order.buyerEmail)
		expect(mails.map((m) => m.template)).toEqual(['voucherReminder.14'])
		expect(mails[0]?.subject).toBe(`Dein Gutschein läuft am ${formatDate(now + 10 * DAY, 'de')} ab`)
		expect(claims(voucher.id)).toEqual([14])
	})

	test('a claim taken by another process means no second e-mail', () => {
		const now = Date.now()
		const { order, voucher } = paidVoucher()
		expiresIn(voucher.id, 30 * DAY, now)
		getDb()
			.insert(voucherExpiryReminders)
			.values({ voucherId: voucher.id, daysBefore: 60, sentAt: new Date(now) })
			.run()
		sendVoucherExpiryReminders(new Date(now))
		expect(reminders(order.buyerEmail)).toEqual([])
	})

	test('none for a zero balance, an expired or cancelled voucher, or one far from its expiry', () => {
		const now = Date.now()
		const empty = paidVoucher()
		expiresIn(empty.voucher.id, 20 * DAY, now)
		getDb()
			.update(vouchers)
			.set({ balance: 0, status: 'UsedUp' })
			.where(eq(vouchers.id, empty.voucher.id))
			.run()
		const zeroActive = paidVoucher()
		expiresIn(zeroActive.voucher.id, 20 * DAY, now)
		getDb().update(vouchers).set({ balance: 0 }).where(eq(vouchers.id, zeroActive.voucher.id)).run()
		const past = paidVoucher()
		expiresIn(past.voucher.id, -DAY, now)
		const expired = paidVoucher()
		expiresIn(expired.voucher.id, 5 * DAY, now)
		getDb().update(vouchers).set({ status: 'Expired' }).where(eq(vouchers.id, expired.voucher.id)).run()
		const far = paidVoucher()
		expiresIn(far.voucher.id, 90 * DAY, now)
		sendVoucherExpiryReminders(new Date(now))
		for (const { order, voucher } of [empty, zeroActive, past, expired, far]) {
			expect(reminders(order.buyerEmail), order.code).toEqual([])
			expect(claims(voucher.id)).toEqual([])
		}
	})

	test('the holder with an account is reminded at the account’s address', async () => {
		const now = Date.now()
		const holder = await createTestUser({ langPreference: 'en' })
		const { order, voucher } = paidVoucher({
			buyerId: holder.id,
			buyerEmail: `other-${holder.id}@example.com`,
		})
		expect(voucher.holderUserId).toBe(holder.id)
		expiresIn(voucher.id, 40 * DAY, now)
		sendVoucherExpiryReminders(new Date(now))
		expect(reminders(holder.email)).toHaveLength(1)
		expect(reminders(order.buyerEmail)).toEqual([])
		// The admin's voucher order page lists it with the order's other e-mails.
		const detail = getAdminVoucherOrder({ role: 'Admin' }, order.id)
		expect(detail.emails.map((e) => [e.template, e.to])).toEqual([
			['voucherOrder.created', order.buyerEmail.toLowerCase()],
			['voucherOrder.paid', order.buyerEmail.toLowerCase()],
			['voucherReminder.60', holder.email.toLowerCase()],
		])
	})

	test('the task is registered', () => {
		expect(ALL_TASKS).toContain(voucherReminderTask)
	})
})
