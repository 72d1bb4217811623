import { deliverEmailBatch, type DeliveryReport } from '#app/utils/email.server.ts'
import type { TaskDefinition, TaskResult } from '#app/utils/scheduler.server.ts'

/**
 * The run's record for the task-runs page (ADR 0175): `itemsProcessed` is the number sent; a run
 * that leaves the operator something to do — delivery not configured (SMTP_URL unset) or messages
 * that failed — is recorded as failed with a report of what it did (sent, failed, still waiting).
 */
export function deliveryRunResult(report: DeliveryReport): TaskResult {
	if (!report.configured) {
		return {
			itemsProcessed: 0,
			error: `delivery not configured (SMTP_URL is not set): sent 0, failed 0, still waiting ${report.waiting}`,
		}
	}
	if (report.failed > 0) {
		return {
			itemsProcessed: report.sent,
			error: `sent ${report.sent}, failed ${report.failed}, still waiting ${report.waiting}; last error: ${report.lastError ?? ''}`,
		}
	}
	return { itemsProcessed: report.sent }
}

/** Sends the queued e-mails every 5 minutes and reports what it did (docs/subsystems/email.md). */
export const emailDeliveryTask: TaskDefinition = {
	name: 'email-delivery',
	schedule: '*/5 * * * *',
	run: async () => deliveryRunResult(await deliverEmailBatch()),
}
