import { and, eq, isNotNull, isNull } from 'drizzle-orm'
import { moneyTransactions } from '#db/schema/payments.ts'
import { users } from '#db/schema/users.ts'
import { createPayoutRun, markPayoutRunExecuted } from '#app/models/money/payouts.server.ts'
import { isValidIban } from '#app/schemas/host-editor.ts'
import type { SeedStep } from './types.ts'

const DAY = 86_400_000

/** A German IBAN with a valid check sum: bank code 37040044 and a 10-digit account number. */
export function demoIban(account: number): string {
	const bban = `37040044${String(account).padStart(10, '0')}`
	// ISO 13616: (BBAN + "DE00" as digits) mod 97, check = 98 − remainder.
	const digits = `${bban}131400`
	let remainder = 0
	for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97
	return `DE${String(98 - remainder).padStart(2, '0')}${bban}`
}

/**
 * Demo payouts (issue 34, ADR 0177), the last seed step: every demo host with ledger rows gets a
 * payout IBAN if they have none; last month's run (four weeks ago, from the rows up to then) is
 * created and marked executed; and, where balances since then reach the minimum, a run from
 * yesterday waits to be executed — so /admin/payouts, /admin/payouts?status=Created, a run's page
 * with its SEPA file and the hosts' /host/payouts have something to show.
 */
export const payoutsSeedStep: SeedStep = {
	name: 'payouts',
	run: (ctx) => {
		const admin = ctx.db.select().from(users).where(eq(users.email, 'admin@example.com')).get()
		if (!admin) return
		const hosts = ctx.db
			.selectDistinct({ id: users.id, payoutIban: users.payoutIban })
			.from(moneyTransactions)
			.innerJoin(users, eq(users.id, moneyTransactions.hostId))
			.where(
				and(
					eq(moneyTransactions.account, 'HostPayable'),
					isNotNull(moneyTransactions.hostId),
					isNull(users.deletedAt),
				),
			)
			.orderBy(users.email)
			.all()
		for (const [index, host] of hosts.entries()) {
			if (host.payoutIban && isValidIban(host.payoutIban)) continue
			ctx.db
				.update(users)
				.set({ payoutIban: demoIban(532_013_100 + index) })
				.where(eq(users.id, host.id))
				.run()
		}
		const caller = { id: admin.id, role: 'Admin' }
		const lastMonth = createPayoutRun(
			caller,
			{ idempotencyKey: 'demo-payouts-last-month', trigger: 'schedule' },
			{ now: ctx.now.getTime() - 28 * DAY },
		)
		if (lastMonth.outcome === 'created') {
			markPayoutRunExecuted(caller, lastMonth.run.id, { now: ctx.now.getTime() - 27 * DAY })
		}
		const waiting = createPayoutRun(
			caller,
			{ idempotencyKey: 'demo-payouts-waiting', trigger: 'manual' },
			{ now: ctx.now.getTime() - DAY },
		)
		ctx.log(
			`last month: ${lastMonth.outcome === 'nothingToPay' ? 0 : lastMonth.run.payoutCount} payouts; waiting: ${waiting.outcome === 'nothingToPay' ? 0 : waiting.run.payoutCount}`,
		)
	},
}
