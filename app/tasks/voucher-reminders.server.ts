import { deliverSoon } from '#app/models/accounts/account-emails.server.ts'
import { sendVoucherExpiryReminders } from '#app/models/vouchers/voucher-reminders.server.ts'
import type { TaskDefinition } from '#app/utils/scheduler.server.ts'

/**
 * Reminders before a gift voucher expires (issue 33, ADR 0171): every morning, the vouchers with a
 * positive balance 60 and 14 days before their expiry e-mail their holder or buyer — each reminder
 * once: it is claimed in `voucher_expiry_reminders` (INSERT … ON CONFLICT DO NOTHING) inside the
 * transaction that queues the e-mail, so a second run or a second process sends nothing.
 */
export const voucherReminderTask: TaskDefinition = {
	name: 'voucher-reminders',
	schedule: '20 8 * * *',
	run: ({ now }) => {
		const sent = sendVoucherExpiryReminders(now)
		deliverSoon(sent)
		return { itemsProcessed: sent.length }
	},
}
