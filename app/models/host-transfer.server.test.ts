import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { orders } from '#db/schema/orders.ts'
import { users } from '#db/schema/users.ts'
import { AppError } from '#app/utils/app-error.ts'
import { getDb } from '#app/utils/db.server.ts'
import { callApi } from '#tests/helpers/api.ts'
import {
	bookingFixture,
	daysAhead,
	hourlySlot,
	ledgerOf,
	orderRow,
	placeOrder,
	unbalancedJournals,
} from '#tests/helpers/booking.ts'
import { createTestOrder, createTestPlayroom } from '#tests/helpers/catalogue.ts'
import { createLoggedInUser, createTestUser } from '#tests/helpers/users.ts'
import { action as adminUserAction } from '#app/routes/api/admin-user.ts'
import { listAuditEntries } from './audit-log.server.ts'
import { listHostPlayrooms } from './host-playrooms.server.ts'
import { convertHost } from './host-transfer.server.ts'
import { completeOrder } from './orders.server.ts'
import { recordBankTransfer } from './payments.server.ts'
import { requireManageablePlayroom } from './playroom-access.server.ts'

/**
 * ConvertToGutshof / ConvertOrdersToGutshof (spec §7, ADR 0099) through the
 * admin API: playrooms and their future orders move to the new host, past
 * and cancelled orders stay, the audit log keeps the previous host, and bad
 * input is a 400 envelope that changes nothing.
 */
const DAY = 86_400_000
const api = (endpoint: string, token: string, json: unknown) =>
	callApi(adminUserAction as never, 'Admin/User', endpoint, { token, json, language: 'en' })

const hostOf = (orderId: string) => getDb().select().from(orders).where(eq(orders.id, orderId)).get()?.hostId

async function venue() {
	const room = await createTestPlayroom()
	const other = await createTestPlayroom({ hostId: room.hostId })
	const at = (days: number) => ({
		checkIn: new Date(Date.now() + days * DAY),
		checkOut: new Date(Date.now() + days * DAY + 2 * 3_600_000),
	})
	const base = { playroomId: room.id, hostId: room.hostId }
	const future = await createTestOrder({ ...base, ...at(10), status: 'Confirmed' })
	const requested = await createTestOrder({ ...base, ...at(12), status: 'Requested' })
	const past = await createTestOrder({ ...base, ...at(-10), status: 'Completed' })
	const cancelled = await createTestOrder({ ...base, ...at(14), status: 'Cancelled' })
	const target = await createTestUser({ role: 'Owner' })
	return { room, other, future, requested, past, cancelled, sourceId: room.hostId, target }
}

