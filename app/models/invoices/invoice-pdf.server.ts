import path from 'node:path'
import PDFDocument from 'pdfkit'
import QRCode from 'qrcode'
import { formatInvoiceDate, giroCodePayload } from '#app/domain/invoices.ts'
import { formatAmount } from '#app/utils/format.ts'
import { getFixedT } from '#app/utils/i18n.server.ts'
import { looseT } from '#app/utils/loose-t.ts'
import type { InvoiceRecord } from './invoice-data.server.ts'

/**
 * The invoice as a PDF/A-3b (ADR 0179) with pdfkit: the CII XML attached as `factur-x.xml`
 * (AFRelationship Alternative) and the Factur-X XMP metadata, so it is a ZUGFeRD 2.x / Factur-X
 * "EN 16931" e-invoice. PDF/A wants every font embedded: pdfkit's standard 14 fonts are not, so the
 * document uses Liberation Sans from the repository (fonts/, GPL with the font exception).
 *
 * It shows the § 14 Abs. 4 UStG fields: both parties with addresses and tax ids, number, issue date,
 * the service period, one line per order (date, code, order value, rate, commission), net, VAT rate and
 * amount, gross, the payment terms, and the GiroCode (EPC QR) on an open invoice. In the invoice's
 * language. Synchronous, like the voucher PDF (pdfkit buffers the document).
 */
const FONTS = path.resolve(process.cwd(), 'app/models/invoices/fonts')
const REGULAR = path.join(FONTS, 'LiberationSans-Regular.ttf')
const BOLD = path.join(FONTS, 'LiberationSans-Bold.ttf')

const INK = '#1d1d1f'
const MUTED = '#555555'

/** The Factur-X XMP (the fx properties and their PDF/A extension schema description). */
function facturXMetadata(typeName: string): string {
	const property = (name: string, description: string) =>
		`<rdf:li rdf:parseType="Resource"><pdfaProperty:name>${name}</pdfaProperty:name><pdfaProperty:valueType>Text</pdfaProperty:valueType><pdfaProperty:category>external</pdfaProperty:category><pdfaProperty:description>${description}</pdfaProperty:description></rdf:li>`
	return `
<rdf:Description rdf:about="" xmlns:fx="urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#">
<fx:DocumentType>${typeName}</fx:DocumentType>
<fx:DocumentFileName>factur-x.xml</fx:DocumentFileName>
<fx:Version>1.0</fx:Version>
<fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>
</rdf:Description>
<rdf:Description rdf:about="" xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/" xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#" xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#">
<pdfaExtension:schemas><rdf:Bag><rdf:li rdf:parseType="Resource">
<pdfaSchema:schema>Factur-X PDFA Extension Schema</pdfaSchema:schema>
<pdfaSchema:namespaceURI>urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#</pdfaSchema:namespaceURI>
<pdfaSchema:prefix>fx</pdfaSchema:prefix>
<pdfaSchema:property><rdf:Seq>
${property('DocumentFileName', 'name of the embedded XML invoice file')}
${property('DocumentType', 'INVOICE')}
${property('Version', 'The actual version of the Factur-X XML schema')}
${property('ConformanceLevel', 'The conformance level of the embedded Factur-X data')}
</rdf:Seq></pdfaSchema:property>
</rdf:li></rdf:Bag></pdfaExtension:schemas>
</rdf:Description>`
}

function drawQr(doc: PDFKit.PDFDocument, payload: string, x: number, y: number, width: number) {
	const { modules } = QRCode.create(payload, { errorCorrectionLevel: 'M' })
	const quiet = 2
	const cell = width / (modules.size + quiet * 2)
	doc.save()
	for (let row = 0; row < modules.size; row++) {
		for (let col = 0; col < modules.size; col++) {
			if (modules.get(row, col)) doc.rect(x + (col + quiet) * cell, y + (row + quiet) * cell, cell, cell)
		}
	}
	doc.fill('#000000').restore()
}

