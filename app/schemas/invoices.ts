import { z } from '#app/utils/validation.ts'
import { userIdField } from './auth.ts'
import { entityIdField, localDateOrInstantField } from './fields.ts'

/**
 * Commission invoices (issue 34, ADR 0178): the admin API of spec §7 (`Invoice`, `RecreateInvoice`,
 * `RecreateAllInvoices` under /api/Admin/User/) and the admin detail page's forms share these.
 * `dateString` is any date (or date-time, read as its Berlin date) within the month meant.
 */
export const invoiceQuerySchema = z.object({ hostUserId: userIdField, dateString: localDateOrInstantField })
export const recreateInvoiceSchema = z.object({ invoiceId: entityIdField })
export const recreateAllInvoicesSchema = z.object({ dateString: localDateOrInstantField })
/** The admin detail page's two buttons. */
export const invoiceActionSchema = z.object({ intent: z.enum(['recreate', 'markPaid']) })