describe('ConvertToGutshof and ConvertOrdersToGutshof', () => {
	test('the chosen playroom and its future orders move; past and cancelled orders and the other playroom stay', async () => {
		const { token, user: admin } = await createLoggedInUser({ role: 'Admin' })
		const v = await venue()
		const input = { sourceUserId: v.sourceId, targetUserId: v.target.id, playroomIds: [v.room.id] }

		const moved = await api('ConvertToGutshof', token, input)
		expect(moved.status).toBe(200)
		expect(moved.value).toEqual({ playroomIds: [v.room.id] })
		const movedOrders = await api('ConvertOrdersToGutshof', token, input)
		expect(movedOrders.status).toBe(200)
		expect(new Set((movedOrders.value as { orderIds: string[] }).orderIds)).toEqual(
			new Set([v.future.id, v.requested.id]),
		)

		expect(hostOf(v.future.id)).toBe(v.target.id)
		expect(hostOf(v.requested.id)).toBe(v.target.id)
		expect(hostOf(v.past.id)).toBe(v.sourceId)
		expect(hostOf(v.cancelled.id)).toBe(v.sourceId)

		// The old host no longer manages the playroom (404); the new one does; the other playroom stays.
		const oldHost = { id: v.sourceId, role: 'Owner' as const }
		const newHost = { id: v.target.id, role: 'Owner' as const }
		expect(() => requireManageablePlayroom(oldHost, v.room.id)).toThrow(AppError)
		expect(requireManageablePlayroom(newHost, v.room.id).id).toBe(v.room.id)
		expect(requireManageablePlayroom(oldHost, v.other.id).id).toBe(v.other.id)
		expect(listHostPlayrooms(newHost.id, 'en').map((room) => room.id)).toEqual([v.room.id])

		// The history keeps the previous host: on the playroom, on the moved order, on both hosts.
		const hostChange = { field: 'hostId', before: v.sourceId, after: v.target.id, secret: false }
		expect(listAuditEntries('playroom', v.room.id)).toMatchObject([
			{ action: 'playroom.convertToGutshof', admin: { id: admin.id }, changes: [hostChange] },
		])
		expect(listAuditEntries('order', v.future.id)).toMatchObject([
			{ action: 'order.convertToGutshof', changes: [hostChange] },
		])
		expect(listAuditEntries('order', v.past.id)).toEqual([])
		for (const hostId of [v.sourceId, v.target.id]) {
			expect(listAuditEntries('user', hostId)[0]).toMatchObject({ action: 'user.convertToGutshof' })
		}

		// Again: the playroom is no longer the source host's — refused, nothing written.
		const again = await api('ConvertToGutshof', token, input)
		expect(again.status).toBe(400)
		expect(again.error?.message).toBe('A chosen playroom does not belong to this host.')
		expect(listAuditEntries('playroom', v.room.id)).toHaveLength(1)
	})

	test('without playroomIds every playroom of the host moves', async () => {
		const { token } = await createLoggedInUser({ role: 'Admin' })
		const v = await venue()
		const moved = await api('ConvertToGutshof', token, {
			sourceUserId: v.sourceId,
			targetUserId: v.target.id,
		})
		expect(new Set((moved.value as { playroomIds: string[] }).playroomIds)).toEqual(
			new Set([v.room.id, v.other.id]),
		)
		const movedOrders = await api('ConvertOrdersToGutshof', token, {
			sourceUserId: v.sourceId,
			targetUserId: v.target.id,
		})
		expect((movedOrders.value as { orderIds: string[] }).orderIds).toHaveLength(2)
	})

	test('bad input is a translated 400 envelope and changes nothing; guests and hosts get 403', async () => {
		const { token } = await createLoggedInUser({ role: 'Admin' })
		const v = await venue()
		const guest = await createTestUser({ role: 'Customer' })
		const cases: [unknown, string][] = [
			[{ sourceUserId: v.sourceId, targetUserId: v.sourceId }, 'Source and target account are the same.'],
			[{ sourceUserId: v.sourceId, targetUserId: guest.id }, 'The target account is not an (active) host.'],
			[{ sourceUserId: guest.id, targetUserId: v.target.id }, 'The source account is not a host.'],
			[
				{
					sourceUserId: v.sourceId,
					targetUserId: v.target.id,
					playroomIds: [(await createTestPlayroom()).id],
				},
				'A chosen playroom does not belong to this host.',
			],
		]
		for (const [json, message] of cases) {
			for (const endpoint of ['ConvertToGutshof', 'ConvertOrdersToGutshof']) {
				const answer = await api(endpoint, token, json)
				expect(answer.status).toBe(400)
				expect(answer.body.success).toBe(false)
				if (endpoint === 'ConvertToGutshof' || !message.startsWith('A chosen')) {
					expect(answer.error?.message).toBe(message)
				} else {
					expect(answer.error?.message).toBe('A chosen playroom does not belong to the new host yet.')
				}
			}
		}
		expect((await api('ConvertToGutshof', token, { sourceUserId: 'x', targetUserId: 1 })).status).toBe(400)
		expect(hostOf(v.future.id)).toBe(v.sourceId)
		expect(listAuditEntries('playroom', v.room.id)).toEqual([])
		expect(getDb().select().from(users).where(eq(users.id, v.target.id)).get()?.role).toBe('Owner')

		for (const role of ['Customer', 'Owner'] as const) {
			const other = await createLoggedInUser({ role })
			const answer = await api('ConvertToGutshof', other.token, {
				sourceUserId: v.sourceId,
				targetUserId: v.target.id,
			})
			expect(answer.status).toBe(403)
		}
		expect(hostOf(v.future.id)).toBe(v.sourceId)
	})

	test('a paid future order that moved settles to the new host; the source keeps no host row of it', async () => {
		const { user: admin } = await createLoggedInUser({ role: 'Admin' })
		const fixture = await bookingFixture({ instantBooking: true })
		const order = placeOrder(fixture, hourlySlot(daysAhead(20), 10), { now: Date.now() })
		recordBankTransfer({ orderId: order.id, amount: order.totalAmount }, admin)
		expect(ledgerOf(order.id).filter((row) => row.account === 'HostPayable')).toEqual([])
		const target = await createTestUser({ role: 'Owner' })
		const moved = convertHost(
			admin,
			{ sourceUserId: fixture.host.id, targetUserId: target.id, playroomIds: [fixture.playroom.id] },
			{ withOrders: true },
		)
		expect(moved.orderIds).toEqual([order.id])
		const checkOut = orderRow(order.id)!.checkOut.getTime()
		expect(completeOrder(order.id, { now: checkOut + 60_000 })).toBe(true)
		const hostRows = ledgerOf(order.id).filter((row) => row.account === 'HostPayable')
		expect(hostRows.length).toBeGreaterThan(0)
		expect(hostRows.every((row) => row.hostId === target.id)).toBe(true)
		expect(unbalancedJournals()).toEqual([])
	})
})
