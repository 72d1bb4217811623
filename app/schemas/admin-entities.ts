import { z } from 'zod'
import { REASON_MAX } from './checkout.ts'
import { emailField } from './account.ts'
import { entityIdField, requiredText } from './fields.ts'

/** Admin actions with a reason (issue 14): block/unblock a playroom, hide/unhide a rating. */
export const adminReasonSchema = z.object({ reason: requiredText(REASON_MAX, { min: 3 }) })

export const ratingVisibilitySchema = adminReasonSchema.extend({ targetId: entityIdField })

/** ConvertToGutshof / ConvertOrdersToGutshof (spec §7, ADR 0099): no playroomIds (or none) means all of them. */
export const hostTransferSchema = z.object({
	sourceUserId: entityIdField,
	targetUserId: entityIdField,
	playroomIds: z.array(entityIdField).max(1_000).optional(),
})

/** The host page's form: the new host by e-mail, the chosen playrooms, future orders too. */
export const hostTransferFormSchema = z.object({
	targetEmail: emailField,
	playroomIds: z.array(entityIdField).max(1_000).optional(),
	withOrders: z.boolean().optional(),
	confirmed: z.boolean().optional(),
})
