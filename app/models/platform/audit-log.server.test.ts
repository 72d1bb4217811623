import { eq, and, isNull } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { templateTexts } from '#db/schema/access.ts'
import { adminAuditLog } from '#db/schema/audit.ts'
import { importRuns } from '#db/schema/import.ts'
import { ratings } from '#db/schema/orders.ts'
import { importDocumentSchema } from '#app/schemas/admin-import.ts'
import { isAppError } from '#app/utils/app-error.ts'
import { getDb, immediateTransaction } from '#app/utils/db.server.ts'
import { bookingFixture, daysAhead, hourlySlot, placeOrder } from '#tests/helpers/booking.ts'
import { createTestOrder, createTestPlayroom } from '#tests/helpers/catalogue.ts'
import { generateImportExport } from '#tests/helpers/import-fixture.ts'
import { createRecordingHub } from '#tests/helpers/recording-hub.ts'
import { createLoggedInUser, createTestUser } from '#tests/helpers/users.ts'
import { deleteUserAsAdmin } from '#app/models/accounts/account.server.ts'
import { createImportRun, startImportRun } from '#app/models/admin/admin-import.server.ts'
import { resendConfirmation } from '#app/models/admin/admin-orders.server.ts'
import {
	blockPlayroom,
	playroomBeforeAdminEdit,
	recordAdminPlayroomEdit,
	unblockPlayroom,
} from '#app/models/admin/admin-playrooms.server.ts'
import { setRatingHidden } from '#app/models/admin/admin-ratings.server.ts'
import { runTaskNow } from '#app/models/admin/admin-tasks.server.ts'
import { listAuditEntries, recordAdminAudit, type AuditEntityType } from './audit-log.server.ts'
import { recordControlTransaction } from '#app/models/booking/control-transactions.server.ts'
import { confirmEmailAsAdmin, setPasswordAsAdmin } from '#app/models/accounts/credentials.server.ts'
import { startImpersonation } from '#app/models/accounts/impersonation.server.ts'
import { createSession, findActiveSession } from '#app/models/accounts/session.server.ts'
import { acceptOrder, cancelOrder } from '#app/models/booking/order-transitions.server.ts'
import { recordBankTransfer } from '#app/models/booking/payments.server.ts'
import { ensurePlatformTemplates, updateTemplateText } from '#app/models/host-office/template-texts.server.ts'

/**
 * The audit log of admin writes (issue 14, ADR 0098): every admin write
 * leaves one entry with the changed fields before → after, inside the write's
 * transaction — a refused or rolled-back write leaves none.
 */
const entries = (type: AuditEntityType, id: string) => listAuditEntries(type, id)

async function refused(work: () => unknown) {
	try {
		await work()
	} catch (error) {
		expect(isAppError(error)).toBe(true)
		return
	}
	throw new Error('the write was not refused')
}

async function adminUser() {
	return createTestUser({ role: 'Admin', displayName: `Admin ${Math.random().toString(36).slice(2, 8)}` })
}

async function awaitingOrder() {
	const fixture = await bookingFixture({ instantBooking: true })
	const order = placeOrder(fixture, hourlySlot(daysAhead(20), 10), { now: Date.now() })
	expect(order.status).toBe('AwaitingPayment')
	return { fixture, order }
}

describe('recordAdminAudit', () => {
	test('runs in the caller’s transaction: a rolled-back write leaves no entry', async () => {
		const admin = await adminUser()
		const entityId = `rollback-${Math.random()}`
		expect(() =>
			immediateTransaction((tx) => {
				recordAdminAudit(tx, { admin, action: 'order.cancel', entityType: 'order', entityId })
				throw new Error('the write failed')
			}),
		).toThrow('the write failed')
		expect(entries('order', entityId)).toEqual([])
		immediateTransaction((tx) =>
			recordAdminAudit(tx, { admin, action: 'order.cancel', entityType: 'order', entityId, reason: ' x ' }),
		)
		expect(entries('order', entityId)).toMatchObject([
			{ action: 'order.cancel', admin: { id: admin.id, name: admin.displayName }, reason: 'x', changes: [] },
		])
	})
})

