import { idSchema } from './catalogue.ts'
import { bookingTypeField, instantSchema } from './checkout.ts'
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
		startsAt: instantSchema,
	}),
	z.object({ intent: z.literal('leave'), entryId: idSchema }),
])
