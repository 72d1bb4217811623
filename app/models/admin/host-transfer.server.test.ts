import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { accessAreaPlayrooms } from '#db/schema/access.ts'
import {
	favourites,
	playroomAdditions,
	playroomBlocks,
	playroomFeatures,
	playroomPages,
	playroomPathHistory,
	playroomQuestions,
} from '#db/schema/catalogue.ts'
import { icalFeeds } from '#db/schema/ical.ts'
import { orders, ratings } from '#db/schema/orders.ts'
import { playroomViews, playroomWebsiteClicks } from '#db/schema/tracking.ts'
import { users } from '#db/schema/users.ts'
import { waitlistEntries } from '#db/schema/waitlist.ts'
import { addDays, localDateOf, localToInstant } from '#app/domain/berlin-time.ts'
import { AppError } from '#app/utils/app-error.ts'
import { getDb } from '#app/utils/db.server.ts'
import { callApi } from '#tests/helpers/api.ts'
import {
	bookingFixture,
	daysAhead,
	hourlySlot,
	ledgerOf,
	mailsTo,
	orderRow,
	placeOrder,
	unbalancedJournals,
} from '#tests/helpers/booking.ts'
import { createTestOrder, createTestPlayroom } from '#tests/helpers/catalogue.ts'
import { startFeedServer } from '#tests/helpers/feed-server.ts'
import { addTestPhotos } from '#tests/helpers/host-office.ts'
import { createLoggedInUser, createTestUser } from '#tests/helpers/users.ts'
import { action as adminUserAction } from '#app/routes/api/admin-user.ts'
import {
	addCodePart,
	createAccessArea,
	listAccessAreas,
} from '#app/models/host-office/access-areas.server.ts'
import { listAuditEntries } from '#app/models/platform/audit-log.server.ts'
import { createBlock, getHostCalendar } from '#app/models/host-office/host-calendar.server.ts'
import { getHostDashboard } from '#app/models/host-office/host-dashboard.server.ts'
import { readBasicInformation, readDetailInformation } from '#app/models/host-office/host-editor.server.ts'
import { readPayment, readRules } from '#app/models/host-office/host-editor-settings.server.ts'
import { getPlayroomOverview, listHostPlayrooms } from '#app/models/host-office/host-playrooms.server.ts'
import { convertHost } from './host-transfer.server.ts'
import { buildExportFeed, issueExportToken } from '#app/models/host-office/ical-export.server.ts'
import { getFeedsPage } from '#app/models/host-office/ical-feeds.server.ts'
import { syncFeeds } from '#app/models/host-office/ical-import.server.ts'
import { listHostOrders } from '#app/models/host-office/host-orders.server.ts'
import { completeOrder } from '#app/models/booking/order-transitions.server.ts'
import { recordBankTransfer } from '#app/models/booking/payments.server.ts'
import { requireManageablePlayroom } from '#app/models/host-office/playroom-access.server.ts'
import { createTemplateText, listHostTemplates } from '#app/models/host-office/template-texts.server.ts'
import { listWaitlistForHost } from '#app/models/booking/waitlist.server.ts'

/**
 * ConvertToGutshof / ConvertOrdersToGutshof (spec §7, ADR 0099) through the
 * admin API: playrooms and their future orders move to the new host, past
 * and cancelled orders stay, the audit log keeps the previous host, and bad
 * input is a 400 envelope that changes nothing.
 */
const DAY = 86_400_000
const api = (endpoint: string, token: string, json: unknown) =>
	callApi(adminUserAction as never, 'Admin/User', endpoint, { token, json, language: 'en' })

const hostOf = (orderId: string) => getDb().select().from(orders).where(eq(orders.id, orderId)).get()?.hostId

