import { deliverSoon } from '#app/models/accounts/account-emails.server.ts'
import { chatDigestCandidates, sendChatDigest } from '#app/models/chat/chat-digest.server.ts'
import type { TaskDefinition } from '#app/utils/scheduler.server.ts'

/**
 * The chat e-mail digest (issue 32, ADR 0164): every 5 minutes, one e-mail to each user whose
 * chat messages have been unread for 15 minutes, as their setting allows (immediately / hourly /
 * off). Each recipient is claimed in its own IMMEDIATE transaction, so a second run or a second
 * process finds nothing left to send.
 */
export const chatDigestTask: TaskDefinition = {
	name: 'chat-digest',
	schedule: '*/5 * * * *',
	run: ({ now }) => {
		const sent: string[] = []
		for (const userId of chatDigestCandidates(now)) {
			const emailId = sendChatDigest(userId, now)
			if (emailId) sent.push(emailId)
		}
		deliverSoon(sent)
		return { itemsProcessed: sent.length }
	},
}
