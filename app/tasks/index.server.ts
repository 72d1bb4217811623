import { registerTask } from '#app/utils/scheduler.server.ts'
import { chatDigestTask } from './chat-digest.server.ts'
import { commissionInvoicesTask } from './commission-invoices.server.ts'
import { emailDeliveryTask } from './email-delivery.server.ts'
import { hostPayoutsTask } from './host-payouts.server.ts'
import { icalImportTask } from './ical-import.server.ts'
import { orderCompletionTask, orderExpiryTask } from './order-lifecycle.server.ts'
import { arrivalInstructionsTask, orderReminderTask } from './order-notifications.server.ts'
import { orphanedImagesTask } from './orphaned-images.server.ts'
import { ratingPublishTask, ratingRequestTask } from './ratings.server.ts'
import { sessionCleanupTask } from './session-cleanup.server.ts'
import { voucherExpiryTask } from './voucher-expiry.server.ts'
import { voucherDeliveryTask } from './voucher-delivery.server.ts'
import { voucherReminderTask } from './voucher-reminders.server.ts'
import { waitlistTask } from './waitlist.server.ts'

/** Every background task of the platform. Capabilities add theirs here. */
export const ALL_TASKS = [
	sessionCleanupTask,
	emailDeliveryTask,
	orderExpiryTask,
	orderCompletionTask,
	waitlistTask,
	icalImportTask,
	arrivalInstructionsTask,
	orderReminderTask,
	orphanedImagesTask,
	ratingRequestTask,
	ratingPublishTask,
	chatDigestTask,
	voucherExpiryTask,
	voucherDeliveryTask,
	voucherReminderTask,
	hostPayoutsTask,
	commissionInvoicesTask,
]

export function registerAllTasks() {
	for (const task of ALL_TASKS) registerTask(task)
}
