import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { payoutRuns } from '#db/schema/money.ts'
import { moneyTransactions } from '#db/schema/payments.ts'
import { adjustHostBalance } from '#app/models/money/payouts.server.ts'
import { roleGuard } from '#app/utils/auth.server.ts'
import { getDb } from '#app/utils/db.server.ts'
import { callRoute } from '#tests/helpers/route-harness.ts'
import { createLoggedInUser } from '#tests/helpers/users.ts'
import { loader as hostLoader } from '../host/payouts.tsx'
import { action as balancesAction } from './payout-balances.tsx'
import { action as detailAction, loader as detailLoader } from './payout-run-detail.tsx'
import { loader as sepaLoader } from './payout-run-sepa.ts'
import { action as listAction, loader as listLoader } from './payouts.tsx'

/**
 * The payout pages (issue 34, ADR 0177) through their loaders and actions: an admin creates a run
 * (the same form twice: one run), downloads its stored pain.001 under the file name of the page's
 * language, marks it executed; adjustments refuse bad input and book once; a host sees only their
 * own payouts; hosts and guests get none of the admin pages or the file.
 */
const adminArea = [roleGuard('Admin')]
const hostArea = [roleGuard('Owner')]
const KEY = 'payoutpages-key-0001'

describe('admin payout pages', () => {
	test('create a run twice with one key, download the file, execute; the host sees only their own', async () => {
		const admin = await createLoggedInUser({ role: 'Admin' })
		const hostA = await createLoggedInUser({ role: 'Owner', payoutIban: 'DE02120300000000202051' })
		const hostB = await createLoggedInUser({ role: 'Owner', payoutIban: 'DE89370400440532013000' })
		const caller = { id: admin.user.id, role: 'Admin' }
		adjustHostBalance(caller, {
			hostId: hostA.user.id,
			amount: 4_321,
			reason: 'Fixture',
			idempotencyKey: 'pp-a',
		})

		const list = await callRoute(listLoader as never, {
			path: '/admin/payouts',
			cookie: admin.cookie,
			middleware: adminArea,
		})
		expect(list.data).toMatchObject({ preview: { hostCount: 1, total: 4_321, minimum: 2_500 } })

		const create = () =>
			callRoute(listAction as never, {
				path: '/admin/payouts',
				method: 'POST',
				cookie: admin.cookie,
				form: { idempotencyKey: KEY },
				middleware: adminArea,
			})
		const first = await create()
		const second = await create()
		expect(first.status).toBe(302)
		const runs = getDb().select().from(payoutRuns).all()
		expect(runs).toHaveLength(1)
		const run = runs[0]!
		expect(run).toMatchObject({ payoutCount: 1, totalAmount: 4_321, status: 'Created', trigger: 'manual' })
		expect(first.location).toBe(`/admin/payouts/${run.id}`)
		expect(second.location).toBe(first.location)

		// `?status=Created` lists exactly the runs still to execute.
		const open = await callRoute(listLoader as never, {
			path: '/admin/payouts?status=Created',
			cookie: admin.cookie,
			middleware: adminArea,
		})
		expect((open.data as { items: { id: string }[] }).items.map((item) => item.id)).toEqual([run.id])

		for (const [prefix, name] of [
			['', 'sepa-auszahlungen'],
			['/en', 'sepa-payouts'],
		] as const) {
			const file = await callRoute(sepaLoader as never, {
				path: `${prefix}/admin/payouts/${run.id}/sepa`,
				cookie: admin.cookie,
				params: { payoutRunId: run.id },
				middleware: adminArea,
			})
			expect(file.status).toBe(200)
			expect(file.headers.get('Content-Disposition')).toMatch(
				new RegExp(`attachment; filename="${name}-\\d{4}-\\d{2}-\\d{2}\\.xml"`),
			)
		}
		for (const stranger of [hostA.cookie]) {
			const refused = await callRoute(sepaLoader as never, {
				path: `/admin/payouts/${run.id}/sepa`,
				cookie: stranger,
				params: { payoutRunId: run.id },
				middleware: adminArea,
			})
			expect(refused.status).toBe(403)
		}

		const detail = await callRoute(detailLoader as never, {
			path: `/en/admin/payouts/${run.id}`,
			cookie: admin.cookie,
			params: { payoutRunId: run.id },
			middleware: adminArea,
		})
		expect(detail.data).toMatchObject({
			run: { reference: run.reference, totalAmount: 4_321 },
			payouts: [{ hostId: hostA.user.id, amount: 4_321, maskedIban: 'DE•• •••• •••• 2051' }],
		})
		const execute = () =>
			callRoute(detailAction as never, {
				path: `/admin/payouts/${run.id}`,
				method: 'POST',
				cookie: admin.cookie,
				params: { payoutRunId: run.id },
				form: { intent: 'execute' },
				middleware: adminArea,
			})
		expect((await execute()).status).toBe(302)
		expect((await execute()).status).toBe(302)
		expect(getDb().select().from(payoutRuns).where(eq(payoutRuns.id, run.id)).get()?.status).toBe('Executed')

		const mine = await callRoute(hostLoader as never, {
			path: '/host/payouts',
			cookie: hostA.cookie,
			middleware: hostArea,
		})
		expect(mine.data).toMatchObject({ balance: 0, payouts: [{ amount: 4_321, status: 'Executed' }] })
		const theirs = await callRoute(hostLoader as never, {
			path: '/host/payouts',
			cookie: hostB.cookie,
			middleware: hostArea,
		})
		expect(theirs.data).toMatchObject({ balance: 0, open: 0, payouts: [], openLines: [] })
		const adminOnHost = await callRoute(hostLoader as never, {
			path: '/host/payouts',
			cookie: admin.cookie,
			middleware: hostArea,
		})
		expect(adminOnHost.status).toBe(403)
	})

	test('an adjustment: bad input says why and books nothing; the same form twice books once', async () => {
		const admin = await createLoggedInUser({ role: 'Admin' })
		const host = await createLoggedInUser({ role: 'Owner' })
		const adjust = (form: Record<string, string>) =>
			callRoute(balancesAction as never, {
				path: '/admin/payouts/balances',
				method: 'POST',
				cookie: admin.cookie,
				form,
				middleware: adminArea,
			})
		const rows = () =>
			getDb().select().from(moneyTransactions).where(eq(moneyTransactions.hostId, host.user.id)).all()
		const bad = await adjust({
			hostId: host.user.id,
			amount: 'zwölf',
			reason: '',
			idempotencyKey: 'adjustkey-000000001',
		})
		expect(bad.status).toBe(400)
		expect(JSON.stringify(bad.data)).toContain('payouts:errors.amount')
		expect(rows()).toHaveLength(0)
		const good = {
			hostId: host.user.id,
			amount: '-12,50',
			reason: 'Schlüssel verloren',
			idempotencyKey: 'adjustkey-000000002',
		}
		expect((await adjust(good)).status).toBe(302)
		expect((await adjust(good)).status).toBe(302)
		expect(rows().map((row) => row.amount)).toEqual([1_250])
	})
})
