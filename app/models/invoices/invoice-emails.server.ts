import { formatInvoiceDate } from '#app/domain/invoices.ts'
import type { DbOrTx } from '#app/utils/db.server.ts'
import { queueEmail, renderEmailLayout } from '#app/utils/email.server.ts'
import { getEnv } from '#app/utils/env.server.ts'
import { formatAmount } from '#app/utils/format.ts'
import { getFixedT } from '#app/utils/i18n.server.ts'
import { localizePath } from '#app/utils/locale.ts'
import { looseT } from '#app/utils/loose-t.ts'
import { invoiceFileName, type InvoiceRecord } from './invoice-data.server.ts'

/**
 * The invoice e-mail to the host (issue 34, ADR 0178), in the invoice's language on the one e-mail layout,
 * with the PDF/A-3 attached: number, period, gross amount, the payment terms, a link to /host/invoices.
 * Queued in the transaction that stores the documents, so it goes out once per invoice.
 */
export function queueInvoiceEmail(tx: DbOrTx, record: InvoiceRecord, pdf: Buffer): string | null {
	const { invoice } = record
	if (!invoice.buyer.email) return null
	const locale = invoice.locale
	const t = looseT(getFixedT(locale))
	const cancellation = invoice.kind === 'Cancellation'
	const key = cancellation ? 'invoices:emails.cancellation' : 'invoices:emails.invoice'
	const values = {
		number: invoice.number,
		period: `${formatInvoiceDate(invoice.periodStart, locale)} – ${formatInvoiceDate(invoice.periodEnd, locale)}`,
		amount: formatAmount(invoice.grossAmount, locale),
		cancels: record.cancels?.number ?? '',
	}
	const paragraphs = [t(`${key}.body`, values), record.paymentTerms]
	if (invoice.buyer.extra.taxStatus === 'SmallBusiness') paragraphs.push(t('invoices:smallBusinessNote'))
	const { text, html } = renderEmailLayout({
		locale,
		heading: t(`${key}.heading`, values),
		paragraphs,
		details: [
			{ label: t('invoices:document.number'), value: invoice.number },
			{ label: t('invoices:document.period'), value: values.period },
			{ label: t('invoices:document.gross'), value: values.amount },
		],
		action: {
			label: t('invoices:emails.action'),
			url: `${getEnv().PUBLIC_URL}${localizePath('/host/invoices', locale)}`,
		},
		footer: t('invoices:emails.footer'),
	})
	return queueEmail(
		{
			to: invoice.buyer.email,
			subject: t(`${key}.subject`, values),
			text,
			html,
			template: cancellation ? 'invoice.cancellation' : 'invoice.issued',
			locale,
			attachments: [
				{
					filename: invoiceFileName(invoice, 'pdf'),
					contentType: 'application/pdf',
					content: pdf.toString('base64'),
				},
			],
		},
		tx,
	)
}
