import { count } from 'drizzle-orm'
import { describe, expect, test, vi } from 'vitest'
import { emailOutbox } from '#db/schema/platform.ts'
import { userTokens } from '#db/schema/users.ts'
import { callApi } from '#tests/helpers/api.ts'
import { createTestUser } from '#tests/helpers/users.ts'
import { getDb } from '#app/utils/db.server.ts'
import { settleDetached } from '#app/utils/detached.server.ts'
import { listOutbox } from '#app/utils/email.server.ts'
import { action as authAction } from './auth.ts'

/**
 * Issue 10 defect 8: forgotPassword (and ResendConfirmation) answered ~0.8 ms
 * later for existing addresses. A structural check instead of a timing one:
 * the answer is produced without reading the users table or writing anything
 * — known and unknown addresses run the same statements until the response is
 * out; the lookup, token and e-mail happen afterwards in one detached job.
 */
const jobs: (() => unknown)[] = []
vi.mock('#app/utils/detached.server.ts', () => ({
	runDetached: vi.fn((_name: string, job: () => unknown) => void jobs.push(job)),
	settleDetached: async () => {
		while (jobs.length) await jobs.shift()?.()
	},
}))

/** The SQL statements prepared while `work` runs. */
async function statementsDuring(work: () => Promise<unknown>) {
	const client = getDb().$client
	const prepare = client.prepare.bind(client)
	const seen: string[] = []
	const spy = vi.spyOn(client, 'prepare').mockImplementation((sql: string) => {
		seen.push(sql)
		return prepare(sql)
	})
	try {
		await work()
	} finally {
		spy.mockRestore()
	}
	return seen
}

const rows = () => ({
	mails: getDb().select({ n: count() }).from(emailOutbox).get()?.n,
	tokens: getDb().select({ n: count() }).from(userTokens).get()?.n,
})

describe('the answer does not depend on the address', () => {
	test.each(['forgotPassword', 'ResendConfirmation'])(
		'%s: known and unknown addresses run the same statements and one detached job',
		async (endpoint) => {
			const user = await createTestUser({ emailConfirmedAt: null })
			const before = rows()
			const runs = []
			for (const email of [user.email, `niemand-${Date.now()}@example.test`]) {
				jobs.length = 0
				let result: Awaited<ReturnType<typeof callApi>> | undefined
				const statements = await statementsDuring(async () => {
					result = await callApi(authAction, 'Auth', endpoint, { json: { email } })
				})
				runs.push({ status: result?.status, body: result?.body, statements, jobs: jobs.length })
			}
			expect(runs[1]).toEqual(runs[0])
			expect(runs[0]?.jobs).toBe(1)
			expect(runs[0]?.statements.some((sql) => /\busers\b/.test(sql))).toBe(false)
			expect(rows()).toEqual(before)

			// The detached job does the work for the known address only.
			await callApi(authAction, 'Auth', endpoint, { json: { email: user.email } })
			await settleDetached()
			expect(listOutbox(user.email)).toHaveLength(1)
		},
	)
})
