import { and, asc, eq, gt, inArray, isNull, lte, or } from 'drizzle-orm'
import { accessAreaPlayrooms, accessAreas, accessCodeParts } from '#db/schema/access.ts'
import { playrooms } from '#db/schema/catalogue.ts'
import { orders, type OrderStatus } from '#db/schema/orders.ts'
import { addDays, startOfLocalDay } from '#app/domain/berlin-time.ts'
import { ARRIVAL_WINDOW_MS, type AccessAreaType } from '#app/domain/host-access.ts'
import type { AccessAreaInput, CodePartInput } from '#app/schemas/host-access.ts'
import { AppError } from '#app/utils/app-error.ts'
import { getDb, immediateTransaction, type DbOrTx } from '#app/utils/db.server.ts'
import type { Locale } from '#app/utils/locale.ts'
import { requireManageablePlayroom } from './playroom-access.server.ts'
import type { SessionUser } from '#app/models/accounts/session.server.ts'

/**
 * Access areas with arrival codes (issue 13, ADR 0084). A host's areas are
 * the host's alone (another host's id is a 404, like an unknown one). The
 * code and instructions reach exactly one person: the guest of a Confirmed
 * order, from 24 h before check-in until check-out (`arrivalDetailsFor`) —
 * and the release e-mail the arrival task sends in that window.
 */
type Caller = Pick<SessionUser, 'id' | 'role'>

export function listAccessAreas(hostId: string, db: DbOrTx = getDb()) {
	const areas = db
		.select()
		.from(accessAreas)
		.where(eq(accessAreas.hostId, hostId))
		.orderBy(asc(accessAreas.name))
		.all()
	const links = areas.length
		? db
				.select({ accessAreaId: accessAreaPlayrooms.accessAreaId, name: playrooms.name })
				.from(accessAreaPlayrooms)
				.innerJoin(playrooms, eq(playrooms.id, accessAreaPlayrooms.playroomId))
				.where(
					inArray(
						accessAreaPlayrooms.accessAreaId,
						areas.map((area) => area.id),
					),
				)
				.all()
		: []
	return areas.map((area) => ({
		id: area.id,
		name: area.name,
		type: area.type,
		playrooms: links.filter((link) => link.accessAreaId === area.id).map((link) => link.name),
	}))
}

function ownedArea(caller: Caller, id: string, db: DbOrTx) {
	const area = db.select().from(accessAreas).where(eq(accessAreas.id, id)).get()
	if (!area || caller.role !== 'Owner' || area.hostId !== caller.id) throw new AppError(404)
	return area
}

/** Whether the caller (a host) owns the access area: the ownership rule of `:accessAreaId`. */
export function ownsAccessArea(caller: Caller, id: string, db: DbOrTx = getDb()) {
	const area = db.select({ hostId: accessAreas.hostId }).from(accessAreas).where(eq(accessAreas.id, id)).get()
	return Boolean(area && caller.role === 'Owner' && area.hostId === caller.id)
}

export function getAccessArea(caller: Caller, id: string, db: DbOrTx = getDb()) {
	const area = ownedArea(caller, id, db)
	const parts = db
		.select()
		.from(accessCodeParts)
		.where(eq(accessCodeParts.accessAreaId, id))
		.orderBy(asc(accessCodeParts.validFrom), asc(accessCodeParts.createdAt))
		.all()
	const playroomIds = db
		.select({ playroomId: accessAreaPlayrooms.playroomId })
		.from(accessAreaPlayrooms)
		.where(eq(accessAreaPlayrooms.accessAreaId, id))
		.all()
		.map((row) => row.playroomId)
	return { ...area, parts, playroomIds }
}

function linkPlayrooms(caller: Caller, areaId: string, playroomIds: string[], db: DbOrTx) {
	// Only the host's own playrooms: another host's id is a 404 (the caller's transaction rolls back).
	for (const playroomId of playroomIds) requireManageablePlayroom(caller, playroomId, db)
	db.delete(accessAreaPlayrooms).where(eq(accessAreaPlayrooms.accessAreaId, areaId)).run()
	for (const playroomId of new Set(playroomIds)) {
		db.insert(accessAreaPlayrooms).values({ accessAreaId: areaId, playroomId }).run()
	}
}

function areaValues(input: AccessAreaInput) {
	return {
		name: input.name,
		type: input.type,
		instructionsDe: input.instructionsDe ?? '',
		instructionsEn: input.instructionsEn ?? '',
	}
}

export function createAccessArea(host: Caller, input: AccessAreaInput) {
	if (host.role !== 'Owner') throw new AppError(403)
	return immediateTransaction((tx) => {
		const area = tx
			.insert(accessAreas)
			.values({ hostId: host.id, ...areaValues(input) })
			.returning()
			.get()
		linkPlayrooms(host, area.id, input.playroomIds ?? [], tx)
		return area
	})
}

