import { createMonthlyInvoices } from '#app/models/invoices/invoices.server.ts'
import type { TaskDefinition } from '#app/utils/scheduler.server.ts'

/**
 * Commission invoices (issue 34, ADR 0178): every night, the previous month's invoice of each host with
 * completed orders — on the 1st (Europe/Berlin) that is the month just ended; a later run catches up
 * whatever the 1st missed and finds the rest already billed (one valid invoice per host and month). Then
 * the PDF and XML of every invoice still without them (a failed render is retried here). Lease-protected
 * like every task; a second process's run is a no-op besides.
 */
export const commissionInvoicesTask: TaskDefinition = {
	name: 'commission-invoices',
	schedule: '20 3 * * *',
	leaseSeconds: 900,
	run: ({ now, logger }) => {
		const result = createMonthlyInvoices(now)
		if (result.failed.length) logger.error({ failed: result.failed }, 'invoice documents failed to render')
		return {
			itemsProcessed: result.created.length + result.rendered,
			...(result.failed.length ? { error: `documents failed: ${result.failed.join('; ')}` } : {}),
		}
	},
}
