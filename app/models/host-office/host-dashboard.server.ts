import { and, asc, eq, gt, gte, inArray, lt, sum } from 'drizzle-orm'
import { playroomBlocks, playroomOpeningHours, playrooms } from '#db/schema/catalogue.ts'
import { orders, SLOT_HOLDING_STATUSES } from '#db/schema/orders.ts'
import { addDays, isoWeekday, localDateOf, startOfLocalDay, type LocalDate } from '#app/domain/berlin-time.ts'
import { getDb, type DbOrTx } from '#app/utils/db.server.ts'
import type { OrderListItem } from '#app/models/booking/order-queries.server.ts'
import { listHostOrders } from './host-orders.server.ts'
import { getNextActivities } from '#app/models/accounts/user-status.server.ts'

/**
 * /host/dashboard (issue 12): next activities, today's and this week's
 * orders, requests waiting for an answer, revenue of this and last month,
 * occupancy of the last 30 days per playroom. All dates are Europe/Berlin.
 *
 * Revenue is what guests pay (gross integer cents, after vouchers) for
 * Confirmed and Completed orders whose stay starts in the month — the
 * host's booked turnover, before commission. Occupancy is the booked time
 * (Confirmed, Completed) within the window divided by the opening hours of
 * those days, capped at 100 %.
 */
export const OCCUPANCY_DAYS = 30
const EARNING_STATUSES = ['Confirmed', 'Completed'] as const

/** First local day of the month of `date` and of the month after. */
function monthBounds(date: LocalDate): { start: LocalDate; next: LocalDate } {
	const [year = 0, month = 1] = date.split('-').map(Number)
	const start = `${year}-${String(month).padStart(2, '0')}-01`
	const nextYear = month === 12 ? year + 1 : year
	const nextMonth = month === 12 ? 1 : month + 1
	return { start, next: `${nextYear}-${String(nextMonth).padStart(2, '0')}-01` }
}

function revenueBetween(hostId: string, from: LocalDate, to: LocalDate, db: DbOrTx): number {
	const row = db
		.select({ total: sum(orders.totalAmount) })
		.from(orders)
		.where(
			and(
				eq(orders.hostId, hostId),
				inArray(orders.status, [...EARNING_STATUSES]),
				gte(orders.checkIn, new Date(startOfLocalDay(from))),
				lt(orders.checkIn, new Date(startOfLocalDay(to))),
			),
		)
		.get()
	return Number(row?.total ?? 0)
}

/** Revenue of the Berlin month containing `now` and of the month before (integer cents). */
export function hostRevenue(hostId: string, options: { now?: number } = {}, db: DbOrTx = getDb()) {
	const today = localDateOf(options.now ?? Date.now())
	const current = monthBounds(today)
	const previous = monthBounds(addDays(current.start, -1))
	return {
		thisMonth: {
			month: current.start.slice(0, 7),
			amount: revenueBetween(hostId, current.start, current.next, db),
		},
		lastMonth: {
			month: previous.start.slice(0, 7),
			amount: revenueBetween(hostId, previous.start, previous.next, db),
		},
	}
}

export type OccupancyRow = { playroomId: string; name: string; percent: number | null }

/** Booked share of the opening hours of the last 30 local days (today included), per playroom. */
export function hostOccupancy(
	hostId: string,
	options: { now?: number } = {},
	db: DbOrTx = getDb(),
): OccupancyRow[] {
	const today = localDateOf(options.now ?? Date.now())
	const firstDay = addDays(today, -(OCCUPANCY_DAYS - 1))
	const windowStart = startOfLocalDay(firstDay)
	const windowEnd = startOfLocalDay(addDays(today, 1))
	const rooms = db
		.select({ id: playrooms.id, name: playrooms.name })
		.from(playrooms)
		.where(eq(playrooms.hostId, hostId))
		.orderBy(asc(playrooms.name))
		.all()
	if (rooms.length === 0) return []
	const ids = rooms.map((room) => room.id)
	const hours = db
		.select()
		.from(playroomOpeningHours)
		.where(inArray(playroomOpeningHours.playroomId, ids))
		.all()
	const booked = db
		.select({ playroomId: orders.playroomId, checkIn: orders.checkIn, checkOut: orders.checkOut })
		.from(orders)
		.where(
			and(
				inArray(orders.playroomId, ids),
				inArray(orders.status, [...EARNING_STATUSES]),
				lt(orders.checkIn, new Date(windowEnd)),
				gte(orders.checkOut, new Date(windowStart)),
			),
		)
		.all()
	const weekdays = Array.from({ length: OCCUPANCY_DAYS }, (_, i) => isoWeekday(addDays(firstDay, i)))
	return rooms.map((room) => {
		const ranges = hours.filter((range) => range.playroomId === room.id)
		const openMinutes = weekdays.reduce(
			(total, weekday) =>
				total +
				ranges
					.filter((range) => range.weekday === weekday)
					.reduce((day, range) => day + Math.max(0, range.closeMinute - range.openMinute), 0),
			0,
		)
		const bookedMinutes = booked
			.filter((order) => order.playroomId === room.id)
			.reduce((total, order) => {
				const start = Math.max(order.checkIn.getTime(), windowStart)
				const end = Math.min(order.checkOut.getTime(), windowEnd)
				return total + Math.max(0, end - start) / 60_000
			}, 0)
		const percent = openMinutes > 0 ? Math.min(100, Math.round((bookedMinutes / openMinutes) * 100)) : null
		return { playroomId: room.id, name: room.name, percent }
	})
}

