import { z } from '#app/utils/validation.ts'
import { monthField } from './fields.ts'

/** /admin/exports and its DATEV download (GET, issue 34, ADR 0180): a month "YYYY-MM" within the date bounds. */
export const datevExportSchema = z.object({ month: monthField })
