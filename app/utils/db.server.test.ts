import { sql } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { platformSettings } from '#db/schema/platform.ts'
import { getDb, immediateTransaction, isUniqueConstraintError, sqliteErrorCode } from './db.server.ts'

describe('database', () => {
	test('every connection runs with WAL, NORMAL sync, foreign keys and a busy timeout', () => {
		const client = getDb().$client
		expect(client.pragma('journal_mode', { simple: true })).toBe('wal')
		expect(client.pragma('synchronous', { simple: true })).toBe(1)
		expect(client.pragma('foreign_keys', { simple: true })).toBe(1)
		expect(client.pragma('busy_timeout', { simple: true })).toBe(5000)
	})

	test('migrations created the foundation tables', () => {
		const tables = getDb()
			.all<{ name: string }>(sql`SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`)
			.map((row) => row.name)
		expect(tables).toEqual(
			expect.arrayContaining([
				'users',
				'sessions',
				'user_tokens',
				'platform_settings',
				'email_outbox',
				'background_task_executions',
				'task_leases',
			]),
		)
	})

	test('foreign keys are enforced', () => {
		let caught: unknown
		try {
			getDb().run(
				sql`INSERT INTO sessions (id, user_id, created_at, expires_at) VALUES ('x', 'nobody', 0, 0)`,
			)
		} catch (error) {
			caught = error
		}
		expect(sqliteErrorCode(caught)).toBe('SQLITE_CONSTRAINT_FOREIGNKEY')
	})

	test('unique violations are recognisable behind drizzle’s wrapper', () => {
		getDb().insert(platformSettings).values({ key: 'k', value: 1 }).run()
		let caught: unknown
		try {
			getDb().insert(platformSettings).values({ key: 'k', value: 2 }).run()
		} catch (error) {
			caught = error
		}
		expect(isUniqueConstraintError(caught)).toBe(true)
		expect(isUniqueConstraintError(new Error('other'))).toBe(false)
	})

	test('an immediate transaction rolls back completely when it throws', () => {
		expect(() =>
			immediateTransaction((tx) => {
				tx.insert(platformSettings).values({ key: 'a', value: 1 }).run()
				throw new Error('boom')
			}),
		).toThrow('boom')
		expect(
			getDb()
				.select()
				.from(platformSettings)
				.where(sql`key = 'a'`)
				.all(),
		).toEqual([])
	})

	test('an immediate transaction refuses async work', () => {
		expect(() =>
			immediateTransaction((async () => {
				await Promise.resolve()
			}) as never),
		).toThrow(/promise/i)
	})
})