async function venue() {
	const room = await createTestPlayroom()
	const other = await createTestPlayroom({ hostId: room.hostId })
	const at = (days: number) => ({
		checkIn: new Date(Date.now() + days * DAY),
		checkOut: new Date(Date.now() + days * DAY + 2 * 3_600_000),
	})
	const base = { playroomId: room.id, hostId: room.hostId }
	const future = await createTestOrder({ ...base, ...at(10), status: 'Confirmed' })
	const requested = await createTestOrder({ ...base, ...at(12), status: 'Requested' })
	const past = await createTestOrder({ ...base, ...at(-10), status: 'Completed' })
	const cancelled = await createTestOrder({ ...base, ...at(14), status: 'Cancelled' })
	const target = await createTestUser({ role: 'Owner' })
	return { room, other, future, requested, past, cancelled, sourceId: room.hostId, target }
}

describe('ConvertToGutshof and ConvertOrdersToGutshof', () => {
	test('the chosen playroom and its future orders move; past and cancelled orders and the other playroom stay', async () => {
		const { token, user: admin } = await createLoggedInUser({ role: 'Admin' })
		const v = await venue()
		const input = { sourceUserId: v.sourceId, targetUserId: v.target.id, playroomIds: [v.room.id] }

		const moved = await api('ConvertToGutshof', token, input)
		expect(moved.status).toBe(200)
		expect(moved.value).toEqual({ playroomIds: [v.room.id] })
		const movedOrders = await api('ConvertOrdersToGutshof', token, input)
		expect(movedOrders.status).toBe(200)
		expect(new Set((movedOrders.value as { orderIds: string[] }).orderIds)).toEqual(
			new Set([v.future.id, v.requested.id]),
		)

		expect(hostOf(v.future.id)).toBe(v.target.id)
		expect(hostOf(v.requested.id)).toBe(v.target.id)
		expect(hostOf(v.past.id)).toBe(v.sourceId)
		expect(hostOf(v.cancelled.id)).toBe(v.sourceId)

		// The old host no longer manages the playroom (404); the new one does; the other playroom stays.
		const oldHost = { id: v.sourceId, role: 'Owner' as const }
		const newHost = { id: v.target.id, role: 'Owner' as const }
		expect(() => requireManageablePlayroom(oldHost, v.room.id)).toThrow(AppError)
		expect(requireManageablePlayroom(newHost, v.room.id).id).toBe(v.room.id)
		expect(requireManageablePlayroom(oldHost, v.other.id).id).toBe(v.other.id)
		expect(listHostPlayrooms(newHost.id, 'en').map((room) => room.id)).toEqual([v.room.id])

		// The history keeps the previous host: on the playroom, on the moved order, on both hosts.
		const hostChange = { field: 'hostId', before: v.sourceId, after: v.target.id, secret: false }
		expect(listAuditEntries('playroom', v.room.id)).toMatchObject([
			{ action: 'playroom.convertToGutshof', admin: { id: admin.id }, changes: [hostChange] },
		])
		expect(listAuditEntries('order', v.future.id)).toMatchObject([
			{ action: 'order.convertToGutshof', changes: [hostChange] },
		])
		expect(listAuditEntries('order', v.past.id)).toEqual([])
		for (const hostId of [v.sourceId, v.target.id]) {
			expect(listAuditEntries('user', hostId)[0]).toMatchObject({ action: 'user.convertToGutshof' })
		}

		// Again: the playroom is no longer the source host's — refused, nothing written.
		const again = await api('ConvertToGutshof', token, input)
		expect(again.status).toBe(400)
		expect(again.error?.message).toBe('A chosen playroom does not belong to this host.')
		expect(listAuditEntries('playroom', v.room.id)).toHaveLength(1)
	})

	test('without playroomIds every playroom of the host moves', async () => {
		const { token } = await createLoggedInUser({ role: 'Admin' })
		const v = await venue()
		const moved = await api('ConvertToGutshof', token, {
			sourceUserId: v.sourceId,
			targetUserId: v.target.id,
		})
		expect(new Set((moved.value as { playroomIds: string[] }).playroomIds)).toEqual(
			new Set([v.room.id, v.other.id]),
		)
		const movedOrders = await api('ConvertOrdersToGutshof', token, {
			sourceUserId: v.sourceId,
			targetUserId: v.target.id,
		})
		expect((movedOrders.value as { orderIds: string[] }).orderIds).toHaveLength(2)
	})

	test('bad input is a translated 400 envelope and changes nothing; guests and hosts get 403', async () => {
		const { token } = await createLoggedInUser({ role: 'Admin' })
		const v = await venue()
		const guest = await createTestUser({ role: 'Customer' })
		const cases: [unknown, string][] = [
			[{ sourceUserId: v.sourceId, targetUserId: v.sourceId }, 'Source and target account are the same.'],
			[{ sourceUserId: v.sourceId, targetUserId: guest.id }, 'The target account is not an (active) host.'],
			[{ sourceUserId: guest.id, targetUserId: v.target.id }, 'The source account is not a host.'],
			[
				{
					sourceUserId: v.sourceId,
					targetUserId: v.target.id,
					playroomIds: [(await createTestPlayroom()).id],
				},
				'A chosen playroom does not belong to this host.',
			],
		]
		for (const [json, message] of cases) {
			for (const endpoint of ['ConvertToGutshof', 'ConvertOrdersToGutshof']) {
				const answer = await api(endpoint, token, json)
				expect(answer.status).toBe(400)
				expect(answer.body.success).toBe(false)
				if (endpoint === 'ConvertToGutshof' || !message.startsWith('A chosen')) {
					expect(answer.error?.message).toBe(message)
				} else {
					expect(answer.error?.message).toBe('A chosen playroom does not belong to the new host yet.')
				}
			}
		}
		expect((await api('ConvertToGutshof', token, { sourceUserId: 'x', targetUserId: 1 })).status).toBe(400)
		expect(hostOf(v.future.id)).toBe(v.sourceId)
		expect(listAuditEntries('playroom', v.room.id)).toEqual([])
		expect(getDb().select().from(users).where(eq(users.id, v.target.id)).get()?.role).toBe('Owner')

		for (const role of ['Customer', 'Owner'] as const) {
			const other = await createLoggedInUser({ role })
			const answer = await api('ConvertToGutshof', other.token, {
				sourceUserId: v.sourceId,
				targetUserId: v.target.id,
			})
			expect(answer.status).toBe(403)
		}
		expect(hostOf(v.future.id)).toBe(v.sourceId)
	})

	test('a paid future order that moved settles to the new host; the source keeps no host row of it', async () => {
		const { user: admin } = await createLoggedInUser({ role: 'Admin' })
		const fixture = await bookingFixture({ instantBooking: true })
		const order = placeOrder(fixture, hourlySlot(daysAhead(20), 10), { now: Date.now() })
		recordBankTransfer({ orderId: order.id, amount: order.totalAmount }, admin)
		expect(ledgerOf(order.id).filter((row) => row.account === 'HostPayable')).toEqual([])
		const target = await createTestUser({ role: 'Owner' })
		const moved = convertHost(
			admin,
			{ sourceUserId: fixture.host.id, targetUserId: target.id, playroomIds: [fixture.playroom.id] },
			{ withOrders: true },
		)
		expect(moved.orderIds).toEqual([order.id])
		const checkOut = orderRow(order.id)!.checkOut.getTime()
		expect(completeOrder(order.id, { now: checkOut + 60_000 })).toBe(true)
		const hostRows = ledgerOf(order.id).filter((row) => row.account === 'HostPayable')
		expect(hostRows.length).toBeGreaterThan(0)
		expect(hostRows.every((row) => row.hostId === target.id)).toBe(true)
		expect(unbalancedJournals()).toEqual([])
	})
})

