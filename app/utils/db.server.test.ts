import { eq, sql } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { emailOutbox, platformSettings } from '#db/schema/platform.ts'
import { setSetting } from '#app/models/platform/settings.server.ts'
import {
	getDb,
	immediateTransaction,
	inJsonList,
	isUniqueConstraintError,
	preparedInsert,
	preparedQuery,
	sqliteErrorCode,
} from './db.server.ts'

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

describe('prepared statements and queries (ADR 0046)', () => {
	test('the same SQL gets the same statement back, in its default mode, and a busy one is not shared', () => {
		const client = getDb().$client
		const first = client.prepare('SELECT 1 AS one')
		first.raw(true)
		const second = client.prepare('SELECT 1 AS one')
		expect(second).toBe(first)
		expect(second.get()).toEqual({ one: 1 })
		const rows = client.prepare('SELECT value FROM json_each(?)')
		const iterator = rows.iterate('[1,2,3]')
		iterator.next()
		const other = client.prepare('SELECT value FROM json_each(?)')
		expect(other).not.toBe(rows)
		expect(other.all('[4]')).toEqual([{ value: 4 }])
		iterator.return?.()
	})

	test('a prepared query runs inside the open transaction and is built once per connection', () => {
		let builds = 0
		const byKey = (db: Parameters<typeof preparedQuery>[0]) =>
			preparedQuery(db, 'test.settingByKey', (d) => {
				builds++
				return d
					.select({ key: platformSettings.key })
					.from(platformSettings)
					.where(eq(platformSettings.key, sql.placeholder('key')))
					.prepare()
			})
		expect(
			(() => {
				try {
					return immediateTransaction((tx) => {
						setSetting('commissionPercent', 12, tx)
						expect(byKey(tx).get({ key: 'commissionPercent' })).toEqual({ key: 'commissionPercent' })
						throw new Error('roll back')
					})
				} catch {
					return 'rolled back'
				}
			})(),
		).toBe('rolled back')
		expect(byKey(getDb()).get({ key: 'commissionPercent' })).toBeUndefined()
		expect(builds).toBe(1)
	})

	test('a prepared query with a JSON list placeholder takes lists of any length', () => {
		getDb()
			.insert(platformSettings)
			.values(['list.a', 'list.b', 'list.c'].map((key) => ({ key, value: 1 })))
			.run()
		const byKeys = preparedQuery(getDb(), 'test.settingsByKeys', (d) =>
			d
				.select({ key: platformSettings.key })
				.from(platformSettings)
				.where(inJsonList(platformSettings.key, 'keys'))
				.orderBy(platformSettings.key)
				.prepare(),
		)
		const keys = (list: string[]) => byKeys.all({ keys: JSON.stringify(list) }).map((row) => row.key)
		expect(keys(['list.c', 'list.a', 'nope'])).toEqual(['list.a', 'list.c'])
		expect(keys(['list.a', 'list.b', 'list.c'])).toEqual(['list.a', 'list.b', 'list.c'])
		expect(keys([])).toEqual([])
	})

	test('a prepared insert fills defaults per row and encodes JSON, dates and null like drizzle', () => {
		const insert = preparedInsert(getDb(), emailOutbox, 'test.outbox')
		const at = new Date('2026-06-01T08:00:00Z')
		const a = insert.get({
			to: 'a@example.test',
			from: 'x',
			subject: 's',
			text: 't',
			html: 'h',
			sentAt: null,
			template: 't',
			locale: 'de',
			createdAt: at,
		})
		const b = insert.get({
			to: 'b@example.test',
			from: 'x',
			subject: 's',
			text: 't',
			template: 't',
			locale: 'en',
			html: 'h',
			attachments: [{ filename: 'f.ics', contentType: 'text/calendar', content: 'QQ==' }],
		})
		expect(a.id).not.toBe(b.id)
		expect(a.id).toMatch(/^[A-Za-z0-9_-]{16}$/)
		expect(a).toMatchObject({ createdAt: at, attachments: [], sentAt: null, error: null, status: 'stored' })
		expect(b.attachments).toEqual([{ filename: 'f.ics', contentType: 'text/calendar', content: 'QQ==' }])
		const raw = getDb()
			.$client.prepare('SELECT attachments, created_at FROM email_outbox WHERE id = ?')
			.get(a.id)
		expect(raw).toEqual({ attachments: '[]', created_at: at.getTime() })
	})
})
