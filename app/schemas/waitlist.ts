import { idSchema } from './catalogue.ts'
import { bookingTypeField } from './checkout.ts'
import { instantField } from './fields.ts'
import { z } from '#app/utils/validation.ts'

/**
 * The waitlist forms (POST /resources/waitlist): join a taken start from the
 * playroom page, leave one of your own entries from /guest/orders.
 */
export const waitlistFormSchema = z.discriminatedUnion('intent', [
	z.object({
		intent: z.literal('join'),
		playroomId: idSchema,
		bookingType: bookingTypeField,
		startsAt: instantField,
	}),
	z.object({ intent: z.literal('leave'), entryId: idSchema }),
])
