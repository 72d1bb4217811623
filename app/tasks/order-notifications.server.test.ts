import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { orderNotifications } from '#db/schema/access.ts'
import { accessAreaPlayrooms } from '#db/schema/access.ts'
import { runTask } from '#app/utils/scheduler.server.ts'
import { getDb } from '#app/utils/db.server.ts'
import { accessScenario, HOUR } from '#tests/helpers/access.ts'
import { mailsTo } from '#tests/helpers/booking.ts'
import { createRecordingHub } from '#tests/helpers/recording-hub.ts'
import { ALL_TASKS } from './index.server.ts'
import { arrivalInstructionsTask, orderReminderTask } from './order-notifications.server.ts'

/**
 * Issue 13: 24 h before check-in of a Confirmed order the guest gets the
 * arrival instructions (with the code valid at check-in, only when the
 * playroom has an access area) and a reminder — each exactly once, however
 * often the tasks run.
 */
const { hub } = createRecordingHub()
const templates = (email: string) => mailsTo(email).map((mail) => mail.template)

async function runBoth() {
	for (const task of [arrivalInstructionsTask, orderReminderTask]) {
		const outcome = await runTask(task, 'manual', { hub })
		expect(outcome.status).toBe('succeeded')
	}
}

describe('arrival instructions and reminders', () => {
	test('are registered as background tasks', () => {
		expect(ALL_TASKS).toContain(arrivalInstructionsTask)
		expect(ALL_TASKS).toContain(orderReminderTask)
	})

	test('go out once, 24 h before check-in, with the code valid at check-in', async () => {
		const due = await accessScenario({ checkIn: Date.now() + 20 * HOUR })
		const later = await accessScenario({ checkIn: Date.now() + 30 * HOUR })
		const unconfirmed = await accessScenario({ checkIn: Date.now() + 20 * HOUR, status: 'AwaitingPayment' })
		const before = {
			due: mailsTo(due.fixture.guest.email).length,
			later: mailsTo(later.fixture.guest.email).length,
			unconfirmed: mailsTo(unconfirmed.fixture.guest.email).length,
		}
		await runBoth()
		await runBoth()
		const sent = mailsTo(due.fixture.guest.email).slice(before.due)
		expect(sent.map((mail) => mail.template).sort()).toEqual(['order.arrivalInstructions', 'order.reminder'])
		const arrival = sent.find((mail) => mail.template === 'order.arrivalInstructions')
		expect(arrival?.subject).toContain('Deine Anreise-Infos')
		expect(arrival?.text).toContain('Dein Zugangscode: Kx7319q')
		expect(arrival?.text).toContain('Rechts neben der Tür.')
		expect(mailsTo(later.fixture.guest.email)).toHaveLength(before.later)
		expect(mailsTo(unconfirmed.fixture.guest.email)).toHaveLength(before.unconfirmed)
		expect(
			getDb().select().from(orderNotifications).where(eq(orderNotifications.orderId, due.order.id)).all(),
		).toHaveLength(2)
	})

	test('a playroom without an access area gets the reminder only; a host’s code never goes to another host’s guest', async () => {
		const plain = await accessScenario({ checkIn: Date.now() + 10 * HOUR, code: 'Kx5555q' })
		getDb().delete(accessAreaPlayrooms).where(eq(accessAreaPlayrooms.accessAreaId, plain.area.id)).run()
		const other = await accessScenario({ checkIn: Date.now() + 10 * HOUR, code: 'Kx6666q' })
		const start = mailsTo(plain.fixture.guest.email).length
		await runBoth()
		const sent = mailsTo(plain.fixture.guest.email).slice(start)
		expect(sent.map((mail) => mail.template)).toEqual(['order.reminder'])
		expect(JSON.stringify(sent)).not.toContain('Kx5555q')
		const otherMails = JSON.stringify(mailsTo(other.fixture.guest.email))
		expect(otherMails).toContain('Kx6666q')
		expect(otherMails).not.toContain('Kx5555q')
		expect(templates(other.fixture.guest.email)).toContain('order.arrivalInstructions')
	})
})