export function updateAccessArea(caller: Caller, id: string, input: AccessAreaInput) {
	immediateTransaction((tx) => {
		ownedArea(caller, id, tx)
		tx.update(accessAreas).set(areaValues(input)).where(eq(accessAreas.id, id)).run()
		linkPlayrooms(caller, id, input.playroomIds ?? [], tx)
	})
}

export function deleteAccessArea(caller: Caller, id: string, db: DbOrTx = getDb()) {
	ownedArea(caller, id, db)
	db.delete(accessAreas).where(eq(accessAreas.id, id)).run()
}

/** Adds a code part valid from the start of `validFrom` to the end of `validTo` (Berlin days). */
export function addCodePart(caller: Caller, areaId: string, input: CodePartInput, db: DbOrTx = getDb()) {
	ownedArea(caller, areaId, db)
	return db
		.insert(accessCodeParts)
		.values({
			accessAreaId: areaId,
			label: input.label ?? '',
			code: input.code,
			validFrom: input.validFrom ? new Date(startOfLocalDay(input.validFrom)) : null,
			validUntil: input.validTo ? new Date(startOfLocalDay(addDays(input.validTo, 1))) : null,
		})
		.returning()
		.get()
}

export function removeCodePart(caller: Caller, areaId: string, partId: string, db: DbOrTx = getDb()) {
	ownedArea(caller, areaId, db)
	const removed = db
		.delete(accessCodeParts)
		.where(and(eq(accessCodeParts.id, partId), eq(accessCodeParts.accessAreaId, areaId)))
		.returning({ id: accessCodeParts.id })
		.all()
	if (removed.length === 0) throw new AppError(404)
}

export type ArrivalArea = { name: string; type: AccessAreaType; instructions: string; code: string }

/** The areas of an order's playroom (the host's own), each with the code valid at check-in. */
export function arrivalAreasOf(
	order: { playroomId: string; hostId: string; checkIn: Date },
	locale: Locale,
	db: DbOrTx = getDb(),
): ArrivalArea[] {
	const areas = db
		.select({
			id: accessAreas.id,
			name: accessAreas.name,
			type: accessAreas.type,
			instructionsDe: accessAreas.instructionsDe,
			instructionsEn: accessAreas.instructionsEn,
		})
		.from(accessAreaPlayrooms)
		.innerJoin(accessAreas, eq(accessAreas.id, accessAreaPlayrooms.accessAreaId))
		.where(and(eq(accessAreaPlayrooms.playroomId, order.playroomId), eq(accessAreas.hostId, order.hostId)))
		.orderBy(asc(accessAreas.name))
		.all()
	return areas.map((area) => {
		const parts = db
			.select({ code: accessCodeParts.code })
			.from(accessCodeParts)
			.where(
				and(
					eq(accessCodeParts.accessAreaId, area.id),
					or(isNull(accessCodeParts.validFrom), lte(accessCodeParts.validFrom, order.checkIn)),
					or(isNull(accessCodeParts.validUntil), gt(accessCodeParts.validUntil, order.checkIn)),
				),
			)
			.orderBy(asc(accessCodeParts.validFrom), asc(accessCodeParts.createdAt))
			.all()
		const own = locale === 'en' ? area.instructionsEn : area.instructionsDe
		return {
			name: area.name,
			type: area.type,
			instructions: own || area.instructionsDe || area.instructionsEn,
			code: parts.map((part) => part.code).join(' '),
		}
	})
}

/** Whether `now` is in an order's arrival window: Confirmed, from 24 h before check-in until check-out. */
export function inArrivalWindow(order: { status: OrderStatus; checkIn: Date; checkOut: Date }, now: number) {
	return (
		order.status === 'Confirmed' &&
		now >= order.checkIn.getTime() - ARRIVAL_WINDOW_MS &&
		now < order.checkOut.getTime()
	)
}

/**
 * The arrival details a viewer may see on an order: only its guest (role
 * Customer, the order's guestId), only in the window; everyone else null.
 */
export function arrivalDetailsFor(
	order: {
		guestId: string
		hostId: string
		playroomId: string
		status: OrderStatus
		checkIn: Date
		checkOut: Date
	},
	viewer: Caller,
	locale: Locale,
	now = Date.now(),
	db: DbOrTx = getDb(),
): ArrivalArea[] | null {
	if (viewer.role !== 'Customer' || viewer.id !== order.guestId) return null
	if (!inArrivalWindow(order, now)) return null
	const areas = arrivalAreasOf(order, locale, db)
	return areas.length ? areas : null
}

/** `arrivalDetailsFor` by order id (the guest's order page). */
export function arrivalForOrder(orderId: string, viewer: Caller, locale: Locale, now = Date.now()) {
	const order = getDb().select().from(orders).where(eq(orders.id, orderId)).get()
	return order ? arrivalDetailsFor(order, viewer, locale, now) : null
}
