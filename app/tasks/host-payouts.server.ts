import { isoWeekday, localDateOf } from '#app/domain/berlin-time.ts'
import { createPayoutRun, isoWeekOf } from '#app/models/money/payouts.server.ts'
import { getSetting } from '#app/models/platform/settings.server.ts'
import type { TaskDefinition } from '#app/utils/scheduler.server.ts'

/**
 * The weekly payout run (issue 34, ADR 0177): on the weekday of the `payoutSchedule` setting
 * (Europe/Berlin; null turns it off) the run is created with the key `schedule:<ISO week>`, so the
 * hourly ticks of that day, a second process or a restart create it once. Returns the payouts made.
 */
export function runScheduledPayouts(now: Date): number {
	const { weekday } = getSetting('payoutSchedule')
	const today = localDateOf(now.getTime())
	if (weekday === null || isoWeekday(today) !== weekday) return 0
	const result = createPayoutRun(
		null,
		{ idempotencyKey: `schedule:${isoWeekOf(today)}`, trigger: 'schedule' },
		{ now: now.getTime() },
	)
	return result.outcome === 'created' ? result.run.payoutCount : 0
}

export const hostPayoutsTask: TaskDefinition = {
	name: 'host-payouts',
	// Hourly: the first tick of the configured day creates the run, the rest find its key.
	schedule: '23 * * * *',
	run: ({ now }) => ({ itemsProcessed: runScheduledPayouts(now) }),
}
