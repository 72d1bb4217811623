import { z } from 'zod'
import { REASON_MAX } from './checkout.ts'
import { entityIdField, requiredText } from './fields.ts'

/** Admin actions with a reason (issue 14): block/unblock a playroom, hide/unhide a rating. */
export const adminReasonSchema = z.object({ reason: requiredText(REASON_MAX, { min: 3 }) })

export const ratingVisibilitySchema = adminReasonSchema.extend({ targetId: entityIdField })
