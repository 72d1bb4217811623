import { and, eq, gt, inArray, isNotNull } from 'drizzle-orm'
import { accessAreaPlayrooms } from '#db/schema/access.ts'
import { playroomBlocks, playrooms } from '#db/schema/catalogue.ts'
import { calendarExportTokens, icalFeeds } from '#db/schema/ical.ts'
import { orders, SLOT_HOLDING_STATUSES } from '#db/schema/orders.ts'
import { users } from '#db/schema/users.ts'
import { AppError } from '#app/utils/app-error.ts'
import { getDb, immediateTransaction, type DbOrTx } from '#app/utils/db.server.ts'
import { recordAdminAudit } from '#app/models/platform/audit-log.server.ts'
import { updatePlayroom } from '#app/models/catalogue/catalogue.server.ts'
import { assertAdmin } from '#app/utils/assert-admin.ts'

/**
 * ConvertToGutshof / ConvertOrdersToGutshof (spec §7, issue 14, ADR 0099): a
 * venue changes operator, so an admin moves playrooms of host A to host B
 * and then the playrooms' future orders (not started, still holding their
 * slot). Past and cancelled orders and every ledger row stay with A: the
 * ledger takes the host from `orders.host_id` when it books a settlement, and
 * a future order has no HostPayable row yet, so from the move on its money is
 * B's. The previous host is kept in the audit log (one entry per playroom and
 * per order, plus one on each host). Each call is one IMMEDIATE transaction.
 *
 * What the old host kept secret does not go with the playroom (issue 29, ADR
 * 0144): `dropSecrets` removes the iCal import feeds (their URLs are the old
 * host's private calendar links) with the busy times they imported, the
 * calendar export tokens of the playroom, the links to the old host's access
 * areas, and the notes on the old host's blocks (the blocks stay: the venue is
 * taken then). The old host's orders that stay (past, cancelled, not moved) are
 * shown to the new host only as taken time (host-calendar.server.ts).
 * host-transfer.server.test.ts walks every table with a playroom_id column.
 */
export type HostTransferInput = {
	sourceUserId: string
	targetUserId: string
	/** Absent or empty: all of them. */
	playroomIds?: readonly string[]
}

type Admin = { id: string; role: string }

function refuse(key: string, field: string): AppError {
	return new AppError(400, 'ValidationError', { messageKey: key, fields: { [field]: [key] } })
}

function assertHosts(input: HostTransferInput, db: DbOrTx) {
	if (input.sourceUserId === input.targetUserId)
		throw refuse('adminAudit:transfer.errors.sameHost', 'targetUserId')
	const isHost = (id: string) =>
		db.select({ role: users.role, deletedAt: users.deletedAt }).from(users).where(eq(users.id, id)).get()
	const source = isHost(input.sourceUserId)
	if (source?.role !== 'Owner') throw refuse('adminAudit:transfer.errors.sourceNotHost', 'sourceUserId')
	const target = isHost(input.targetUserId)
	if (target?.role !== 'Owner' || target.deletedAt) {
		throw refuse('adminAudit:transfer.errors.targetNotHost', 'targetUserId')
	}
}

/** The chosen playrooms (all when none are named), each of which must belong to `ownerId`. */
function choosePlayrooms(
	ownerId: string,
	playroomIds: readonly string[] | undefined,
	notOwned: string,
	db: DbOrTx,
) {
	const owned = db
		.select({ id: playrooms.id, name: playrooms.name })
		.from(playrooms)
		.where(eq(playrooms.hostId, ownerId))
		.all()
	if (!playroomIds || playroomIds.length === 0) return owned
	const ownedIds = new Set(owned.map((room) => room.id))
	if (playroomIds.some((id) => !ownedIds.has(id))) {
		throw refuse(`adminAudit:transfer.errors.${notOwned}`, 'playroomIds')
	}
	return owned.filter((room) => playroomIds.includes(room.id))
}

/**
 * Removes what the old host kept secret on a playroom that changes hands (ADR 0144) and answers
 * what went, as audit changes (counts, never the secrets themselves).
 */
function dropSecrets(playroomId: string, tx: DbOrTx) {
	const dropped = {
		// Their URLs are the old host's private links (an Airbnb export carries its secret in the path).
		icalFeeds: tx.delete(icalFeeds).where(eq(icalFeeds.playroomId, playroomId)).run().changes,
		// The busy times those feeds imported (and their event titles): the new host imports their own.
		importedBlocks: tx
			.delete(playroomBlocks)
			.where(and(eq(playroomBlocks.playroomId, playroomId), eq(playroomBlocks.source, 'ICal')))
			.run().changes,
		// A feed URL of the playroom is the host's secret; whoever made it, it ends with the move.
		calendarExportTokens: tx
			.delete(calendarExportTokens)
			.where(eq(calendarExportTokens.playroomId, playroomId))
			.run().changes,
		// The old host's key boxes and codes must not open for the new host's guests.
		accessAreaLinks: tx
			.delete(accessAreaPlayrooms)
			.where(eq(accessAreaPlayrooms.playroomId, playroomId))
			.run().changes,
		// The blocks stay (the venue is taken then); the old host's words about them do not.
		blockNotes: tx
			.update(playroomBlocks)
			.set({ note: null })
			.where(and(eq(playroomBlocks.playroomId, playroomId), isNotNull(playroomBlocks.note)))
			.run().changes,
	}
	return Object.fromEntries(
		Object.entries(dropped)
			.filter(([, count]) => count > 0)
			.map(([field, count]) => [field, { before: count, after: 0 }]),
	)
}

