import { TZDate } from '@date-fns/tz'
import { and, eq, gt, inArray, isNull } from 'drizzle-orm'
import ical, { ICalCalendarMethod, ICalEventStatus, ICalEventTransparency } from 'ical-generator'
import { playroomBlocks, playrooms } from '#db/schema/catalogue.ts'
import { calendarExportTokens } from '#db/schema/ical.ts'
import { orders, SLOT_HOLDING_STATUSES, type OrderStatus } from '#db/schema/orders.ts'
import { users } from '#db/schema/users.ts'
import { DAY_MS, isWholeLocalDays, TIME_ZONE } from '#app/domain/berlin-time.ts'
import { getDb, immediateTransaction } from '#app/utils/db.server.ts'
import { getEnv } from '#app/utils/env.server.ts'
import { getFixedT } from '#app/utils/i18n.server.ts'
import { localizePath, type Locale } from '#app/utils/locale.ts'
import { looseT } from '#app/utils/loose-t.ts'
import { requireManageablePlayroom } from './playroom-access.server.ts'
import { generateToken, hashToken, type SessionUser } from '#app/models/accounts/session.server.ts'

/**
 * iCal export (docs/subsystems/ical.md, ADR 0082): a secret feed URL
 * /calendar/<token>.ics per playroom or for all of a host's playrooms, with
 * every slot-holding order (the guest's first name only) and every block the
 * host made. Imported (ICal) blocks are left out so that two calendars that
 * import each other do not echo events back and forth.
 *
 * The token has 256 random bits; only its SHA-256 is stored, so the URL is
 * shown once (when made) and a new one replaces the old, which is then a 404.
 */
export type ExportScope = { playroomId: string | null }

/** Orders and blocks that ended longer ago than this are not in the feed. */
const PAST_DAYS = 30

export function exportFeedUrl(token: string) {
	return `${getEnv().PUBLIC_URL}/calendar/${token}.ics`
}

/** Makes (or replaces) the export token of a scope and returns the new feed URL. */
export function issueExportToken(host: Pick<SessionUser, 'id' | 'role'>, scope: ExportScope): string {
	if (scope.playroomId) requireManageablePlayroom(host, scope.playroomId)
	const token = generateToken(32)
	immediateTransaction((tx) => {
		tx.delete(calendarExportTokens).where(scopeFilter(host.id, scope)).run()
		tx.insert(calendarExportTokens)
			.values({ hostId: host.id, playroomId: scope.playroomId, tokenHash: hashToken(token) })
			.run()
	})
	return exportFeedUrl(token)
}

/** Turns a scope's feed off (its URL becomes a 404). */
export function revokeExportToken(host: Pick<SessionUser, 'id' | 'role'>, scope: ExportScope) {
	if (scope.playroomId) requireManageablePlayroom(host, scope.playroomId)
	getDb().delete(calendarExportTokens).where(scopeFilter(host.id, scope)).run()
}

function scopeFilter(hostId: string, scope: ExportScope) {
	return and(
		eq(calendarExportTokens.hostId, hostId),
		scope.playroomId
			? eq(calendarExportTokens.playroomId, scope.playroomId)
			: isNull(calendarExportTokens.playroomId),
	)
}

/** When each scope's current feed was made (key: playroom id, or "" for all playrooms). */
export function exportTokenDates(hostId: string): Map<string, number> {
	const rows = getDb()
		.select({ playroomId: calendarExportTokens.playroomId, createdAt: calendarExportTokens.createdAt })
		.from(calendarExportTokens)
		.where(eq(calendarExportTokens.hostId, hostId))
		.all()
	return new Map(rows.map((row) => [row.playroomId ?? '', row.createdAt.getTime()]))
}

/** The feed of a token, or null (unknown, replaced, or the host is gone). */
export function buildExportFeed(token: string, now = Date.now()): string | null {
	if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null
	const db = getDb()
	const row = db
		.select({
			hostId: calendarExportTokens.hostId,
			playroomId: calendarExportTokens.playroomId,
			locale: users.langPreference,
		})
		.from(calendarExportTokens)
		.innerJoin(users, eq(users.id, calendarExportTokens.hostId))
		.where(and(eq(calendarExportTokens.tokenHash, hashToken(token)), isNull(users.deletedAt)))
		.get()
	if (!row) return null
	const rooms = db
		.select({ id: playrooms.id, name: playrooms.name })
		.from(playrooms)
		.where(row.playroomId ? eq(playrooms.id, row.playroomId) : eq(playrooms.hostId, row.hostId))
		.all()
	const ids = rooms.map((room) => room.id)
	const names = new Map(rooms.map((room) => [room.id, room.name]))
	const since = new Date(now - PAST_DAYS * DAY_MS)
	const slotHolding = ids.length
		? db
				.select({
					id: orders.id,
					code: orders.code,
					playroomId: orders.playroomId,
					hostId: orders.hostId,
					status: orders.status,
					checkIn: orders.checkIn,
					checkOut: orders.checkOut,
					firstName: users.firstName,
				})
				.from(orders)
				.innerJoin(users, eq(users.id, orders.guestId))
				.where(
					and(
						inArray(orders.playroomId, ids),
						inArray(orders.status, [...SLOT_HOLDING_STATUSES]),
						gt(orders.checkOut, since),
					),
				)
				.all()
		: []
	const bookings = slotHolding.filter((order) => order.hostId === row.hostId)
	// A playroom's previous host's bookings (it changed hands, ADR 0144) still take the time: in the
	// feed as busy, like a block, without code or guest.
	const taken = slotHolding
		.filter((order) => order.hostId !== row.hostId)
		.map((order) => ({
			id: `taken-${order.playroomId}-${order.checkIn.getTime()}`,
			playroomId: order.playroomId,
			startsAt: order.checkIn,
			endsAt: order.checkOut,
		}))
	const blocks = ids.length
		? db
				.select()
				.from(playroomBlocks)
				.where(
					and(
						inArray(playroomBlocks.playroomId, ids),
						eq(playroomBlocks.source, 'Host'),
						gt(playroomBlocks.endsAt, since),
					),
				)
				.all()
		: []
	return renderCalendar({
		locale: row.locale,
		calendarName: row.playroomId ? (names.get(row.playroomId) ?? '') : null,
		bookings: bookings.map((order) => ({ ...order, playroomName: names.get(order.playroomId) ?? '' })),
		blocks: [...blocks, ...taken].map((block) => ({
			...block,
			playroomName: names.get(block.playroomId) ?? '',
		})),
	})
}