export function renderInvoicePdf(record: InvoiceRecord, xml: Buffer): Buffer {
	const { invoice, lines } = record
	const locale = invoice.locale
	const t = looseT(getFixedT(locale))
	const money = (cents: number) => formatAmount(cents, locale)
	const date = (value: string) => formatInvoiceDate(value, locale)
	const cancellation = invoice.kind === 'Cancellation'
	const title = t(cancellation ? 'invoices:document.cancellationTitle' : 'invoices:document.title')
	const doc = new PDFDocument({
		size: 'A4',
		margins: { top: 50, left: 50, right: 50, bottom: 30 },
		pdfVersion: '1.7',
		subset: 'PDF/A-3b',
		tagged: false,
		font: REGULAR,
		info: {
			Title: `${title} ${invoice.number}`,
			Author: invoice.seller.name.replace(/[<>&]/g, ''),
			Subject: `${title} ${invoice.number}`,
			CreationDate: invoice.issuedAt,
		},
	})
	doc.registerFont('Regular', REGULAR)
	doc.registerFont('Bold', BOLD)
	doc.appendXML(facturXMetadata('INVOICE'))
	// `relationship` (AFRelationship) is a pdfkit option its type definitions do not list yet.
	const attachment: PDFKit.Mixins.PDFAttachmentOptions & { relationship: string } = {
		name: 'factur-x.xml',
		type: 'text/xml',
		relationship: 'Alternative',
		description: 'Factur-X / ZUGFeRD EN 16931 invoice',
		creationDate: invoice.issuedAt,
		modifiedDate: invoice.issuedAt,
	}
	doc.file(xml, attachment)

	const L = 50
	const W = 595.28 - 2 * L
	const seller = invoice.seller
	const buyer = invoice.buyer
	doc.fillColor(MUTED).font('Regular').fontSize(8)
	doc.text(`${seller.name} · ${seller.street} · ${seller.postalCode} ${seller.city}`, L, 50, { width: W })
	doc.fillColor(INK).fontSize(10).font('Bold').text(buyer.name, L, 80)
	doc.font('Regular')
	if (buyer.extra.contact) doc.text(buyer.extra.contact)
	if (buyer.street) doc.text(buyer.street)
	doc.text(`${buyer.postalCode} ${buyer.city}`.trim())
	doc.text(buyer.countryCode)
	if (buyer.vatId) doc.text(t('invoices:document.buyerVatId', { vatId: buyer.vatId }))
	else if (buyer.taxNumber) doc.text(t('invoices:document.buyerTaxNumber', { taxNumber: buyer.taxNumber }))

	const facts: [string, string][] = [
		[t('invoices:document.number'), invoice.number],
		[t('invoices:document.issueDate'), date(record.issueDate)],
		[t('invoices:document.period'), `${date(invoice.periodStart)} – ${date(invoice.periodEnd)}`],
	]
	if (record.cancels) facts.push([t('invoices:document.cancels'), record.cancels.number])
	if (invoice.dueDate && !cancellation) facts.push([t('invoices:document.dueDate'), date(invoice.dueDate)])
	let fy = 80
	for (const [label, value] of facts) {
		doc.font('Regular').fillColor(MUTED).text(label, 330, fy, { width: 100 })
		doc
			.font('Bold')
			.fillColor(INK)
			.text(value, 430, fy, { width: W + L - 430 })
		fy += 15
	}

	let y = Math.max(doc.y, fy) + 30
	doc.font('Bold').fontSize(18).text(title, L, y)
	y = doc.y + 10
	doc.font('Regular').fontSize(9)
	const columns = [
		{ label: t('invoices:document.columns.position'), x: L, w: 22, align: 'left' as const },
		{ label: t('invoices:document.columns.description'), x: L + 24, w: 226, align: 'left' as const },
		{ label: t('invoices:document.columns.orderAmount'), x: L + 252, w: 80, align: 'right' as const },
		{ label: t('invoices:document.columns.rate'), x: L + 334, w: 60, align: 'right' as const },
		{ label: t('invoices:document.columns.net'), x: L + 396, w: W - 396, align: 'right' as const },
	]
	doc.font('Bold')
	for (const column of columns) doc.text(column.label, column.x, y, { width: column.w, align: column.align })
	y = doc.y + 4
	doc
		.moveTo(L, y)
		.lineTo(L + W, y)
		.strokeColor('#999999')
		.lineWidth(0.5)
		.stroke()
	y += 4
	doc.font('Regular')
	for (const line of lines) {
		if (y > 740) {
			doc.addPage()
			y = 50
		}
		const cells = [
			String(line.position),
			line.description,
			line.orderAmount === null ? '' : money(line.orderAmount),
			line.commissionRateBp === null ? '' : `${(line.commissionRateBp / 100).toLocaleString(locale)} %`,
			money(line.netAmount),
		]
		let bottom = y
		cells.forEach((cell, i) => {
			const column = columns[i]
			if (!column) return
			doc.text(cell, column.x, y, { width: column.w, align: column.align })
			bottom = Math.max(bottom, doc.y)
		})
		y = bottom + 3
	}
	if (lines.length === 0) {
		doc.text(t('invoices:document.noLines'), L, y, { width: W })
		y = doc.y + 3
	}
	doc
		.moveTo(L, y)
		.lineTo(L + W, y)
		.stroke()
	y += 8
	const rate = `${(invoice.vatRateBp / 100).toLocaleString(locale)} %`
	const totals: [string, string, boolean][] = [
		[t('invoices:document.net'), money(invoice.netAmount), false],
		[t('invoices:document.vat', { rate }), money(invoice.vatAmount), false],
		[t('invoices:document.gross'), money(invoice.grossAmount), true],
	]
	for (const [label, value, bold] of totals) {
		doc.font(bold ? 'Bold' : 'Regular').fontSize(bold ? 11 : 9)
		doc.text(label, L + 252, y, { width: 142, align: 'right' })
		doc.text(value, L + 396, y, { width: W - 396, align: 'right' })
		y = doc.y + 4
	}
	y += 12
	doc.font('Bold').fontSize(10).text(t('invoices:document.paymentTerms'), L, y)
	doc
		.font('Regular')
		.fontSize(9)
		.text(record.paymentTerms, L, doc.y + 2, { width: W - 130 })
	y = doc.y + 8
	if (invoice.dueDate && !cancellation && invoice.grossAmount > 0) {
		const payload = giroCodePayload({
			name: record.bank.accountHolder,
			iban: record.bank.iban,
			bic: record.bank.bic,
			amount: invoice.grossAmount,
			remittance: invoice.number,
		})
		const qrY = Math.min(y, 650)
		drawQr(doc, payload, L + W - 110, qrY - 60, 110)
		doc
			.fontSize(7)
			.fillColor(MUTED)
			.text(t('invoices:document.giroCode'), L + W - 110, qrY + 52, {
				width: 110,
				align: 'center',
			})
		doc.fillColor(INK).fontSize(9)
	}
	for (const note of record.notes) {
		doc.text(note, L, doc.y + 6 > y ? doc.y + 6 : y, { width: W - 130 })
		y = doc.y
	}
	doc.fontSize(7).fillColor(MUTED)
	const footer = [
		`${seller.name} · ${seller.street} · ${seller.postalCode} ${seller.city}`,
		[
			seller.vatId ? t('invoices:document.sellerVatId', { vatId: seller.vatId }) : '',
			seller.taxNumber ? t('invoices:document.sellerTaxNumber', { taxNumber: seller.taxNumber }) : '',
			seller.email ?? '',
		]
			.filter(Boolean)
			.join(' · '),
		`${record.bank.bankName} · IBAN ${record.bank.iban} · BIC ${record.bank.bic}`,
	]
	doc.text(footer.join('\n'), L, 772, { width: W, align: 'center', lineBreak: true })
	doc.end()
	const chunks: Buffer[] = []
	for (let chunk = doc.read() as Buffer | null; chunk !== null; chunk = doc.read() as Buffer | null) {
		chunks.push(chunk)
	}
	return Buffer.concat(chunks)
}