/**
 * Issue 29 (ADR 0144): moving a playroom handed the old host's iCal import
 * URLs (private Airbnb links) to the new host, who then saw and synced them.
 * The move now takes or drops every playroom-scoped secret. This test walks
 * every table with a `playroom_id` column, found in the schema at run time:
 * each must be classified below (a new table fails until it is), must hold a
 * row of the moved playroom before the move (so the check is not empty), and
 * after the move nothing the old host kept secret shows up in anything the
 * new host's back office reads.
 */
type Fate =
	/** Stays on the playroom and is the new host's now: the listing, its history guests see, its demand. */
	| { fate: 'moved'; why: string }
	/** Gone with the move. */
	| { fate: 'dropped'; why: string }
	/** Stays on the playroom but stays the old host's: the new host's reads must not show it. */
	| { fate: 'kept'; why: string }

const PLAYROOM_TABLES: Record<string, Fate> = {
	ical_feeds: { fate: 'dropped', why: "the URLs are the old host's private calendar links" },
	calendar_export_tokens: { fate: 'dropped', why: 'a feed URL of the playroom is the host’s secret' },
	access_area_playrooms: { fate: 'dropped', why: "the old host's key boxes and codes" },
	playroom_blocks: {
		fate: 'moved',
		why: 'the venue is taken then; imported busy times go with their feeds, the notes are dropped',
	},
	orders: {
		fate: 'kept',
		why: "orders.host_id stays the old host's (ADR 0099); the new host sees their time as taken, nothing more",
	},
	playroom_additions: { fate: 'moved', why: 'listing content' },
	playroom_booking_types: { fate: 'moved', why: 'listing content' },
	playroom_content_versions: { fate: 'moved', why: "the page cache's version of the listing" },
	playroom_features: { fate: 'moved', why: 'listing content' },
	playroom_opening_hours: { fate: 'moved', why: 'listing content' },
	playroom_pages: { fate: 'moved', why: 'listing content' },
	playroom_path_history: { fate: 'moved', why: 'public URLs of the listing' },
	playroom_photos: { fate: 'moved', why: 'listing content' },
	playroom_questions: { fate: 'moved', why: 'listing content' },
	playroom_search: { fate: 'moved', why: 'the search index of the listing' },
	playroom_views: { fate: 'moved', why: "the venue's page statistics (counts only)" },
	playroom_website_clicks: { fate: 'moved', why: "the venue's page statistics (counts only)" },
	ratings: { fate: 'moved', why: 'public reviews of the venue' },
	favourites: { fate: 'moved', why: "guests' own lists; no host reads who" },
	waitlist_entries: { fate: 'moved', why: "guests waiting for the venue's slots; the new host offers them" },
}