/** Europe/Berlin since 1996 (EU rules): what Google, Apple and Outlook need to read TZID=Europe/Berlin. */
export const BERLIN_VTIMEZONE = [
	'BEGIN:VTIMEZONE',
	'TZID:Europe/Berlin',
	'X-LIC-LOCATION:Europe/Berlin',
	'BEGIN:DAYLIGHT',
	'TZOFFSETFROM:+0100',
	'TZOFFSETTO:+0200',
	'TZNAME:CEST',
	'DTSTART:19700329T020000',
	'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
	'END:DAYLIGHT',
	'BEGIN:STANDARD',
	'TZOFFSETFROM:+0200',
	'TZOFFSETTO:+0100',
	'TZNAME:CET',
	'DTSTART:19701025T030000',
	'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
	'END:STANDARD',
	'END:VTIMEZONE',
].join('\r\n')

type FeedOrder = {
	id: string
	code: string
	status: OrderStatus
	checkIn: Date
	checkOut: Date
	firstName: string
	playroomName: string
}
type FeedBlock = { id: string; startsAt: Date; endsAt: Date; playroomName: string }

/**
 * The calendar's own properties after VERSION/PRODID/CALSCALE/METHOD/NAME, then
 * the zone: RFC 5545 §3.6 puts every calendar property before the first
 * component. ical-generator writes its zone, TIMEZONE-ID and TTL lines after
 * VTIMEZONE, and with a calendar zone it writes DTSTAMP as a local time without
 * `Z` (§3.8.7.2 wants UTC) — so the calendar has no zone of its own, each event
 * names Europe/Berlin, and these lines go in before the first event (ADR 0152).
 */
const FEED_TTL = 'PT30M'
const CALENDAR_PROPERTIES = [
	`X-WR-TIMEZONE:${TIME_ZONE}`,
	`REFRESH-INTERVAL;VALUE=DURATION:${FEED_TTL}`,
	`X-PUBLISHED-TTL:${FEED_TTL}`,
	BERLIN_VTIMEZONE,
].join('\r\n')

function withCalendarProperties(ics: string): string {
	const at = ics.search(/\r\n(BEGIN:VEVENT|END:VCALENDAR)/)
	return `${ics.slice(0, at)}\r\n${CALENDAR_PROPERTIES}${ics.slice(at)}`
}

function renderCalendar(input: {
	locale: Locale
	calendarName: string | null
	bookings: FeedOrder[]
	blocks: FeedBlock[]
}): string {
	const t = looseT(getFixedT(input.locale))
	const calendar = ical({
		prodId: { company: 'Spielzimmer', product: 'Host calendar', language: input.locale.toUpperCase() },
		name: input.calendarName
			? t('hostIcal:export.calendarNameOne', { playroom: input.calendarName })
			: t('hostIcal:export.calendarNameAll'),
		scale: 'GREGORIAN',
		method: ICalCalendarMethod.PUBLISH,
	})
	const at = (date: Date) => new TZDate(date.getTime(), TIME_ZONE)
	for (const order of input.bookings) {
		const url = `${getEnv().PUBLIC_URL}${localizePath(`/host/orders/${order.id}`, input.locale)}`
		calendar.createEvent({
			id: `order-${order.id}@spielzimmer`,
			start: at(order.checkIn),
			end: at(order.checkOut),
			timezone: TIME_ZONE,
			summary: t('hostIcal:export.orderSummary', {
				name: order.firstName || t('hostIcal:export.guest'),
				playroom: order.playroomName,
			}),
			description: t('hostIcal:export.orderDescription', { code: order.code, url }),
			url,
			status: order.status === 'Requested' ? ICalEventStatus.TENTATIVE : ICalEventStatus.CONFIRMED,
			transparency: ICalEventTransparency.OPAQUE,
		})
	}
	for (const block of input.blocks) {
		// A block of whole days is a whole-day event (DTSTART;VALUE=DATE, the end date exclusive).
		const allDay = isWholeLocalDays(block.startsAt.getTime(), block.endsAt.getTime())
		calendar.createEvent({
			id: `block-${block.id}@spielzimmer`,
			start: at(block.startsAt),
			end: at(block.endsAt),
			allDay,
			timezone: TIME_ZONE,
			summary: t('hostIcal:export.blockSummary', { playroom: block.playroomName }),
			status: ICalEventStatus.CONFIRMED,
			transparency: ICalEventTransparency.OPAQUE,
		})
	}
	return withCalendarProperties(calendar.toString())
}
