import { and, eq, isNull } from 'drizzle-orm'
import { orders } from '#db/schema/orders.ts'
import { invoices, payoutRuns } from '#db/schema/money.ts'
import { paymentTransactions } from '#db/schema/payments.ts'
import { emailOutbox } from '#db/schema/platform.ts'
import { users, type UserRole } from '#db/schema/users.ts'
import { voucherOrders } from '#db/schema/vouchers.ts'
import { ownsAccessArea } from '#app/models/host-office/access-areas.server.ts'
import { canSeeOrder } from '#app/models/booking/orders.server.ts'
import { hasGuestHostThread } from '#app/models/chat/chat.server.ts'
import { isSupportThread } from '#app/models/chat/support.server.ts'
import { requireManageablePlayroom } from '#app/models/host-office/playroom-access.server.ts'
import { mayAccessTemplateText } from '#app/models/host-office/template-texts.server.ts'
import { canAccessVoucher } from '#app/models/vouchers/voucher-offices.server.ts'
import { isAppError } from './app-error.ts'
import { getDb, type DbOrTx } from './db.server.ts'
import { getLogger } from './logger.server.ts'
import { assertValidRouteParams, notFound } from './route-params.server.ts'

/**
 * The ownership guard of route parameters (issue 10, ADR 0057): a page whose
 * path names an entity (`:orderId`, `:playroomId`, `:guestId` …) answers 404
 * unless the caller may see that entity — another host's playroom, another
 * guest's order and an unknown id look the same. The role guard of the area
 * has already run; this decides *which* entities of that role are the caller's.
 *
 * Every `…Id` parameter of the route table needs a rule here. Entities whose
 * table does not exist yet are `NO_TABLE_YET`: nothing can be owned, so every
 * id is a 404 (fail closed) until the capability that creates the table adds
 * its rule. A parameter without any rule is a 404 as well, and the route-table
 * authorisation test (app/routes/authorisation-matrix.test.ts) fails for it.
 */
export type OwnershipCaller = { id: string; role: UserRole }

type Rule = (id: string, caller: OwnershipCaller, db: DbOrTx) => boolean

/** Marks an entity that a later capability creates; no id can belong to anyone yet. */
export const NO_TABLE_YET = 'no-table-yet' as const

function userHasRole(id: string, role: UserRole, db: DbOrTx) {
	return Boolean(
		db
			.select({ id: users.id })
			.from(users)
			.where(and(eq(users.id, id), eq(users.role, role), isNull(users.deletedAt)))
			.get(),
	)
}

