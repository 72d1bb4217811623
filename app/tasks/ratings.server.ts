import { deliverSoon } from '#app/models/accounts/account-emails.server.ts'
import { dueForRatingRequest, sendRatingRequest } from '#app/models/ratings/rating-emails.server.ts'
import { publishDueRatings } from '#app/models/ratings/ratings.server.ts'
import type { TaskDefinition } from '#app/utils/scheduler.server.ts'

/**
 * The rating tasks (issue 32, ADR 0160): the rating request to the guest of
 * every Completed order (once per order), and the publication of ratings 14
 * days after check-out (with the re-ranking of every rated playroom).
 */
export const ratingRequestTask: TaskDefinition = {
	name: 'rating-requests',
	schedule: '*/15 * * * *',
	run: ({ now }) => {
		const sent: string[] = []
		for (const { id } of dueForRatingRequest(now)) {
			const emailId = sendRatingRequest(id, now)
			if (emailId) sent.push(emailId)
		}
		deliverSoon(sent)
		return { itemsProcessed: sent.length }
	},
}

export const ratingPublishTask: TaskDefinition = {
	name: 'rating-publication',
	schedule: '17 * * * *',
	run: ({ now }) => ({ itemsProcessed: publishDueRatings(now) }),
}
