import { and, eq, lte } from 'drizzle-orm'
import { orders } from '#db/schema/orders.ts'
import { completeOrder, expireOrder } from '#app/models/booking/order-transitions.server.ts'
import { expireOpenCardSessions } from '#app/models/booking/payments.server.ts'
import { noticeExpiringRequests } from '#app/models/notifications/order-notices.server.ts'
import { getDb } from '#app/utils/db.server.ts'
import type { TaskDefinition } from '#app/utils/scheduler.server.ts'

/**
 * The order lifecycle tasks (PRODUCT.md §3 status table): requests nobody
 * answered within 24 h and orders not paid by their deadline (card 30 min,
 * bank transfer 3 days) expire; confirmed stays complete after check-out.
 * Candidates are found with the status+deadline indexes; each order then
 * moves in its own IMMEDIATE transaction that checks again under the lock.
 */
const BATCH = 500

export function dueForExpiry(now: Date) {
	const db = getDb()
	const requests = db
		.select({ id: orders.id })
		.from(orders)
		.where(and(eq(orders.status, 'Requested'), lte(orders.responseDeadline, now)))
		.limit(BATCH)
		.all()
	const unpaid = db
		.select({ id: orders.id, paymentMethod: orders.paymentMethod })
		.from(orders)
		.where(and(eq(orders.status, 'AwaitingPayment'), lte(orders.paymentDeadline, now)))
		.limit(BATCH)
		.all()
	return { requests, unpaid }
}

export const orderExpiryTask: TaskDefinition = {
	name: 'order-expiry',
	schedule: '*/5 * * * *',
	run: async ({ now }) => {
		const { requests, unpaid } = dueForExpiry(now)
		noticeExpiringRequests(now) // the host's "about to expire" notice, once per request
		let expired = 0
		for (const { id } of requests) if (expireOrder(id, { now: now.getTime() })) expired++
		for (const { id, paymentMethod } of unpaid) {
			if (!expireOrder(id, { now: now.getTime() })) continue
			expired++
			if (paymentMethod === 'Card') await expireOpenCardSessions(id)
		}
		return { itemsProcessed: expired }
	},
}

export const orderCompletionTask: TaskDefinition = {
	name: 'order-completion',
	schedule: '7,37 * * * *',
	run: ({ now }) => {
		const due = getDb()
			.select({ id: orders.id })
			.from(orders)
			.where(and(eq(orders.status, 'Confirmed'), lte(orders.checkOut, now)))
			.limit(BATCH)
			.all()
		let completed = 0
		for (const { id } of due) if (completeOrder(id, { now: now.getTime() })) completed++
		return { itemsProcessed: completed }
	},
}
