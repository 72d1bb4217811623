import { createMonthlyInvoices } from '#app/models/invoices/invoices.server.ts'
import type { SeedStep } from './types.ts'

/**
 * Last month's commission invoices for the demo hosts with completed orders (issue 34, ADR 0178): the
 * real monthly run for the month before the seed's clock — numbers, ledger charge, PDF/A-3 and XML, and
 * the e-mails — after the orders (and their refunds) exist, before the payouts.
 */
export const invoicesSeedStep: SeedStep = {
	name: 'invoices',
	run: (ctx) => {
		const result = createMonthlyInvoices(ctx.now, ctx.db)
		if (result.failed.length) throw new Error(`invoice documents failed: ${result.failed.join('; ')}`)
		ctx.log(`${result.created.length} invoices for ${result.period.start} – ${result.period.end}`)
	},
}
