import type { InvoiceParty } from '#db/schema/money.ts'

/** An invoice party (seller or buyer snapshot) for rows inserted straight into `invoices` (issue 34). */
export function testInvoiceParty(name: string): InvoiceParty {
	return {
		name,
		street: 'Kastanienallee 12',
		postalCode: '10435',
		city: 'Berlin',
		countryCode: 'DE',
		vatId: null,
		taxNumber: null,
		email: null,
		extra: {},
	}
}
