import { runWaitlist } from '#app/models/booking/waitlist-offers.server.ts'
import type { TaskDefinition } from '#app/utils/scheduler.server.ts'

/**
 * The slot waitlist (ADR 0086), every minute: offers nobody booked within 30
 * minutes expire and go to the next waiting guest; slots freed some other way
 * (a removed block) reach the first waiting guest; past starts expire.
 * Idempotent — a second run in the same minute changes nothing.
 */
export const waitlistTask: TaskDefinition = {
	name: 'waitlist-offers',
	schedule: '* * * * *',
	run: ({ now }) => ({ itemsProcessed: runWaitlist(now.getTime()) }),
}
