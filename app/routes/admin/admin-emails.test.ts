import { desc, eq, inArray } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { adminAuditLog } from '#db/schema/audit.ts'
import { backgroundTaskExecutions, emailOutbox } from '#db/schema/platform.ts'
import { emailDeliveryTask } from '#app/tasks/email-delivery.server.ts'
import { roleGuard } from '#app/utils/auth.server.ts'
import { getDb } from '#app/utils/db.server.ts'
import { queueEmail } from '#app/utils/email.server.ts'
import type { EmailHealth } from '#app/models/admin/admin-emails.server.ts'
import { silentHub } from '#app/utils/realtime.ts'
import { runTask } from '#app/utils/scheduler.server.ts'
import { withFakeSmtp } from '#tests/helpers/fake-smtp.ts'
import { callRoute } from '#tests/helpers/route-harness.ts'
import { createLoggedInUser } from '#tests/helpers/users.ts'
import { loader as adminLayoutLoader } from '../layouts/admin.tsx'
import { action as detailAction, loader as detailLoader } from './email-detail.tsx'
import { loader as logLoader } from './emails.tsx'

/** Issue 34 "E-mail health" (ADR 0175): the send task's report, the admin banner, the e-mail log and resend. */
const adminArea = [roleGuard('Admin')]
const db = () => getDb()

function queue(to: string, template = 'test.health', subject = 'Hallo') {
	return queueEmail({ to, subject, text: `Text for ${to}`, html: '<p>x</p>', template, locale: 'de' })
}
const statusOf = (id: string) => db().select().from(emailOutbox).where(eq(emailOutbox.id, id)).get()!
/** Everything not sent yet is marked sent: each test starts from a healthy outbox. */
function clearOutbox() {
	db().update(emailOutbox).set({ status: 'sent', sentAt: new Date(), error: null }).run()
}
async function runDelivery() {
	const outcome = await runTask(emailDeliveryTask, 'manual', { hub: silentHub })
	if (outcome.status === 'skipped') throw new Error('skipped')
	return db()
		.select()
		.from(backgroundTaskExecutions)
		.where(eq(backgroundTaskExecutions.id, outcome.executionId))
		.get()!
}
async function health(cookie: string) {
	const result = await callRoute(adminLayoutLoader as never, {
		path: '/en/admin/dashboard',
		cookie,
		middleware: adminArea,
	})
	return (result.data as { emailHealth: EmailHealth }).emailHealth
}

describe('the "Send e-mails" task reports what it did', () => {
	test('without SMTP_URL: "delivery not configured" with the number waiting, recorded as failed', async () => {
		clearOutbox()
		queue('a@example.test')
		queue('b@example.test')
		const run = await runDelivery()
		expect(run.status).toBe('failed')
		expect(run.itemsProcessed).toBe(0)
		expect(run.error).toBe('delivery not configured (SMTP_URL is not set): sent 0, failed 0, still waiting 2')
	})

	test('with a working SMTP server: the messages are sent and counted', async () => {
		clearOutbox()
		const received = await withFakeSmtp(async () => {
			const ids = [queue('c@example.test'), queue('d@example.test'), queue('e@example.test')]
			const run = await runDelivery()
			expect(run).toMatchObject({ status: 'succeeded', itemsProcessed: 3, error: null })
			expect(ids.map((id) => statusOf(id).status)).toEqual(['sent', 'sent', 'sent'])
		})
		expect(received).toHaveLength(3)
	})

	test('with a failing SMTP server: the failed count and the error are in the run record', async () => {
		clearOutbox()
		await withFakeSmtp(
			async () => {
				const ids = [queue('f@example.test'), queue('g@example.test')]
				const run = await runDelivery()
				expect(run.status).toBe('failed')
				expect(run.itemsProcessed).toBe(0)
				expect(run.error).toMatch(/^sent 0, failed 2, still waiting 0; last error: .*550/)
				expect(statusOf(ids[0]!)).toMatchObject({ status: 'failed' })
				expect(statusOf(ids[0]!).error).toContain('550')
			},
			{ reject: true },
		)
	})
})

describe('the admin banner', () => {
	test('shown without SMTP_URL, with the number waiting', async () => {
		clearOutbox()
		const { cookie } = await createLoggedInUser({ role: 'Admin' })
		queue('h@example.test')
		expect(await health(cookie)).toEqual({ problem: 'notConfigured', waiting: 1, failedRecently: 0 })
	})

	test('hidden when delivery works; shown when a message failed in the last 24 h or waits for 15 minutes', async () => {
		const { cookie } = await createLoggedInUser({ role: 'Admin' })
		await withFakeSmtp(async () => {
			clearOutbox()
			queue('i@example.test')
			expect((await health(cookie)).problem).toBeNull()
			const stuck = queue('j@example.test')
			db()
				.update(emailOutbox)
				.set({ createdAt: new Date(Date.now() - 16 * 60 * 1000) })
				.where(eq(emailOutbox.id, stuck))
				.run()
			expect(await health(cookie)).toMatchObject({ problem: 'failing', waiting: 2 })
			clearOutbox()
			const failed = queue('k@example.test')
			db()
				.update(emailOutbox)
				.set({ status: 'failed', error: 'boom' })
				.where(eq(emailOutbox.id, failed))
				.run()
			expect(await health(cookie)).toEqual({ problem: 'failing', waiting: 0, failedRecently: 1 })
			// A failure older than a day no longer counts.
			db()
				.update(emailOutbox)
				.set({ createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000) })
				.where(eq(emailOutbox.id, failed))
				.run()
			expect((await health(cookie)).problem).toBeNull()
		})
	})
})

