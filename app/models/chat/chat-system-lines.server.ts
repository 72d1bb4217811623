import { eq } from 'drizzle-orm'
import { chatMessages, conversations, type ChatSystemEvent } from '#db/schema/conversations.ts'
import { orders } from '#db/schema/orders.ts'
import type { Transaction } from '#app/utils/db.server.ts'
import { findOrCreateGuestHostThread } from './chat.server.ts'

/**
 * Booking events as system lines of the guest–host thread (issue 32, ADR 0159): what the booking
 * code and the tasks call, one line each, inside their own transactions.
 */

/**
 * A booking event as a system line in the pair's thread, inside the caller's transaction
 * (the order transitions, payments, the arrival-instructions task). Idempotent by the unique
 * index (thread, event, order): a retried event writes one line.
 */
export function writeChatSystemLine(
	tx: Transaction,
	{ orderId, event, now }: { orderId: string; event: ChatSystemEvent; now?: Date },
) {
	const order = tx
		.select({ guestId: orders.guestId, hostId: orders.hostId })
		.from(orders)
		.where(eq(orders.id, orderId))
		.get()
	if (!order || order.guestId === order.hostId) return
	const thread = findOrCreateGuestHostThread(tx, order.guestId, order.hostId)
	const at = now ?? new Date()
	const inserted = tx
		.insert(chatMessages)
		.values({ conversationId: thread.id, authorRole: 'System', systemEvent: event, orderId, createdAt: at })
		.onConflictDoNothing()
		.returning({ id: chatMessages.id })
		.get()
	if (!inserted) return
	tx.update(conversations)
		.set({ lastMessageId: inserted.id, lastMessageAt: at, updatedAt: at })
		.where(eq(conversations.id, thread.id))
		.run()
}

/** The system line an order status change writes, if any (one call in transitionOrder). */
export function chatSystemEventOfTransition(from: string, to: string): ChatSystemEvent | null {
	if (to === 'Cancelled') return 'OrderCancelled'
	if (from === 'Requested' && (to === 'AwaitingPayment' || to === 'Confirmed')) return 'RequestAccepted'
	if (from === 'AwaitingPayment' && to === 'Confirmed') return 'PaymentReceived'
	return null
}

/** Every status transition of an order (accepted, paid, cancelled) as its system line. */
export function writeChatSystemLineOfTransition(
	tx: Transaction,
	orderId: string,
	from: string,
	to: string,
	now: Date,
) {
	const event = chatSystemEventOfTransition(from, to)
	if (event) writeChatSystemLine(tx, { orderId, event, now })
}
