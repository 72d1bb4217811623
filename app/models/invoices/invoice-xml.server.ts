import { create } from 'xmlbuilder2'
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces.js'
import type { InvoiceParty } from '#db/schema/money.ts'
import { decimalAmount } from '#app/domain/invoices.ts'
import type { InvoiceRecord } from './invoice-data.server.ts'

/**
 * The e-invoice (ADR 0179): UN/CEFACT Cross Industry Invoice D16B, profile EN 16931 (guideline
 * `urn:cen.eu:en16931:2017`, Factur-X / ZUGFeRD 2.x "EN 16931"), built from the stored invoice rows only.
 * Type 380 (commercial invoice) or 384 (corrected invoice: the Storno, with negative quantities and
 * totals and a reference to the invoice it cancels, BG-3). One VAT category S at the invoice's rate; the
 * invoicing period BG-14; payment means 58 (SEPA credit transfer to the platform's IBAN) on an open
 * invoice, otherwise the payment terms say it is settled with the payout.
 */
const NS = {
	rsm: 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100',
	ram: 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100',
	qdt: 'urn:un:unece:uncefact:data:standard:QualifiedDataType:100',
	udt: 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100',
}

/** `2026-11-30` → `20261130` (format 102). */
function date102(date: string): string {
	return date.replaceAll('-', '')
}

function percent(rateBp: number): string {
	return (rateBp / 100).toFixed(2)
}

function party(parent: XMLBuilder, element: string, value: InvoiceParty, seller: boolean) {
	const node = parent.ele(`ram:${element}`)
	node.ele('ram:Name').txt(value.name)
	if (seller && value.extra.registerNumber) {
		node.ele('ram:SpecifiedLegalOrganization').ele('ram:ID').txt(value.extra.registerNumber)
	}
	const address = node.ele('ram:PostalTradeAddress')
	if (value.postalCode) address.ele('ram:PostcodeCode').txt(value.postalCode)
	if (value.street) address.ele('ram:LineOne').txt(value.street)
	if (value.city) address.ele('ram:CityName').txt(value.city)
	address.ele('ram:CountryID').txt(value.countryCode)
	if (value.email) {
		node.ele('ram:URIUniversalCommunication').ele('ram:URIID', { schemeID: 'EM' }).txt(value.email)
	}
	if (value.vatId) node.ele('ram:SpecifiedTaxRegistration').ele('ram:ID', { schemeID: 'VA' }).txt(value.vatId)
	// BT-32: the seller's tax number; EN 16931 has no buyer tax number (the buyer's goes into a note).
	if (seller && value.taxNumber) {
		node.ele('ram:SpecifiedTaxRegistration').ele('ram:ID', { schemeID: 'FC' }).txt(value.taxNumber)
	}
}