const isHolding = (order: OrderListItem) =>
	(SLOT_HOLDING_STATUSES as readonly string[]).includes(order.status)

/**
 * Calendar conflicts (issue 13): busy times imported from an external iCal
 * feed that overlap an order still holding its slot, from now on. The import
 * e-mails the host once per new overlap (ical-emails.server.ts); the dashboard
 * keeps naming both until the host resolves it (cancels the order, or the
 * event leaves the feed).
 */
export function hostCalendarConflicts(hostId: string, options: { now?: number } = {}, db: DbOrTx = getDb()) {
	const now = new Date(options.now ?? Date.now())
	return db
		.select({
			blockId: playroomBlocks.id,
			eventStart: playroomBlocks.startsAt,
			eventEnd: playroomBlocks.endsAt,
			eventTitle: playroomBlocks.note,
			playroomName: playrooms.name,
			orderId: orders.id,
			orderCode: orders.code,
			checkIn: orders.checkIn,
			checkOut: orders.checkOut,
		})
		.from(playroomBlocks)
		.innerJoin(playrooms, eq(playrooms.id, playroomBlocks.playroomId))
		.innerJoin(
			orders,
			and(
				eq(orders.playroomId, playroomBlocks.playroomId),
				// The host's own orders (one of a playroom's previous host is not theirs, ADR 0144).
				eq(orders.hostId, hostId),
				inArray(orders.status, [...SLOT_HOLDING_STATUSES]),
				lt(orders.checkIn, playroomBlocks.endsAt),
				gt(orders.checkOut, playroomBlocks.startsAt),
			),
		)
		.where(
			and(eq(playrooms.hostId, hostId), eq(playroomBlocks.source, 'ICal'), gt(playroomBlocks.endsAt, now)),
		)
		.orderBy(asc(orders.checkIn))
		.limit(20)
		.all()
}

/** Everything /host/dashboard shows. */
export function getHostDashboard(hostId: string, options: { now?: number } = {}, db: DbOrTx = getDb()) {
	const now = options.now ?? Date.now()
	const today = localDateOf(now)
	const weekStart = addDays(today, 1 - isoWeekday(today))
	const staysBetween = (from: LocalDate, to: LocalDate) =>
		listHostOrders(
			hostId,
			{ from: startOfLocalDay(from), to: startOfLocalDay(to), perPage: 100 },
			{ now },
			db,
		).items.filter(isHolding)
	const openRequests = listHostOrders(hostId, { status: 'Requested', perPage: 50 }, { now }, db).items.filter(
		(order) => (order.responseDeadline ?? 0) > now,
	)
	return {
		nextActivities: getNextActivities({ id: hostId, role: 'Owner' }, { now }, db),
		today: staysBetween(today, addDays(today, 1)),
		thisWeek: staysBetween(weekStart, addDays(weekStart, 7)),
		openRequests,
		revenue: hostRevenue(hostId, { now }, db),
		occupancy: hostOccupancy(hostId, { now }, db),
		occupancyDays: OCCUPANCY_DAYS,
		calendarConflicts: hostCalendarConflicts(hostId, { now }, db),
		now,
	}
}

export type HostDashboard = ReturnType<typeof getHostDashboard>