describe('orders and payments', () => {
	test('bank transfer, resend, cancel: each an entry with before → after; refused ones none', async () => {
		const admin = await adminUser()
		const { order, fixture } = await awaitingOrder()
		recordBankTransfer({ orderId: order.id, amount: order.totalAmount, note: 'Kontoauszug 7' }, admin)
		const [transfer] = entries('order', order.id)
		expect(transfer).toMatchObject({ action: 'order.recordBankTransfer', reason: 'Kontoauszug 7' })
		expect(transfer?.changes).toEqual(
			expect.arrayContaining([
				{ field: 'status', before: 'AwaitingPayment', after: 'Confirmed', secret: false },
				{ field: 'paymentStatus', before: 'Unpaid', after: 'Paid', secret: false },
			]),
		)
		expect(transfer?.changes.find((change) => change.field === 'payment')?.after).toMatchObject({
			amount: order.totalAmount,
		})

		expect(resendConfirmation(admin, order.id)).toBe(fixture.guest.email)
		expect(entries('order', order.id)[0]).toMatchObject({
			action: 'order.resendConfirmation',
			changes: [{ field: 'sentTo', after: fixture.guest.email }],
		})

		cancelOrder(order.id, admin, 'Ort geschlossen')
		const [cancel] = entries('order', order.id)
		expect(cancel).toMatchObject({ action: 'order.cancel', reason: 'Ort geschlossen' })
		expect(cancel?.changes).toContainEqual({
			field: 'status',
			before: 'Confirmed',
			after: 'Cancelled',
			secret: false,
		})
		expect(entries('order', order.id)).toHaveLength(3)

		// Refused: a second cancel, a transfer on a cancelled order, resending for a cancelled one.
		await refused(() => cancelOrder(order.id, admin, 'noch mal'))
		await refused(() => recordBankTransfer({ orderId: order.id, amount: 100 }, admin))
		await refused(() => resendConfirmation(admin, order.id))
		expect(entries('order', order.id)).toHaveLength(3)
	})

	test('a guest’s own cancel is no admin write; an unmatched transfer is audited on the payment', async () => {
		const { order, fixture } = await awaitingOrder()
		cancelOrder(order.id, { id: fixture.guest.id, role: 'Customer' }, null)
		expect(entries('order', order.id)).toEqual([])

		const admin = await adminUser()
		const reference = `Miete ${Math.random().toString(36).slice(2, 8)}`
		const result = recordControlTransaction({ amount: 4_200, bookingDate: '2026-06-02', reference }, admin)
		if (result.outcome !== 'unmatched') throw new Error('expected unmatched')
		expect(entries('paymentTransaction', result.paymentId)).toMatchObject([
			{
				action: 'payment.recordUnmatched',
				changes: [
					{ field: 'amount', before: null, after: 4_200 },
					{ field: 'reference', before: null, after: reference },
				],
			},
		])
	})
})

describe('actions taken while an admin acts as a user (issue 31.13)', () => {
	test('the host’s accept and cancel in an impersonated session are "admin X as host Y"', async () => {
		const fixture = await bookingFixture({ instantBooking: false })
		const order = placeOrder(fixture, hourlySlot(daysAhead(20), 10), { now: Date.now() })
		expect(order.status).toBe('Requested')
		const admin = await adminUser()
		const session = createSession({
			userId: fixture.host.id,
			persistent: false,
			impersonatorUserId: admin.id,
		})
		const host = findActiveSession(session.token)?.user
		if (!host) throw new Error('no session')
		expect(host.impersonatedBy).toBe(admin.id)

		acceptOrder(order.id, host)
		cancelOrder(order.id, host, 'Wasserschaden')
		const history = entries('order', order.id)
		expect(history).toMatchObject([
			{
				action: 'order.statusChange',
				admin: { id: admin.id, name: admin.displayName },
				impersonated: { id: fixture.host.id, role: 'Owner' },
				reason: 'Wasserschaden',
				changes: expect.arrayContaining([
					{ field: 'status', before: 'AwaitingPayment', after: 'Cancelled', secret: false },
				]),
			},
			{
				action: 'order.statusChange',
				admin: { id: admin.id },
				impersonated: { id: fixture.host.id, name: fixture.host.displayName },
				changes: [{ field: 'status', before: 'Requested', after: 'AwaitingPayment', secret: false }],
			},
		])
	})

	test('the host acting alone leaves no admin entry', async () => {
		const fixture = await bookingFixture({ instantBooking: false })
		const order = placeOrder(fixture, hourlySlot(daysAhead(21), 10), { now: Date.now() })
		acceptOrder(order.id, { id: fixture.host.id, role: 'Owner' })
		expect(entries('order', order.id)).toEqual([])
	})

	test('an editor save in an impersonated host session is recorded as the admin as the host', async () => {
		const admin = await adminUser()
		const playroom = await createTestPlayroom()
		const actor = { id: playroom.hostId, role: 'Owner' as const, impersonatedBy: admin.id }
		const before = playroomBeforeAdminEdit(actor, playroom.id)
		recordAdminPlayroomEdit(actor, playroom.id, 'basic', before)
		expect(entries('playroom', playroom.id)).toMatchObject([
			{ action: 'playroom.editOnBehalf', admin: { id: admin.id }, impersonated: { id: playroom.hostId } },
		])
		await refused(() => playroomBeforeAdminEdit({ id: playroom.hostId, role: 'Owner' }, playroom.id))
	})
})

