import { and, asc, eq } from 'drizzle-orm'
import { orders } from '#db/schema/orders.ts'
import { users } from '#db/schema/users.ts'
import { writeChatSystemLine } from '#app/models/chat/chat-system-lines.server.ts'
import { sendChatMessage } from '#app/models/chat/chat.server.ts'
import { immediateTransaction } from '#app/utils/db.server.ts'
import type { SeedContext, SeedStep } from './types.ts'

const MINUTE = 60_000

function userId(ctx: SeedContext, email: string) {
	return ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email)).get()?.id
}

/**
 * Demo chat (issue 32, docs/subsystems/chat.md): a thread between the demo guest and the demo
 * host with an order chip, a system line and a message unread by the host, and a question to a
 * second host whose answer the guest has not read, so /guest/chatMessages and
 * /host/chatMessages have something to show.
 */
export const chatSeedStep: SeedStep = {
	name: 'chat',
	run: (ctx) => {
		const guestId = userId(ctx, 'guest@example.com')
		const hostId = userId(ctx, 'host@example.com')
		if (!guestId || !hostId) return
		const order = ctx.db
			.select({ id: orders.id })
			.from(orders)
			.where(and(eq(orders.guestId, guestId), eq(orders.hostId, hostId)))
			.orderBy(asc(orders.checkIn))
			.get()
		const guest = { id: guestId, role: 'Customer' as const }
		const host = { id: hostId, role: 'Owner' as const }
		const at = (minutesAgo: number) => ({ now: ctx.now.getTime() - minutesAgo * MINUTE })
		const first = sendChatMessage(
			host,
			{
				guestId,
				body: 'Hallo! Schön, dass ihr bei uns feiern wollt. Habt ihr noch Fragen?',
				clientMessageId: 'seed-chat-0001',
			},
			at(180),
		).threadId
		sendChatMessage(
			guest,
			{
				threadId: first,
				body: 'Danke! Dürfen wir einen Kuchen mitbringen und gibt es einen Kühlschrank?',
				clientMessageId: 'seed-chat-0002',
				orderId: order?.id,
			},
			at(120),
		)
		if (order) {
			immediateTransaction((tx) =>
				writeChatSystemLine(tx, { orderId: order.id, event: 'RequestSent', now: new Date(at(110).now) }),
			)
		}
		sendChatMessage(
			host,
			{
				threadId: first,
				body: 'Ja, sehr gern – der Kühlschrank steht in der Küche.',
				clientMessageId: 'seed-chat-0003',
			},
			at(60),
		)
		sendChatMessage(
			guest,
			{ threadId: first, body: 'Super, dann bis bald!', clientMessageId: 'seed-chat-0004' },
			at(20),
		)
		// A question to another host before booking, answered: unread for the demo guest.
		const otherHostId = userId(ctx, 'host2@example.com')
		if (otherHostId) {
			const asked = sendChatMessage(
				guest,
				{
					hostId: otherHostId,
					body: 'Hallo, ist euer Raum auch für Einjährige geeignet?',
					clientMessageId: 'seed-chat-0005',
				},
				at(90),
			).threadId
			sendChatMessage(
				{ id: otherHostId, role: 'Owner' },
				{
					threadId: asked,
					body: 'Ja, wir haben eine Krabbelecke mit weichen Matten.',
					clientMessageId: 'seed-chat-0006',
				},
				at(30),
			)
		}
		ctx.log(otherHostId ? '2 threads' : '1 thread')
	},
}
