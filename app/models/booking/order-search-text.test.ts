import { eq } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { orders, orderSearchText } from '#db/schema/orders.ts'
import { getDb } from '#app/utils/db.server.ts'
import { createTestOrder, createTestPlayroom } from '#tests/helpers/catalogue.ts'

/** ADR 0107: the triggers of migration 0008 and orderSearchText (the booking path) write the same text. */
async function newOrder() {
	const playroom = await createTestPlayroom({})
	return createTestOrder({
		playroomId: playroom.id,
		hostId: playroom.hostId,
		checkIn: new Date('2026-07-01T08:00:00Z'),
		checkOut: new Date('2026-07-01T10:00:00Z'),
	})
}

const stored = (id: string) =>
	getDb().select({ text: orders.searchText }).from(orders).where(eq(orders.id, id)).get()?.text

test('an insert without the text gets it from the trigger, equal to orderSearchText; a change of contact updates it', async () => {
	const order = await newOrder()
	const row = getDb().select().from(orders).where(eq(orders.id, order.id)).get()
	if (!row) throw new Error('no order')
	expect(stored(order.id)).toBe(orderSearchText(row.code, row.contact))
	expect(stored(order.id)).toBe(
		`${row.code.toLowerCase()}\u001fgabi geheim\u001f${row.contact.email.toLowerCase()}`,
	)

	const contact = { ...row.contact, firstName: 'ÖZLEM', lastName: 'Äpfel-Ümit', email: 'OEZ@Example.TEST' }
	getDb().update(orders).set({ contact }).where(eq(orders.id, order.id)).run()
	// SQLite's lower() folds ASCII only; orderSearchText does the same.
	expect(stored(order.id)).toBe(`${row.code.toLowerCase()}\u001fÖzlem Äpfel-Ümit\u001foez@example.test`)
	expect(stored(order.id)).toBe(orderSearchText(row.code, contact))
})

test('a wrong text passed on insert is corrected by the trigger', async () => {
	const order = await newOrder()
	getDb().update(orders).set({ code: 'SZ-ZZZZZZ' }).where(eq(orders.id, order.id)).run()
	expect(stored(order.id)?.startsWith('sz-zzzzzz\u001f')).toBe(true)
	const row = getDb().select().from(orders).where(eq(orders.id, order.id)).get()
	if (!row) throw new Error('no order')
	getDb().delete(orders).where(eq(orders.id, order.id)).run()
	const { searchText: _ignored, ...rest } = row
	getDb()
		.insert(orders)
		.values({ ...rest, searchText: 'wrong' })
		.run()
	expect(stored(order.id)).toBe(orderSearchText(row.code, row.contact))
})