describe('users', () => {
	test('confirm e-mail, change password (no hash stored), login as, delete; refused ones leave none', async () => {
		const admin = await adminUser()
		const session = await createLoggedInUser({ role: 'Admin' })
		const guest = await createTestUser({ role: 'Customer', emailConfirmedAt: null })

		const now = new Date()
		confirmEmailAsAdmin(admin, guest.id, now)
		confirmEmailAsAdmin(admin, guest.id) // already confirmed: nothing written
		expect(entries('user', guest.id)).toMatchObject([
			{
				action: 'user.confirmEmail',
				changes: [{ field: 'emailConfirmedAt', before: null, after: now.toISOString() }],
			},
		])

		await setPasswordAsAdmin(admin, guest.id, 'Wolkenkratzer-Pinguin-93')
		await refused(() => setPasswordAsAdmin(admin, guest.id, '123'))
		const password = entries('user', guest.id)
		expect(password).toHaveLength(2)
		expect(password[0]).toMatchObject({
			action: 'user.changePassword',
			changes: [{ field: 'password', before: null, after: null, secret: true }],
		})
		const stored = getDb().select().from(adminAuditLog).where(eq(adminAuditLog.entityId, guest.id)).all()
		expect(JSON.stringify(stored)).not.toMatch(/argon|\$2[aby]\$|Wolkenkratzer/)

		const adminSession = findActiveSession(session.token)
		if (!adminSession) throw new Error('no admin session')
		startImpersonation(adminSession, { userId: guest.id })
		expect(entries('user', guest.id)[0]).toMatchObject({
			action: 'user.loginAs',
			admin: { id: session.user.id },
			impersonated: { id: guest.id },
		})
		await refused(() => startImpersonation(adminSession, { userId: admin.id }))
		expect(entries('user', admin.id)).toEqual([])

		const later = new Date(Date.now() + 1_000)
		deleteUserAsAdmin(admin, guest.id, later)
		expect(entries('user', guest.id)[0]).toMatchObject({
			action: 'user.delete',
			changes: [{ field: 'deletedAt', before: null, after: later.toISOString() }],
		})
		expect(entries('user', guest.id)).toHaveLength(4)

		// A host with a future order cannot be deleted: refused, no entry.
		const room = await createTestPlayroom()
		await createTestOrder({
			playroomId: room.id,
			hostId: room.hostId,
			checkIn: new Date(Date.now() + 10 * 86_400_000),
			checkOut: new Date(Date.now() + 10 * 86_400_000 + 7_200_000),
		})
		await refused(() => deleteUserAsAdmin(admin, room.hostId))
		expect(entries('user', room.hostId)).toEqual([])
	})
})

