import { asc, eq } from 'drizzle-orm'
import { invoiceLines, invoices } from '#db/schema/money.ts'
import { localDateOf } from '#app/domain/berlin-time.ts'
import { formatAmount } from '#app/utils/format.ts'
import { formatInvoiceDate } from '#app/domain/invoices.ts'
import { getSetting } from '#app/models/platform/settings.server.ts'
import { getDb, type DbOrTx } from '#app/utils/db.server.ts'
import { getFixedT } from '#app/utils/i18n.server.ts'
import { looseT } from '#app/utils/loose-t.ts'

export type InvoiceRow = typeof invoices.$inferSelect
export type InvoiceLineRow = typeof invoiceLines.$inferSelect

/**
 * Everything the PDF and the XML show, read from the stored rows (ADR 0178: documents are rendered after
 * commit from what was written, never from live data) plus the platform's bank account and the texts in
 * the invoice's language: notes (§ 19 UStG, the buyer's tax number, what a Storno cancels) and payment terms.
 */
export type InvoiceRecord = {
	invoice: InvoiceRow
	lines: InvoiceLineRow[]
	/** The invoice a cancellation invoice cancels. */
	cancels: { number: string; issueDate: string } | null
	bank: { accountHolder: string; iban: string; bic: string; bankName: string }
	/** Berlin date of issue `YYYY-MM-DD`. */
	issueDate: string
	notes: string[]
	paymentTerms: string
}

export function loadInvoiceRecord(invoiceId: string, db: DbOrTx = getDb()): InvoiceRecord | null {
	const invoice = db.select().from(invoices).where(eq(invoices.id, invoiceId)).get()
	if (!invoice) return null
	const lines = db
		.select()
		.from(invoiceLines)
		.where(eq(invoiceLines.invoiceId, invoiceId))
		.orderBy(asc(invoiceLines.position))
		.all()
	const original = invoice.cancelsInvoiceId
		? db.select().from(invoices).where(eq(invoices.id, invoice.cancelsInvoiceId)).get()
		: undefined
	const cancels = original
		? { number: original.number, issueDate: localDateOf(original.issuedAt.getTime()) }
		: null
	const bank = getSetting('bankDetails', db)
	const issueDate = localDateOf(invoice.issuedAt.getTime())
	const t = looseT(getFixedT(invoice.locale))
	const notes: string[] = []
	if (cancels) {
		notes.push(
			t('invoices:document.cancelsNote', {
				number: cancels.number,
				date: formatInvoiceDate(cancels.issueDate, invoice.locale),
			}),
		)
	}
	notes.push(t('invoices:document.serviceNote'))
	if (invoice.buyer.extra.taxStatus === 'SmallBusiness') notes.push(t('invoices:smallBusinessNote'))
	if (invoice.buyer.taxNumber && !invoice.buyer.vatId) {
		notes.push(t('invoices:document.buyerTaxNumber', { taxNumber: invoice.buyer.taxNumber }))
	}
	const seller = invoice.seller.extra
	notes.push(
		t('invoices:document.sellerRegister', {
			court: seller.registerCourt ?? '',
			number: seller.registerNumber ?? '',
			director: seller.managingDirector ?? '',
		}),
	)
	const gross = formatAmount(Math.abs(invoice.grossAmount), invoice.locale)
	const paymentTerms =
		invoice.kind === 'Cancellation'
			? t('invoices:terms.cancellation', { amount: gross })
			: invoice.dueDate
				? t('invoices:terms.open', {
						amount: gross,
						date: formatInvoiceDate(invoice.dueDate, invoice.locale),
						iban: bank.iban,
						number: invoice.number,
					})
				: t('invoices:terms.netted', { amount: gross })
	return { invoice, lines, cancels, bank, issueDate, notes, paymentTerms }
}

/** The file name of a document in the invoice's language: `Rechnung-SZ-2026-000123.pdf` / `Invoice-…`. */
export function invoiceFileName(
	invoice: Pick<InvoiceRow, 'number' | 'locale' | 'kind'>,
	kind: 'pdf' | 'xml',
) {
	const t = looseT(getFixedT(invoice.locale))
	const name = t(invoice.kind === 'Cancellation' ? 'invoices:file.cancellation' : 'invoices:file.invoice')
	return `${name}-${invoice.number}.${kind}`
}
