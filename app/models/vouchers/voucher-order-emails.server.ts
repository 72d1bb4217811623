import type { voucherOrders } from '#db/schema/vouchers.ts'
import { getSetting } from '#app/models/platform/settings.server.ts'
import type { Transaction } from '#app/utils/db.server.ts'
import { queueEmail, renderEmailLayout } from '#app/utils/email.server.ts'
import { formatAmount } from '#app/utils/format.ts'
import { getFixedT } from '#app/utils/i18n.server.ts'
import { looseT } from '#app/utils/loose-t.ts'
import { voucherOrderUrl } from './voucher-order-links.server.ts'

type VoucherOrderRow = typeof voucherOrders.$inferSelect

/**
 * The voucher order's e-mails (issue 33, ADR 0168), in the order's language, on the one e-mail
 * layout: `created` (the buyer: the secret link and the bank details with the GV reference, as
 * the orders' payment instructions say them), `paid` (the buyer: the PDF attached) and
 * `recipient` (the PDF on the send date). Queued in the caller's transaction.
 */
export function queueVoucherOrderEmail(
	tx: Transaction,
	kind: 'created' | 'paid' | 'recipient',
	order: VoucherOrderRow,
	extras: { pdf?: Buffer | null },
): string {
	const locale = order.language
	const t = looseT(getFixedT(locale))
	const key = `vouchers:orders.emails.${kind}`
	const amount = formatAmount(order.amount, locale)
	const url = voucherOrderUrl(order)
	const values = { code: order.code, amount, childName: order.childName, buyerName: order.buyerName }
	const paragraphs = [t(`${key}.body`, values)]
	if (kind === 'created') {
		const bank = getSetting('bankDetails', tx)
		paragraphs.push(t('booking:emails.paymentInstructions.bank', { ...bank, reference: order.code }))
	}
	if (kind === 'recipient' && order.greeting) paragraphs.push(order.greeting)
	const { text, html } = renderEmailLayout({
		locale,
		heading: t(`${key}.heading`, values),
		paragraphs,
		details: [
			{ label: t('vouchers:orders.fields.reference'), value: order.code },
			{ label: t('vouchers:orders.fields.amount'), value: amount },
		],
		action: { label: t(`${key}.action`), url },
		footer: t('vouchers:orders.emails.footer'),
	})
	return queueEmail(
		{
			to: kind === 'recipient' ? (order.recipientEmail ?? order.buyerEmail) : order.buyerEmail,
			subject: t(`${key}.subject`, values),
			text,
			html,
			template: `voucherOrder.${kind}`,
			locale,
			attachments: extras.pdf
				? [
						{
							filename: `${order.code}.pdf`,
							contentType: 'application/pdf',
							content: extras.pdf.toString('base64'),
						},
					]
				: [],
		},
		tx,
	)
}