describe('playrooms, ratings, template texts, tasks', () => {
	test('block and unblock with the reason; blocking twice is refused and leaves no entry', async () => {
		const admin = await adminUser()
		const room = await createTestPlayroom()
		blockPlayroom(admin, room.id, 'Beschwerden der Nachbarn')
		await refused(() => blockPlayroom(admin, room.id, 'noch einmal'))
		unblockPlayroom(admin, room.id, 'geklärt')
		await refused(() => unblockPlayroom(admin, room.id, 'noch einmal'))
		expect(entries('playroom', room.id)).toMatchObject([
			{
				action: 'playroom.unblock',
				reason: 'geklärt',
				changes: [
					{ field: 'status', before: 'Blocked', after: 'Paused' },
					{ field: 'blockedReason', before: 'Beschwerden der Nachbarn', after: null },
				],
			},
			{
				action: 'playroom.block',
				reason: 'Beschwerden der Nachbarn',
				changes: [
					{ field: 'status', before: 'Published', after: 'Blocked' },
					{ field: 'blockedReason', before: null, after: 'Beschwerden der Nachbarn' },
				],
			},
		])
	})

	test('hiding a rating; an unknown rating is a 404 without an entry', async () => {
		const admin = await adminUser()
		const fixture = await bookingFixture()
		const order = placeOrder(fixture, hourlySlot(daysAhead(12), 10), { now: Date.now() })
		const ratingId = getDb()
			.insert(ratings)
			.values({
				orderId: order.id,
				playroomId: fixture.playroom.id,
				guestId: fixture.guest.id,
				stars: 1,
				cleanliness: 1,
				communication: 1,
				value: 1,
				comment: 'Werbung',
			})
			.returning()
			.get().id
		// Issue 32: hiding needs a reason from the fixed list (DSA Art. 17).
		setRatingHidden(admin, ratingId, true, 'Werbung', 'Advertising')
		expect(entries('rating', ratingId)).toMatchObject([
			{
				action: 'rating.hide',
				reason: 'Advertising: Werbung',
				changes: [
					{ field: 'hidden', before: false, after: true },
					{ field: 'hiddenReason', before: null, after: 'Werbung' },
					{ field: 'hiddenReasonCode', before: null, after: 'Advertising' },
				],
			},
		])
		await refused(() => setRatingHidden(admin, 'unknownRating0001', true, 'Werbung', 'Advertising'))
		expect(entries('rating', 'unknownRating0001')).toEqual([])
	})

	test('an admin’s template edit is audited; a refused edit is not', async () => {
		const admin = await adminUser()
		ensurePlatformTemplates()
		const row = getDb()
			.select()
			.from(templateTexts)
			.where(
				and(isNull(templateTexts.hostId), eq(templateTexts.type, 'Reminder'), eq(templateTexts.locale, 'en')),
			)
			.get()
		if (!row) throw new Error('no platform template')
		const subject = `Reminder ${Math.random().toString(36).slice(2, 6)}`
		updateTemplateText(admin, row.id, { type: 'Reminder', locale: 'en', subject, body: row.body })
		expect(entries('templateText', row.id)[0]).toMatchObject({
			action: 'templateText.update',
			changes: [{ field: 'subject', before: row.subject, after: subject }],
		})
		const count = entries('templateText', row.id).length
		await refused(() =>
			updateTemplateText(admin, row.id, { type: 'Cancellation', locale: 'en', subject, body: row.body }),
		)
		expect(entries('templateText', row.id)).toHaveLength(count)
	})

	test('run now records the outcome; an unknown task is a 404 without an entry', async () => {
		const admin = await adminUser()
		const { hub } = createRecordingHub()
		const outcome = await runTaskNow(admin, 'email-delivery', { hub })
		const [entry] = entries('task', 'email-delivery').filter((e) => e.admin.id === admin.id)
		expect(entry).toMatchObject({ action: 'task.runNow', changes: [{ field: 'outcome' }] })
		expect(entry?.changes[0]?.after).toMatchObject({ status: outcome.status })
		await refused(() => runTaskNow(admin, 'no-such-task', { hub }))
		expect(entries('task', 'no-such-task')).toEqual([])
	})

	test('an import run: one entry with its counts', async () => {
		const admin = await adminUser()
		const { hub } = createRecordingHub()
		const raw = generateImportExport({
			users: 4,
			playrooms: 1,
			orders: 2,
			hosts: 1,
			prefix: `audit${Date.now()}`,
		})
		const runId = createImportRun({
			adminUserId: admin.id,
			fileName: 'export.json',
			dryRun: false,
			document: importDocumentSchema.parse(raw),
		})
		expect((await startImportRun(runId, hub)).status).toBe('succeeded')
		const [entry] = entries('import', runId)
		expect(entry).toMatchObject({ action: 'import.run', admin: { id: admin.id } })
		const run = getDb().select().from(importRuns).where(eq(importRuns.id, runId)).get()
		expect(run?.report?.counts.playrooms.created).toBe(1)
		expect(entry?.changes.find((change) => change.field === 'counts')?.after).toEqual({
			...run?.report?.counts,
			errors: run?.report?.errors.length,
		})
	})
})