/** Moves playrooms of the source host to the target host (inside the caller's transaction). */
export function movePlayrooms(admin: Admin, input: HostTransferInput, now: Date, tx: DbOrTx): string[] {
	assertHosts(input, tx)
	const chosen = choosePlayrooms(input.sourceUserId, input.playroomIds, 'playroomNotOwned', tx)
	if (chosen.length === 0) throw refuse('adminAudit:transfer.errors.noPlayrooms', 'playroomIds')
	const ids = chosen.map((room) => room.id)
	for (const id of ids) updatePlayroom(id, { hostId: input.targetUserId, updatedAt: now }, tx)
	const hostChange = { hostId: { before: input.sourceUserId, after: input.targetUserId } }
	for (const room of chosen) {
		recordAdminAudit(tx, {
			admin,
			action: 'playroom.convertToGutshof',
			entityType: 'playroom',
			entityId: room.id,
			changes: { ...hostChange, ...dropSecrets(room.id, tx) },
			now,
		})
	}
	const moved = { playrooms: { before: null, after: chosen.map((room) => room.name) } }
	for (const hostId of [input.sourceUserId, input.targetUserId]) {
		recordAdminAudit(tx, {
			admin,
			action: 'user.convertToGutshof',
			entityType: 'user',
			entityId: hostId,
			changes: { ...hostChange, ...moved },
			now,
		})
	}
	return ids
}

/**
 * Moves the future orders (slot-holding, check-in after `now`) of the source
 * host on playrooms the target host owns now (the chosen ones, or all of them)
 * to the target host (inside the caller's transaction).
 */
export function moveFutureOrders(admin: Admin, input: HostTransferInput, now: Date, tx: DbOrTx): string[] {
	assertHosts(input, tx)
	const rooms = choosePlayrooms(input.targetUserId, input.playroomIds, 'playroomNotMoved', tx).map(
		(room) => room.id,
	)
	if (rooms.length === 0) return []
	const future = tx
		.select({ id: orders.id })
		.from(orders)
		.where(
			and(
				eq(orders.hostId, input.sourceUserId),
				inArray(orders.playroomId, rooms),
				inArray(orders.status, [...SLOT_HOLDING_STATUSES]),
				gt(orders.checkIn, now),
			),
		)
		.all()
		.map((order) => order.id)
	if (future.length === 0) return []
	tx.update(orders)
		.set({ hostId: input.targetUserId, updatedAt: now })
		.where(inArray(orders.id, future))
		.run()
	for (const orderId of future) {
		recordAdminAudit(tx, {
			admin,
			action: 'order.convertToGutshof',
			entityType: 'order',
			entityId: orderId,
			changes: { hostId: { before: input.sourceUserId, after: input.targetUserId } },
			now,
		})
	}
	return future
}

/** ConvertToGutshof: the chosen (or all) playrooms of A now belong to B. */
export function convertToGutshof(admin: Admin, input: HostTransferInput, now = new Date()) {
	assertAdmin(admin)
	return { playroomIds: immediateTransaction((tx) => movePlayrooms(admin, input, now, tx)) }
}

/** ConvertOrdersToGutshof: A's future orders on the playrooms B owns now go to B. */
export function convertOrdersToGutshof(admin: Admin, input: HostTransferInput, now = new Date()) {
	assertAdmin(admin)
	return { orderIds: immediateTransaction((tx) => moveFutureOrders(admin, input, now, tx)) }
}

/** The host page's form: the playrooms and (withOrders) their future orders in one IMMEDIATE transaction. */
export function convertHost(
	admin: Admin,
	input: HostTransferInput,
	options: { withOrders: boolean; now?: Date },
) {
	assertAdmin(admin)
	const now = options.now ?? new Date()
	return immediateTransaction((tx) => {
		const playroomIds = movePlayrooms(admin, input, now, tx)
		const orderIds = options.withOrders ? moveFutureOrders(admin, { ...input, playroomIds }, now, tx) : []
		return { playroomIds, orderIds }
	})
}

/** The playrooms a host could hand over (for the form). */
export function hostPlayrooms(hostId: string, db: DbOrTx = getDb()) {
	return db
		.select({ id: playrooms.id, name: playrooms.name, status: playrooms.status })
		.from(playrooms)
		.where(eq(playrooms.hostId, hostId))
		.orderBy(playrooms.name)
		.all()
}
