import { and, asc, count, desc, eq, gt, gte, inArray, or } from 'drizzle-orm'
import { playrooms, type PlayroomStatus } from '#db/schema/catalogue.ts'
import { orders, SLOT_HOLDING_STATUSES } from '#db/schema/orders.ts'
import { playroomViews, playroomWebsiteClicks } from '#db/schema/tracking.ts'
import { DAY_MS } from '#app/domain/berlin-time.ts'
import { cityBySlug } from '#app/domain/places.ts'
import { slugify } from '#app/domain/search-text.ts'
import type { NewPlayroomInput } from '#app/schemas/host-office.ts'
import { AppError } from '#app/utils/app-error.ts'
import { getDb, immediateTransaction, type DbOrTx } from '#app/utils/db.server.ts'
import type { Locale } from '#app/utils/locale.ts'
import { createPlayroom } from '#app/models/catalogue/catalogue.server.ts'
import { listHostOrders } from './host-orders.server.ts'
import { placeOf } from './host-editor.server.ts'
import { requireManageablePlayroom } from './playroom-access.server.ts'
import { publishChecklist } from './playroom-publishing.server.ts'
import { getPlayroomPhotos } from '#app/models/catalogue/playrooms.server.ts'
import { type PhotoView } from '#app/models/catalogue/playroom-cards.server.ts'
import type { SessionUser } from '#app/models/accounts/session.server.ts'

/**
 * The host's playrooms (issue 12, docs/subsystems/host-office.md): the list
 * of /host/playrooms, a new Draft, and the overview of one playroom. A host
 * sees only their own playrooms; an id of another host's is a 404
 * (requireManageablePlayroom).
 */
type Caller = Pick<SessionUser, 'id' | 'role'>

/**
 * Paths under /playrooms/ that are pages of their own (static segments win
 * over /playrooms/:playroomUrlPath), so a playroom there would be unreachable.
 */
const RESERVED_URL_PATHS = new Set(['search', 'fixedplace', 'sorted', 'cities', 'states', 'id', 'edit'])

/** A slug from the name that no playroom (path or custom URL) uses yet: "name", "name-2", … */
export function uniquePlayroomUrlPath(name: string, db: DbOrTx = getDb()): string {
	const base = slugify(name).slice(0, 100).replace(/-+$/, '') || 'spielzimmer'
	const taken = (path: string) =>
		RESERVED_URL_PATHS.has(path) ||
		Boolean(
			db
				.select({ id: playrooms.id })
				.from(playrooms)
				.where(or(eq(playrooms.playroomUrlPath, path), eq(playrooms.customUrl, path)))
				.get(),
		)
	let path = base
	for (let n = 2; taken(path); n++) path = `${base}-${n}`
	return path
}

/**
 * Drafts a host may have at once (issue 29): creating playrooms costs nothing,
 * and each one can carry iCal feeds and photos, so without a cap one host could
 * make unlimited work for the server. Published, paused and blocked playrooms
 * do not count.
 */
export const MAX_DRAFT_PLAYROOMS = 20

/**
 * A new Draft with a name and a town anywhere in Germany (issue 31.9): its state and
 * coordinates from the offline place list (the postal code's centroid when given), its slugs, hourly bookings without prices (the editor fills them), no
 * photos or opening hours — the checklist lists what is missing. A host with
 * MAX_DRAFT_PLAYROOMS drafts is refused (409, counted inside the transaction).
 */
export function createDraftPlayroom(
	caller: Caller,
	input: Omit<NewPlayroomInput, 'postalCode'> & { postalCode?: string },
): { id: string; playroomUrlPath: string } {
	if (caller.role !== 'Owner' && caller.role !== 'Admin') throw new AppError(403)
	const curated = cityBySlug(input.city)
	const city = curated
		? {
				town: curated.name,
				citySlug: curated.slug,
				stateSlug: curated.stateSlug,
				lat: curated.lat,
				lng: curated.lng,
			}
		: placeOf({ postalCode: input.postalCode, city: input.city })
	return immediateTransaction((tx) => {
		const drafts =
			tx
				.select({ n: count() })
				.from(playrooms)
				.where(and(eq(playrooms.hostId, caller.id), eq(playrooms.status, 'Draft')))
				.get()?.n ?? 0
		if (drafts >= MAX_DRAFT_PLAYROOMS) {
			throw new AppError(409, 'Conflict', {
				messageKey: 'hostOffice:errors.tooManyDrafts',
				params: { max: MAX_DRAFT_PLAYROOMS },
			})
		}
		const playroomUrlPath = uniquePlayroomUrlPath(input.name, tx)
		const id = createPlayroom(
			{
				hostId: caller.id,
				name: input.name,
				playroomUrlPath,
				city: city.town,
				citySlug: city.citySlug,
				stateSlug: city.stateSlug,
				postalCode: curated ? '' : (input.postalCode ?? ''),
				lat: city.lat,
				lng: city.lng,
				maxGuests: 10,
				status: 'Draft',
				paymentMethods: ['BankTransfer'],
				bookingTypes: [
					{
						bookingType: 'Hourly',
						minHours: 1,
						maxHours: 4,
						weekdayPrice: 0,
						weekendPrice: 0,
						guestsIncluded: 10,
					},
				],
			},
			tx,
		)
		return { id, playroomUrlPath }
	})
}