const RULES: Record<string, Rule | typeof NO_TABLE_YET> = {
	// Its guest, its host, or an admin (the same rule as every order query).
	orderId: (id, caller, db) => {
		const order = db
			.select({ guestId: orders.guestId, hostId: orders.hostId })
			.from(orders)
			.where(eq(orders.id, id))
			.get()
		return Boolean(order && canSeeOrder(order, caller))
	},
	// The host back office's one check: its host, or an admin. (The public detail by id has its own rule.)
	playroomId: (id, caller, db) => {
		try {
			requireManageablePlayroom(caller, id, db)
			return true
		} catch (error) {
			if (isAppError(error) && error.status === 404) return false
			throw error
		}
	},
	// A guest of the host: someone who has booked one of the host's playrooms or written to the host. Admins: any guest.
	guestId: (id, caller, db) => {
		if (caller.role === 'Admin') return userHasRole(id, 'Customer', db)
		if (caller.role !== 'Owner') return false
		if (hasGuestHostThread(id, caller.id, db)) return true
		return Boolean(
			db
				.select({ id: orders.id })
				.from(orders)
				.where(and(eq(orders.guestId, id), eq(orders.hostId, caller.id)))
				.limit(1)
				.get(),
		)
	},
	hostUserId: (id, caller, db) => caller.role === 'Admin' && userHasRole(id, 'Owner', db),
	guestUserId: (id, caller, db) => caller.role === 'Admin' && userHasRole(id, 'Customer', db),
	// Support threads are the platform's: every admin answers every one (ADR 0163).
	supportThreadId: (id, caller, db) => caller.role === 'Admin' && isSupportThread(id, db),
	// An admin: any; a host: their own codes and the gift vouchers sold for them (issue 33, ADR 0170).
	voucherId: (id, caller, db) => canAccessVoucher(caller, id, db),
	// Voucher orders: the admin back office (the buyer's page goes by its secret link, ADR 0168).
	voucherOrderId: (id, caller, db) =>
		caller.role === 'Admin' &&
		Boolean(db.select({ id: voucherOrders.id }).from(voucherOrders).where(eq(voucherOrders.id, id)).get()),
	// The host who created it (access areas are never an admin's or another host's business here).
	accessAreaId: (id, caller, db) => ownsAccessArea(caller, id, db),
	// A host: its own texts; an admin: any, platform defaults included.
	templateTextId: (id, caller, db) => mayAccessTemplateText(caller, id, db),
	moduleSubscriptionId: NO_TABLE_YET,
	// Payments are the platform's books: admins only (issue 14).
	paymentTransactionId: (id, caller, db) =>
		caller.role === 'Admin' &&
		Boolean(
			db
				.select({ id: paymentTransactions.id })
				.from(paymentTransactions)
				.where(eq(paymentTransactions.id, id))
				.get(),
		),
	// Payout runs are the platform's books: admins only (issue 34, ADR 0177).
	payoutRunId: (id, caller, db) =>
		caller.role === 'Admin' &&
		Boolean(db.select({ id: payoutRuns.id }).from(payoutRuns).where(eq(payoutRuns.id, id)).get()),
	// Commission invoices (issue 34, ADR 0178): a host its own, an admin any.
	invoiceId: (id, caller, db) => {
		const invoice = db.select({ hostId: invoices.hostId }).from(invoices).where(eq(invoices.id, id)).get()
		return Boolean(invoice) && (caller.role === 'Admin' || invoice?.hostId === caller.id)
	},
	// The e-mail log is the platform's: admins only (issue 34, ADR 0175).
	emailId: (id, caller, db) =>
		caller.role === 'Admin' &&
		Boolean(db.select({ id: emailOutbox.id }).from(emailOutbox).where(eq(emailOutbox.id, id)).get()),
}

/** Parameters that name an entity (checked here); slugs and splats are not. */
export function isEntityParam(name: string) {
	return name !== '*' && name.endsWith('Id')
}

/** The parameter names with a rule, and whether their entity exists yet. */
export function ownershipRules(): Record<string, 'checked' | typeof NO_TABLE_YET> {
	return Object.fromEntries(
		Object.entries(RULES).map(([name, rule]) => [name, rule === NO_TABLE_YET ? NO_TABLE_YET : 'checked']),
	)
}

/** Whether `caller` may see the entity a route parameter names. Unknown ids and names: false. */
export function mayAccessParam(
	name: string,
	id: string,
	caller: OwnershipCaller | null,
	db: DbOrTx = getDb(),
): boolean {
	const rule = RULES[name]
	if (rule === undefined) {
		getLogger().warn(
			{ param: name },
			'route parameter without an ownership rule (app/utils/ownership.server.ts)',
		)
		return false
	}
	if (!caller || rule === NO_TABLE_YET) return false
	return rule(id, caller, db)
}

/**
 * The route guard: well-formed parameters (else 404, spec §5), and every
 * entity parameter belonging to the caller (else 404, no existence leak).
 * Call it in every loader and action of a page with an id in its path, after
 * the role check: `requireOwnedParams(args.params, user)`.
 */
export function requireOwnedParams(
	params: Record<string, string | undefined>,
	caller: OwnershipCaller | null,
	db: DbOrTx = getDb(),
) {
	assertValidRouteParams(params)
	for (const [name, value] of Object.entries(params)) {
		if (!isEntityParam(name) || value === undefined) continue
		if (!mayAccessParam(name, value, caller, db)) throw notFound()
	}
}