export function renderInvoiceXml(record: InvoiceRecord): string {
	const { invoice, lines, cancels, bank } = record
	const cancellation = invoice.kind === 'Cancellation'
	const root = create({ version: '1.0', encoding: 'UTF-8' }).ele(NS.rsm, 'rsm:CrossIndustryInvoice', {
		'xmlns:rsm': NS.rsm,
		'xmlns:qdt': NS.qdt,
		'xmlns:ram': NS.ram,
		'xmlns:udt': NS.udt,
	})
	root
		.ele('rsm:ExchangedDocumentContext')
		.ele('ram:GuidelineSpecifiedDocumentContextParameter')
		.ele('ram:ID')
		.txt('urn:cen.eu:en16931:2017')
	const document = root.ele('rsm:ExchangedDocument')
	document.ele('ram:ID').txt(invoice.number)
	document.ele('ram:TypeCode').txt(cancellation ? '384' : '380')
	document
		.ele('ram:IssueDateTime')
		.ele('udt:DateTimeString', { format: '102' })
		.txt(date102(record.issueDate))
	for (const note of record.notes) document.ele('ram:IncludedNote').ele('ram:Content').txt(note)

	const transaction = root.ele('rsm:SupplyChainTradeTransaction')
	for (const line of lines) {
		const item = transaction.ele('ram:IncludedSupplyChainTradeLineItem')
		item.ele('ram:AssociatedDocumentLineDocument').ele('ram:LineID').txt(String(line.position))
		item.ele('ram:SpecifiedTradeProduct').ele('ram:Name').txt(line.description)
		// BR-27: the net price is never negative; a Storno's lines have quantity −1.
		item
			.ele('ram:SpecifiedLineTradeAgreement')
			.ele('ram:NetPriceProductTradePrice')
			.ele('ram:ChargeAmount')
			.txt(decimalAmount(Math.abs(line.netAmount)))
		item
			.ele('ram:SpecifiedLineTradeDelivery')
			.ele('ram:BilledQuantity', { unitCode: 'C62' })
			.txt(line.netAmount < 0 || (cancellation && line.netAmount === 0) ? '-1' : '1')
		const settlement = item.ele('ram:SpecifiedLineTradeSettlement')
		const tax = settlement.ele('ram:ApplicableTradeTax')
		tax.ele('ram:TypeCode').txt('VAT')
		tax.ele('ram:CategoryCode').txt('S')
		tax.ele('ram:RateApplicablePercent').txt(percent(invoice.vatRateBp))
		if (line.serviceDate) {
			const period = settlement.ele('ram:BillingSpecifiedPeriod')
			period
				.ele('ram:StartDateTime')
				.ele('udt:DateTimeString', { format: '102' })
				.txt(date102(line.serviceDate))
			period
				.ele('ram:EndDateTime')
				.ele('udt:DateTimeString', { format: '102' })
				.txt(date102(line.serviceDate))
		}
		settlement
			.ele('ram:SpecifiedTradeSettlementLineMonetarySummation')
			.ele('ram:LineTotalAmount')
			.txt(decimalAmount(line.netAmount))
	}

	const agreement = transaction.ele('ram:ApplicableHeaderTradeAgreement')
	party(agreement, 'SellerTradeParty', invoice.seller, true)
	party(agreement, 'BuyerTradeParty', invoice.buyer, false)
	transaction.ele('ram:ApplicableHeaderTradeDelivery')

	const settlement = transaction.ele('ram:ApplicableHeaderTradeSettlement')
	settlement.ele('ram:PaymentReference').txt(invoice.number)
	settlement.ele('ram:InvoiceCurrencyCode').txt(invoice.currency)
	if (invoice.dueDate && !cancellation) {
		const means = settlement.ele('ram:SpecifiedTradeSettlementPaymentMeans')
		means.ele('ram:TypeCode').txt('58')
		const account = means.ele('ram:PayeePartyCreditorFinancialAccount')
		account.ele('ram:IBANID').txt(bank.iban.replace(/\s+/g, ''))
		account.ele('ram:AccountName').txt(bank.accountHolder)
		means.ele('ram:PayeeSpecifiedCreditorFinancialInstitution').ele('ram:BICID').txt(bank.bic)
	}
	const tax = settlement.ele('ram:ApplicableTradeTax')
	tax.ele('ram:CalculatedAmount').txt(decimalAmount(invoice.vatAmount))
	tax.ele('ram:TypeCode').txt('VAT')
	tax.ele('ram:BasisAmount').txt(decimalAmount(invoice.netAmount))
	tax.ele('ram:CategoryCode').txt('S')
	tax.ele('ram:RateApplicablePercent').txt(percent(invoice.vatRateBp))
	const period = settlement.ele('ram:BillingSpecifiedPeriod')
	period
		.ele('ram:StartDateTime')
		.ele('udt:DateTimeString', { format: '102' })
		.txt(date102(invoice.periodStart))
	period.ele('ram:EndDateTime').ele('udt:DateTimeString', { format: '102' }).txt(date102(invoice.periodEnd))
	const terms = settlement.ele('ram:SpecifiedTradePaymentTerms')
	terms.ele('ram:Description').txt(record.paymentTerms)
	if (invoice.dueDate && !cancellation) {
		terms
			.ele('ram:DueDateDateTime')
			.ele('udt:DateTimeString', { format: '102' })
			.txt(date102(invoice.dueDate))
	}
	const sums = settlement.ele('ram:SpecifiedTradeSettlementHeaderMonetarySummation')
	sums.ele('ram:LineTotalAmount').txt(decimalAmount(invoice.netAmount))
	sums.ele('ram:TaxBasisTotalAmount').txt(decimalAmount(invoice.netAmount))
	sums.ele('ram:TaxTotalAmount', { currencyID: invoice.currency }).txt(decimalAmount(invoice.vatAmount))
	sums.ele('ram:GrandTotalAmount').txt(decimalAmount(invoice.grossAmount))
	sums.ele('ram:DuePayableAmount').txt(decimalAmount(invoice.grossAmount))
	if (cancels) {
		const reference = settlement.ele('ram:InvoiceReferencedDocument')
		reference.ele('ram:IssuerAssignedID').txt(cancels.number)
		reference
			.ele('ram:FormattedIssueDateTime')
			.ele('qdt:DateTimeString', { format: '102' })
			.txt(date102(cancels.issueDate))
	}
	return root.end({ prettyPrint: true })
}
