import { deliverQueuedEmails } from '#app/utils/email.server.ts'
import type { TaskDefinition } from '#app/utils/scheduler.server.ts'

/** Retries e-mails that could not be sent right away (only does work with SMTP_URL). */
export const emailDeliveryTask: TaskDefinition = {
	name: 'email-delivery',
	schedule: '*/5 * * * *',
	run: async () => ({ itemsProcessed: await deliverQueuedEmails() }),
}