/** Every table (and virtual table) with a playroom_id column, from the live schema. */
function tablesWithPlayroomId(): string[] {
	const db = getDb().$client
	const names = db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`).all() as {
		name: string
	}[]
	return names
		.map((row) => row.name)
		.filter((name) =>
			(db.prepare('SELECT name FROM pragma_table_info(?)').all(name) as { name: string }[]).some(
				(column) => column.name === 'playroom_id',
			),
		)
}

const countOf = (table: string, playroomId: string) =>
	(
		getDb().$client.prepare(`SELECT count(*) AS n FROM "${table}" WHERE playroom_id = ?`).get(playroomId) as {
			n: number
		}
	).n

const SECRET = {
	feedUrl: 'https://www.airbnb.example/calendar/ical/4711.ics?s=GEHEIM-FEED-a1b2c3',
	eventTitle: 'Airbnb GEHEIM-EVENT Reserviert',
	blockNote: 'GEHEIM-NOTIZ Familienfeier Schmidt',
	areaName: 'GEHEIM-KASTEN Hinterhof',
	code: 'GEHEIM-CODE-7319',
	guestName: 'Geheimgast',
	company: 'GEHEIM-FIRMA Altbetreiber GmbH',
	iban: 'DE89370400440532013000',
	template: 'GEHEIM-VORLAGE Willkommen',
}

/** The old host's venue with a row in every playroom_id table. */
async function venueWithSecrets() {
	const db = getDb()
	const oldHost = await createTestUser({
		role: 'Owner',
		companyName: SECRET.company,
		payoutIban: SECRET.iban,
	})
	const newHost = await createTestUser({ role: 'Owner' })
	const { user: admin } = await createLoggedInUser({ role: 'Admin' })
	const oldCaller = { id: oldHost.id, role: 'Owner' as const }
	const newCaller = { id: newHost.id, role: 'Owner' as const }
	const room = (await createTestPlayroom({ hostId: oldHost.id })).id
	const stays = (await createTestPlayroom({ hostId: oldHost.id })).id

	const at = (days: number, hour = 10) => {
		const start = localToInstant(addDays(localDateOf(Date.now()), days), hour * 60)!
		return { checkIn: new Date(start), checkOut: new Date(start + 2 * 3_600_000) }
	}
	const order = async (days: number, status: 'Completed' | 'Confirmed' | 'Cancelled') => {
		const row = await createTestOrder({ playroomId: room, hostId: oldHost.id, ...at(days), status })
		db.update(orders)
			.set({ contact: { ...row.contact, firstName: SECRET.guestName } })
			.where(eq(orders.id, row.id))
			.run()
		return row
	}
	const past = await order(-10, 'Completed')
	const future = await order(12, 'Confirmed')
	const cancelled = await order(14, 'Cancelled')

	const feed = db.insert(icalFeeds).values({ playroomId: room, url: SECRET.feedUrl }).returning().get()
	db.insert(playroomBlocks)
		.values([
			{
				playroomId: room,
				...interval(at(20)),
				source: 'ICal',
				externalUid: `${feed.id}:uid-1:1`,
				note: SECRET.eventTitle,
			},
			{ playroomId: room, ...interval(at(21)), source: 'Host', note: SECRET.blockNote },
		])
		.run()
	const exportUrl = issueExportToken(oldCaller, { playroomId: room })
	const area = createAccessArea(oldCaller, {
		name: SECRET.areaName,
		type: 'KeyBox',
		instructionsDe: 'Hinten links.',
		instructionsEn: 'Back left.',
		playroomIds: [room, stays],
	})
	addCodePart(oldCaller, area.id, { code: SECRET.code })
	createTemplateText(oldCaller, {
		type: 'BookingConfirmation',
		locale: 'de',
		subject: SECRET.template,
		body: `${SECRET.template} {{guestFirstName}}`,
	})

	// The listing and what guests did with it.
	const guest = await createTestUser()
	db.insert(favourites).values({ userId: guest.id, playroomId: room }).run()
	db.insert(playroomAdditions)
		.values({ playroomId: room, nameDe: 'Kuchen', nameEn: 'Cake', price: 500, unit: 'PerBooking' })
		.run()
	db.insert(playroomFeatures).values({ playroomId: room, featureKey: 'ball-pit' }).run()
	db.insert(playroomPages)
		.values({
			playroomId: room,
			position: 0,
			titleDe: 'Anfahrt',
			titleEn: 'Directions',
			textDe: 'A',
			textEn: 'B',
		})
		.run()
	db.insert(playroomQuestions)
		.values({
			playroomId: room,
			position: 0,
			questionDe: 'F?',
			questionEn: 'Q?',
			answerDe: 'A',
			answerEn: 'A',
		})
		.run()
	db.insert(playroomPathHistory)
		.values({ urlPath: `alt-${room}`, playroomId: room })
		.run()
	addTestPhotos(room, 1)
	db.insert(playroomViews).values({ playroomId: room }).run()
	db.insert(playroomWebsiteClicks).values({ playroomId: room }).run()
	db.insert(ratings)
		.values({
			orderId: past.id,
			playroomId: room,
			guestId: past.guestId,
			stars: 5,
			cleanliness: 5,
			communication: 5,
			value: 5,
		})
		.run()
	db.insert(waitlistEntries)
		.values({ playroomId: room, guestId: guest.id, bookingType: 'Hourly', startsAt: at(12).checkIn })
		.run()

	return {
		admin,
		oldHost,
		newHost,
		oldCaller,
		newCaller,
		room,
		stays,
		orders: { past, future, cancelled },
		exportToken: exportUrl.replace(/^.*\/calendar\/|\.ics$/g, ''),
		at,
	}
}

function interval(at: { checkIn: Date; checkOut: Date }) {
	return { startsAt: at.checkIn, endsAt: at.checkOut }
}

/** Everything the new host's back office reads, as one string. */
async function whatTheNewHostSees(v: Awaited<ReturnType<typeof venueWithSecrets>>) {
	const managed = requireManageablePlayroom(v.newCaller, v.room)
	// The new host's own feed imports a busy time over the old host's booking: a dashboard conflict
	// and an overlap e-mail to the new host, neither of which may name that booking.
	const stamp = (date: Date) => date.toISOString().replace(/[-:]|\.\d{3}/g, '')
	const feedServer = await startFeedServer()
	try {
		feedServer.feed = [
			'BEGIN:VCALENDAR',
			'VERSION:2.0',
			'PRODID:-//Test//Feed//EN',
			'BEGIN:VEVENT',
			'UID:neu-1@test',
			'DTSTAMP:20260101T000000Z',
			`DTSTART:${stamp(v.at(12, 9).checkIn)}`,
			`DTEND:${stamp(v.at(12, 9).checkOut)}`,
			'SUMMARY:Belegt',
			'END:VEVENT',
			'END:VCALENDAR',
		].join('\r\n')
		const ownFeed = getDb()
			.insert(icalFeeds)
			.values({ playroomId: v.room, url: `${feedServer.origin}/feed.ics` })
			.returning()
			.get()
		const { results } = await syncFeeds([ownFeed.id], {
			now: new Date(),
			executionId: null,
			fetch: { allowPrivate: true },
		})
		expect(results).toMatchObject([{ ok: true, periods: 1 }])
	} finally {
		await feedServer.close()
	}
	// Only the new host's own bookings are overlaps worth an e-mail.
	const overlapMails = mailsTo(v.newHost.email)
	expect(overlapMails).toEqual([])
	const months = [-10, 12, 14, 20, 21].map((days) => localDateOf(v.at(days).checkIn.getTime()))
	const newExport = issueExportToken(v.newCaller, { playroomId: v.room }).replace(
		/^.*\/calendar\/|\.ics$/g,
		'',
	)
	// The new host's export of the playroom: the old host's booking is busy time there, nameless.
	const newFeed = buildExportFeed(newExport) ?? ''
	const futureStart = localDateOf(v.orders.future.checkIn.getTime()).replace(/-/g, '')
	expect(newFeed).toContain(`DTSTART;TZID=Europe/Berlin:${futureStart}T100000`)
	const reads = [
		overlapMails,
		getFeedsPage(v.newCaller),
		...months.map((date) => getHostCalendar(v.newCaller, { view: 'month', date, playroomId: null })),
		listHostPlayrooms(v.newHost.id, 'de'),
		getPlayroomOverview(v.newCaller, v.room, 'de'),
		listHostOrders(v.newHost.id, { perPage: 100 }),
		getHostDashboard(v.newHost.id),
		listAccessAreas(v.newHost.id),
		listHostTemplates(v.newHost.id),
		readBasicInformation(managed),
		readDetailInformation(managed),
		readRules(managed),
		readPayment(managed),
		newFeed,
		listWaitlistForHost(v.newHost.id, {
			from: Date.now() - 30 * 86_400_000,
			to: Date.now() + 60 * 86_400_000,
		}),
	]
	// Blocking the old host's booked time is refused without naming the booking.
	const [date, time] = [localDateOf(v.orders.future.checkIn.getTime()), '09:00']
	let refusal = ''
	try {
		createBlock(
			v.newCaller,
			{
				playroomId: v.room,
				startDate: date,
				startTime: time,
				endDate: date,
				endTime: '18:00',
				note: undefined,
			},
			'de',
		)
	} catch (error) {
		refusal = JSON.stringify(error)
	}
	expect(refusal).toContain('BlockOverlapsOrder')
	return JSON.stringify(reads) + refusal
}

describe('ConvertToGutshof takes or drops every playroom-scoped secret', () => {
	test('every table with a playroom_id column is classified', () => {
		const tables = tablesWithPlayroomId()
		expect(tables.filter((table) => !PLAYROOM_TABLES[table])).toEqual([])
		expect(Object.keys(PLAYROOM_TABLES).filter((table) => !tables.includes(table))).toEqual([])
	})

	test("nothing secret of the old host stays visible to the new host; the old host's feeds are gone", async () => {
		const v = await venueWithSecrets()
		const tables = tablesWithPlayroomId()
		const before = Object.fromEntries(tables.map((table) => [table, countOf(table, v.room)]))
		// The fixture holds a row of the moved playroom in every table (else its check would be empty).
		expect(tables.filter((table) => before[table] === 0)).toEqual([])

		const result = convertHost(
			v.admin,
			{ sourceUserId: v.oldHost.id, targetUserId: v.newHost.id, playroomIds: [v.room] },
			{ withOrders: false },
		)
		expect(result).toEqual({ playroomIds: [v.room], orderIds: [] })

		for (const table of tables) {
			const after = countOf(table, v.room)
			const { fate } = PLAYROOM_TABLES[table]!
			if (fate === 'dropped') expect(after, table).toBe(0)
			else if (table === 'playroom_blocks') expect(after, table).toBe(before[table]! - 1)
			else expect(after, table).toBe(before[table])
		}
		const blocks = getDb().select().from(playroomBlocks).where(eq(playroomBlocks.playroomId, v.room)).all()
		expect(blocks.map((block) => [block.source, block.note])).toEqual([['Host', null]])
		// Kept: the orders stay the old host's.
		const hosts = getDb()
			.select({ hostId: orders.hostId })
			.from(orders)
			.where(eq(orders.playroomId, v.room))
			.all()
		expect(hosts.every((row) => row.hostId === v.oldHost.id)).toBe(true)
		// The old host's key box still opens the playroom that stayed.
		expect(
			getDb().select().from(accessAreaPlayrooms).where(eq(accessAreaPlayrooms.playroomId, v.stays)).all(),
		).toHaveLength(1)
		// The old host's export URL of the moved playroom is dead; no feed of theirs is synced any more.
		expect(buildExportFeed(v.exportToken)).toBeNull()
		expect(getDb().select().from(icalFeeds).where(eq(icalFeeds.url, SECRET.feedUrl)).all()).toEqual([])

		const seen = await whatTheNewHostSees(v)
		const codes = Object.values(v.orders).map((order) => order.code)
		for (const secret of [...Object.values(SECRET), v.exportToken, ...codes]) {
			expect(seen, secret).not.toContain(secret)
		}
		// The new host does see the venue: its name, its taken times.
		expect(seen).toContain(v.orders.future.checkIn.toISOString().slice(0, 10))

		// The audit entry says what went (counts, not the secrets).
		expect(listAuditEntries('playroom', v.room)[0]?.changes).toEqual(
			expect.arrayContaining([
				expect.objectContaining({ field: 'icalFeeds', before: 1, after: 0 }),
				expect.objectContaining({ field: 'importedBlocks', before: 1, after: 0 }),
				expect.objectContaining({ field: 'calendarExportTokens', before: 1, after: 0 }),
				expect.objectContaining({ field: 'accessAreaLinks', before: 1, after: 0 }),
				expect.objectContaining({ field: 'blockNotes', before: 1, after: 0 }),
			]),
		)
	})
})