export type HostPlayroomRow = {
	id: string
	name: string
	city: string
	status: PlayroomStatus
	playroomUrlPath: string
	rating: { average: number | null; count: number }
	photo: PhotoView | null
	nextOrder: { id: string; code: string; checkIn: number } | null
}

/** /host/playrooms: the host's playrooms, newest first, with cover photo, next order and rating. */
export function listHostPlayrooms(
	hostId: string,
	locale: Locale,
	options: { now?: number } = {},
	db: DbOrTx = getDb(),
): HostPlayroomRow[] {
	const now = new Date(options.now ?? Date.now())
	const rows = db
		.select()
		.from(playrooms)
		.where(eq(playrooms.hostId, hostId))
		.orderBy(desc(playrooms.createdAt), asc(playrooms.name))
		.all()
	if (rows.length === 0) return []
	const ids = rows.map((row) => row.id)
	const upcoming = db
		.select({ id: orders.id, code: orders.code, playroomId: orders.playroomId, checkIn: orders.checkIn })
		.from(orders)
		.where(
			and(
				// The host's own orders: one of a playroom's previous host is not theirs to open (ADR 0144).
				eq(orders.hostId, hostId),
				inArray(orders.playroomId, ids),
				inArray(orders.status, [...SLOT_HOLDING_STATUSES]),
				gt(orders.checkOut, now),
			),
		)
		.orderBy(asc(orders.checkIn))
		.all()
	return rows.map((row) => {
		const next = upcoming.find((order) => order.playroomId === row.id)
		return {
			id: row.id,
			name: row.name,
			city: row.city,
			status: row.status,
			playroomUrlPath: row.playroomUrlPath,
			rating: { average: row.ratingAverage, count: row.ratingCount },
			photo: getPlayroomPhotos(row.id, locale, db)[0] ?? null,
			nextOrder: next ? { id: next.id, code: next.code, checkIn: next.checkIn.getTime() } : null,
		}
	})
}

export function countHostPlayrooms(hostId: string, db: DbOrTx = getDb()): number {
	return db.select({ n: count() }).from(playrooms).where(eq(playrooms.hostId, hostId)).get()?.n ?? 0
}

const STATS_DAYS = 30

function eventCount(
	table: typeof playroomViews | typeof playroomWebsiteClicks,
	playroomId: string,
	since: Date,
	db: DbOrTx,
) {
	return (
		db
			.select({ n: count() })
			.from(table)
			.where(and(eq(table.playroomId, playroomId), gte(table.createdAt, since)))
			.get()?.n ?? 0
	)
}

/**
 * /host/playrooms/:playroomId: status, checklist, upcoming orders, rating and
 * the last 30 days' page views and website clicks. Ownership first.
 */
export function getPlayroomOverview(
	caller: Caller,
	playroomId: string,
	locale: Locale,
	options: { now?: number } = {},
	db: DbOrTx = getDb(),
) {
	const playroom = requireManageablePlayroom(caller, playroomId, db)
	const now = options.now ?? Date.now()
	const since = new Date(now - STATS_DAYS * DAY_MS)
	const upcoming = listHostOrders(playroom.hostId, { playroomId, from: now, perPage: 20 }, { now }, db)
		.items.filter((order) => (SLOT_HOLDING_STATUSES as readonly string[]).includes(order.status))
		.slice(0, 5)
	return {
		id: playroom.id,
		name: playroom.name,
		city: playroom.city,
		status: playroom.status,
		playroomUrlPath: playroom.playroomUrlPath,
		publishedAt: playroom.publishedAt?.getTime() ?? null,
		rating: { average: playroom.ratingAverage, count: playroom.ratingCount },
		photo: getPlayroomPhotos(playroom.id, locale, db)[0] ?? null,
		checklist: publishChecklist(playroom.id, db),
		upcoming,
		stats: {
			days: STATS_DAYS,
			views: eventCount(playroomViews, playroom.id, since, db),
			websiteClicks: eventCount(playroomWebsiteClicks, playroom.id, since, db),
		},
		now,
	}
}

export type PlayroomOverview = ReturnType<typeof getPlayroomOverview>