describe('the e-mail log', () => {
	type LogPage = { items: { id: string; to: string; status: string; template: string }[]; totalCount: number }

	test('admins only: a guest and a host are refused', async () => {
		const id = queue('l@example.test')
		for (const role of ['Customer', 'Owner'] as const) {
			const { cookie } = await createLoggedInUser({ role })
			const list = await callRoute(logLoader as never, {
				path: '/en/admin/backgroundTaskExecutions/emails',
				cookie,
				middleware: adminArea,
			})
			expect(list.status).toBe(403)
			const detail = await callRoute(detailLoader as never, {
				path: `/en/admin/backgroundTaskExecutions/emails/${id}`,
				cookie,
				params: { emailId: id },
				middleware: adminArea,
			})
			expect(detail.status).toBe(403)
		}
	})

	test('filters by status and template; the detail shows the text part and the error', async () => {
		const { cookie } = await createLoggedInUser({ role: 'Admin' })
		const failed = queue('m@example.test', 'order.confirmed', 'Bestätigt')
		queue('n@example.test', 'order.confirmed', 'Bestätigt')
		queue('o@example.test', 'rating.request', 'Bewerte')
		db()
			.update(emailOutbox)
			.set({ status: 'failed', error: '550 mailbox unavailable' })
			.where(eq(emailOutbox.id, failed))
			.run()
		const get = async (query: string) =>
			(
				await callRoute(logLoader as never, {
					path: `/en/admin/backgroundTaskExecutions/emails?${query}`,
					cookie,
					middleware: adminArea,
				})
			).data as LogPage
		const confirmed = await get('template=order.confirmed')
		expect(confirmed.items.map((item) => item.to).sort()).toEqual(['m@example.test', 'n@example.test'])
		const onlyFailed = await get('template=order.confirmed&status=failed')
		expect(onlyFailed.items.map((item) => item.to)).toEqual(['m@example.test'])
		expect(onlyFailed.totalCount).toBe(1)
		const detail = await callRoute(detailLoader as never, {
			path: `/en/admin/backgroundTaskExecutions/emails/${failed}`,
			cookie,
			params: { emailId: failed },
			middleware: adminArea,
		})
		expect(detail.data).toMatchObject({
			email: {
				to: 'm@example.test',
				text: 'Text for m@example.test',
				error: '550 mailbox unavailable',
				status: 'failed',
			},
		})
	})

	test('resend queues one copy per form, also when the form is sent twice', async () => {
		const { user, cookie } = await createLoggedInUser({ role: 'Admin' })
		const original = queue('p@example.test', 'order.confirmed', 'Nochmal')
		const copies = () =>
			db()
				.select()
				.from(emailOutbox)
				.where(eq(emailOutbox.to, 'p@example.test'))
				.orderBy(desc(emailOutbox.createdAt))
				.all()
		const resend = (resendKey: string) =>
			callRoute(detailAction as never, {
				path: `/en/admin/backgroundTaskExecutions/emails/${original}`,
				method: 'POST',
				cookie,
				params: { emailId: original },
				form: { resendKey },
				middleware: adminArea,
			})
		const key = 'resendkey-aaaaaaaaaaaa'
		const [first, second] = await Promise.all([resend(key), resend(key)])
		expect(first.status).toBe(302)
		expect(second.status).toBe(302)
		expect(copies()).toHaveLength(2)
		const copy = copies().find((row) => row.id !== original)!
		expect(copy).toMatchObject({ subject: 'Nochmal', template: 'order.confirmed', status: 'stored' })
		expect(first.location).toContain(`/admin/backgroundTaskExecutions/emails/${copy.id}`)
		expect(second.location).toBe(first.location)
		const audit = db()
			.select()
			.from(adminAuditLog)
			.where(inArray(adminAuditLog.entityId, [original]))
			.all()
		expect(audit).toMatchObject([{ action: 'email.resend', adminUserId: user.id }])
		// A new form (a new key) is a new resend.
		await resend('resendkey-bbbbbbbbbbbb')
		expect(copies()).toHaveLength(3)
		// A broken key changes nothing.
		const bad = await resend('x')
		expect(bad.status).toBe(302)
		expect(copies()).toHaveLength(3)
	})
})
