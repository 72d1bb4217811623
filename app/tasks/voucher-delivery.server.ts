import { deliverSoon } from '#app/models/accounts/account-emails.server.ts'
import { deliverDueVoucherOrders } from '#app/models/vouchers/voucher-orders.server.ts'
import type { TaskDefinition } from '#app/utils/scheduler.server.ts'

/**
 * Gift vouchers on the send date (issue 33, ADR 0168): every 15 minutes, each paid voucher order
 * whose send date has come (from 07:00 Europe/Berlin) e-mails its recipient the PDF — once: the
 * delivery is claimed with deliveredToRecipientAt inside an IMMEDIATE transaction, so a second run
 * or a second process finds nothing left to send.
 */
export const voucherDeliveryTask: TaskDefinition = {
	name: 'voucher-delivery',
	schedule: '*/15 * * * *',
	run: ({ now }) => {
		const sent = deliverDueVoucherOrders(now)
		deliverSoon(sent)
		return { itemsProcessed: sent.length }
	},
}
