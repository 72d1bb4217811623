import Database from 'better-sqlite3'
import { eq, sql } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { playrooms } from '#db/schema/catalogue.ts'
import { createTestPlayroom } from '#tests/helpers/catalogue.ts'
import { loadCards } from '#app/models/catalogue/playroom-cards.server.ts'
import { getDb } from './db.server.ts'
import { cachedRead } from './read-cache.server.ts'

function counter() {
	let reads = 0
	const read = () => {
		reads++
		return getDb().get<{ name: string }>(sql`SELECT name FROM playrooms ORDER BY id LIMIT 1`)?.name
	}
	return { read, reads: () => reads }
}

describe('cachedRead (ADR 0121)', () => {
	test('serves a read again until this connection writes', async () => {
		await createTestPlayroom({ name: 'Cache A' })
		const { read, reads } = counter()
		const first = cachedRead(getDb(), 'test:a', read)
		expect(cachedRead(getDb(), 'test:a', read)).toBe(first)
		expect(reads()).toBe(1)
		getDb().run(sql`UPDATE playrooms SET updated_at = updated_at`)
		cachedRead(getDb(), 'test:a', read)
		expect(reads()).toBe(2)
	})

	test('reads again after another connection commits', async () => {
		const room = await createTestPlayroom({ name: 'Cache B' })
		const key = `test:b:${room.id}`
		const name = () =>
			cachedRead(
				getDb(),
				key,
				() => getDb().select().from(playrooms).where(eq(playrooms.id, room.id)).get()?.name,
			)
		expect(name()).toBe('Cache B')
		const other = new Database(process.env.DATABASE_PATH)
		try {
			other.prepare('UPDATE playrooms SET name = ? WHERE id = ?').run('Cache B2', room.id)
		} finally {
			other.close()
		}
		expect(name()).toBe('Cache B2')
	})

	test('inside a transaction nothing is served or kept; a rolled-back write never shows', async () => {
		const room = await createTestPlayroom({ name: 'Cache C' })
		const key = `test:c:${room.id}`
		const read = () => getDb().select().from(playrooms).where(eq(playrooms.id, room.id)).get()?.name
		expect(cachedRead(getDb(), key, read)).toBe('Cache C')
		expect(() =>
			getDb().transaction((tx) => {
				tx.update(playrooms).set({ name: 'Cache C (draft)' }).where(eq(playrooms.id, room.id)).run()
				expect(cachedRead(tx, key, read)).toBe('Cache C (draft)')
				throw new Error('roll back')
			}),
		).toThrow('roll back')
		expect(cachedRead(getDb(), key, read)).toBe('Cache C')
	})

	test('playroom cards show a change of their playroom at once', async () => {
		const room = await createTestPlayroom({ name: 'Karte Alt' })
		expect(loadCards([room.id], 'de')[0]?.name).toBe('Karte Alt')
		expect(loadCards([room.id], 'de')[0]?.name).toBe('Karte Alt')
		getDb().update(playrooms).set({ name: 'Karte Neu' }).where(eq(playrooms.id, room.id)).run()
		expect(loadCards([room.id], 'de')[0]?.name).toBe('Karte Neu')
		expect(loadCards([room.id], 'en')[0]?.name).toBe('Karte Neu')
	})
})
