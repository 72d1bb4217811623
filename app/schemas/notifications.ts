import { idSchema } from './catalogue.ts'
import { intParam } from './fields.ts'
import { z } from '#app/utils/validation.ts'

/**
 * The notification forms (POST /resources/notifications, docs/subsystems/notifications.md):
 * mark one of your notifications read, or all of them.
 */
export const notificationFormSchema = z.discriminatedUnion('intent', [
	z.object({ intent: z.literal('read'), notificationId: idSchema }),
	z.object({ intent: z.literal('readAll') }),
])

/** The query of /host/messages: the page of the list (a bad value is page 1). */
export const notificationsQuerySchema = z.object({
	currentPage: intParam(1, 10_000).catch(1),
})
