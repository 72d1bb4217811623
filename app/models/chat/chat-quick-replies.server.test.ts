import { eq } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { users } from '#db/schema/users.ts'
import { createTemplateText } from '#app/models/host-office/template-texts.server.ts'
import { getDb } from '#app/utils/db.server.ts'
import { bookingFixture, daysAhead, hourlySlot, placeOrder } from '#tests/helpers/booking.ts'
import { quickRepliesFor } from './chat-quick-replies.server.ts'

test('the host’s own quick reply in the guest’s language first, filled from the pair’s newest order', async () => {
	const fixture = await bookingFixture()
	getDb()
		.update(users)
		.set({ langPreference: 'en', firstName: 'Alex' })
		.where(eq(users.id, fixture.guest.id))
		.run()
	const order = placeOrder(fixture, hourlySlot(daysAhead(9), 10), { now: Date.now() - 60_000 })
	createTemplateText(
		{ id: fixture.host.id, role: 'Owner' },
		{
			type: 'ChatQuickReply',
			locale: 'en',
			subject: 'Re {{orderCode}}',
			body: 'Hi {{guestName}}, see you at {{playroomName}} ({{orderCode}})!',
		},
	)
	const replies = quickRepliesFor(fixture.host.id, fixture.guest.id)
	expect(replies.map((reply) => reply.locale)).toEqual(['en', 'de'])
	expect(replies[0]?.body).toBe(`Hi Alex, see you at ${fixture.playroom.input.name} (${order.code})!`)
	// No German text of the host's own: the platform's, with the host's name filled in.
	expect(replies[1]?.body).toContain(fixture.host.displayName)
	expect(replies[1]?.body).not.toContain('{{')
})
