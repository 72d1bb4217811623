import { describe, expect, test } from 'vitest'
import { playroomViews, playroomWebsiteClicks } from '#db/schema/tracking.ts'
import { createTestOrder, createTestPlayroom } from '#tests/helpers/catalogue.ts'
import { callRoute } from '#tests/helpers/route-harness.ts'
import { createLoggedInUser } from '#tests/helpers/users.ts'
import { addDays, localDateOf, localToInstant } from '#app/domain/berlin-time.ts'
import { getDb } from '#app/utils/db.server.ts'
import type { SearchResult } from '#app/models/catalogue/playroom-search.server.ts'
import type {
	getAvailableLists,
	getBookingData,
	getLiveData,
	getOccupationData,
} from '#app/models/booking/playroom-booking.server.ts'
import type { FeatureView, getPlayroomDetail } from '#app/models/catalogue/playrooms.server.ts'
import type { PlayroomCard } from '#app/models/catalogue/playroom-cards.server.ts'
import * as addFavorite from './add-favorite.ts'
import * as availableLists from './available-lists.ts'
import * as booking from './booking.ts'
import * as customUrl from './custom-url.ts'
import * as featureList from './feature-list.ts'
import * as featuresRoute from './features.ts'
import * as forOrderCheckout from './for-order-checkout.ts'
import * as getFavorites from './get-favorites.ts'
import * as getPrice from './get-price.ts'
import * as images from './images.ts'
import * as index from './index.ts'
import * as liveData from './live-data.ts'
import * as mergeFavorites from './merge-favorites.ts'
import * as nearby from './nearby.ts'
import * as occupation from './occupation.ts'
import * as pageView from './page-view.ts'
import * as playroom from './playroom.ts'
import * as playroomPage from './playroom-page.ts'
import * as qrCode from './qr-code.ts'
import * as questions from './questions.ts'
import * as removeFavorite from './remove-favorite.ts'
import * as website from './website.ts'

type Envelope<T = unknown> = { success: boolean; value: T; error: string | null }
const BASE = '/api/Public/Playrooms'

async function get<T = unknown>(
	module: { loader: (args: never) => unknown },
	path: string,
	options: { cookie?: string; lang?: string } = {},
) {
	const result = await callRoute(module.loader as never, {
		path: `${BASE}/${path}`,
		cookie: options.cookie,
		headers: options.lang ? { 'Accept-Language': options.lang } : {},
	})
	return { ...result, body: result.json as Envelope<T> }
}

async function post<T = unknown>(
	module: { action: (args: never) => unknown },
	path: string,
	json: unknown,
	cookie?: string,
) {
	const result = await callRoute(module.action as never, { path: `${BASE}/${path}`, json, cookie })
	return { ...result, body: result.json as Envelope<T> }
}

const errorOf = (body: Envelope<unknown>) =>
	JSON.parse(body.error ?? '{}') as { name: string; message: string; fields?: Record<string, string[]> }

// A date in the future that is a Wednesday, far enough for lead times.
const today = localDateOf(Date.now())
let future = addDays(today, 14)
while (new Date(`${future}T12:00:00Z`).getUTCDay() !== 3) future = addDays(future, 1)
const at = (date: string, hour: number) => new Date(localToInstant(date, hour * 60) as number)

describe('Public playroom API', async () => {
	const published = await createTestPlayroom({
		name: 'Kunterbunt Ehrenfeld',
		playroomUrlPath: 'kunterbunt-ehrenfeld',
		customUrl: 'kunterbunt',
		features: ['ball-pit', 'kitchen'],
		photos: [],
		questions: [
			{
				questionDe: 'Gibt es Parkplätze?',
				questionEn: 'Is there parking?',
				answerDe: 'Ja.',
				answerEn: 'Yes.',
			},
		],
		pages: [{ titleDe: 'Anfahrt', titleEn: 'Getting here', textDe: 'Mit der Bahn.', textEn: 'By train.' }],
		additions: [
			{
				id: 'cakeAddition0001',
				nameDe: 'Kuchen',
				nameEn: 'Cake',
				price: 2_000,
				unit: 'PerBooking',
				maxQuantity: 1,
			},
		],
	})
	const draft = await createTestPlayroom({
		name: 'Entwurf',
		playroomUrlPath: 'entwurf-raum',
		status: 'Draft',
		publishedAt: null,
	})
	const neighbour = await createTestPlayroom({ name: 'Nachbar', lat: 50.95, lng: 6.97 })
	await createTestOrder({
		playroomId: published.id,
		hostId: published.hostId,
		checkIn: at(future, 10),
		checkOut: at(future, 12),
	})

	test('Index: filters, shape, bad input', async () => {
		const { body, status } = await get<SearchResult>(
			index,
			'Index?city=koeln&q=Koeln&features=ball-pit&guests=5&sort=price',
		)
		expect(status).toBe(200)
		expect(body.value).toMatchObject({ totalCount: 1, currentPage: 1, perPage: 12 })
		expect(body.value.items[0]).toMatchObject({
			name: 'Kunterbunt Ehrenfeld',
			playroomUrlPath: 'kunterbunt-ehrenfeld',
		})
		const bad = await get(
			index,
			'Index?currentPage=0&perPage=1000&checkIn=2026-02-30&bookingType=Weekly&sort=cheapest&guests=x',
		)
		expect(bad.status).toBe(400)
		expect(Object.keys(errorOf(bad.body).fields ?? {}).sort()).toEqual(
			['bookingType', 'checkIn', 'currentPage', 'guests', 'perPage', 'sort'].sort(),
		)
		const halfPoint = await get(index, 'Index?lat=50.9', { lang: 'en' })
		expect(errorOf(halfPoint.body).fields).toEqual({ lng: ['Latitude and longitude belong together.'] })
		expect((await get(index, 'Index?sort=distance')).status).toBe(400)
		expect((await get(index, 'Index?features=Ball%20Pit')).status).toBe(400)
		expect((await get(index, `Index?q=${'x'.repeat(201)}`)).status).toBe(400)
	})

	test('Playroom: detail of a published one; unknown and draft are 404 except for its host and admins', async () => {
		const ok = await get(playroom, 'Playroom?playroomUrlPath=kunterbunt-ehrenfeld', { lang: 'en-GB' })
		expect(ok.body.value).toMatchObject({
			id: published.id,
			description: 'A bright room to play in.',
			features: [
				{ key: 'ball-pit', name: 'Ball pit' },
				{ key: 'kitchen', name: 'Kitchen' },
			],
			bookingTypes: [{ bookingType: 'Hourly', minHours: 2, maxHours: 4, weekdayPrice: 3_500 }],
			availability: { timeZone: 'Europe/Berlin', slotMinutes: 60 },
			hasWebsite: true,
		})
		expect(JSON.stringify(ok.body.value)).not.toContain('example.com/spielraum')

		const unknown = await get(playroom, 'Playroom?playroomUrlPath=gibt-es-nicht')
		expect(unknown.status).toBe(404)
		expect(errorOf(unknown.body)).toMatchObject({
			name: 'NotFound',
			message: 'Diesen Spielraum gibt es nicht (mehr).',
		})
		const english = await get(playroom, 'Playroom?playroomUrlPath=gibt-es-nicht', { lang: 'en-GB' })
		expect(errorOf(english.body).message).toBe('This playroom does not exist (any more).')

		expect((await get(playroom, 'Playroom?playroomUrlPath=entwurf-raum')).status).toBe(404)
		const stranger = await createLoggedInUser({ role: 'Owner' })
		expect(
			(await get(playroom, 'Playroom?playroomUrlPath=entwurf-raum', { cookie: stranger.cookie })).status,
		).toBe(404)
		const admin = await createLoggedInUser({ role: 'Admin' })
		expect(
			(await get(playroom, 'Playroom?playroomUrlPath=entwurf-raum', { cookie: admin.cookie })).status,
		).toBe(200)
		const host = await createLoggedInUser({ role: 'Owner' })
		const own = await createTestPlayroom({
			hostId: host.user.id,
			playroomUrlPath: 'mein-entwurf',
			status: 'Paused',
		})
		const mine = await get(playroom, 'Playroom?playroomUrlPath=mein-entwurf', { cookie: host.cookie })
		expect(mine.body.value).toMatchObject({ id: own.id, status: 'Paused' })

		expect((await get(playroom, 'Playroom')).status).toBe(400)
		expect((await get(playroom, 'Playroom?playroomUrlPath=Not%20A%20Slug')).status).toBe(400)
	})

	test('Images, Features, Questions, PlayroomPage, FeatureList, CustomUrl', async () => {
		expect((await get(images, `Images?playroomId=${published.id}`)).body.value).toEqual([])
		expect(
			(await get<FeatureView[]>(featuresRoute, `Features?playroomId=${published.id}`)).body.value.map(
				(f: { key: string }) => f.key,
			),
		).toEqual(['ball-pit', 'kitchen'])
		const faq = await get(questions, 'Questions?playroomUrlPath=kunterbunt-ehrenfeld', { lang: 'en' })
		expect(faq.body.value).toMatchObject([{ question: 'Is there parking?', answer: 'Yes.' }])
		const detail = await get<ReturnType<typeof getPlayroomDetail>>(
			playroom,
			`Playroom?playroomId=${published.id}`,
		)
		const pageId = detail.body.value.pages[0]?.id
		const page = await get(playroomPage, `PlayroomPage?playroomId=${published.id}&playroomPageId=${pageId}`)
		expect(page.body.value).toMatchObject({ title: 'Anfahrt', text: 'Mit der Bahn.' })
		expect(
			(await get(playroomPage, `PlayroomPage?playroomId=${neighbour.id}&playroomPageId=${pageId}`)).status,
		).toBe(404)
		expect((await get<FeatureView[]>(featureList, 'FeatureList')).body.value.length).toBeGreaterThanOrEqual(3)
		expect((await get(customUrl, 'CustomUrl?customUrl=/kunterbunt/')).body.value).toEqual({
			playroomId: published.id,
			playroomUrlPath: 'kunterbunt-ehrenfeld',
		})
		expect((await get(customUrl, 'CustomUrl?customUrl=nix')).status).toBe(404)
		for (const [module, path] of [
			[images, 'Images'],
			[featuresRoute, 'Features?playroomId=short'],
			[questions, 'Questions?playroomUrlPath='],
			[playroomPage, `PlayroomPage?playroomId=${published.id}`],
			[customUrl, 'CustomUrl'],
		] as const) {
			const result = await get(module, path)
			expect(result.status, path).toBe(400)
			expect(result.body.success).toBe(false)
		}
		expect((await get(images, `Images?playroomId=${draft.id}`)).status).toBe(404)
	})

	test('AvailableLists: start times around an existing order; bad input', async () => {
		const lists = await get<ReturnType<typeof getAvailableLists>>(
			availableLists,
			`AvailableLists?playroomUrlPath=kunterbunt-ehrenfeld&checkIn=${future}&bookingType=Hourly`,
		)
		expect(lists.status).toBe(200)
		const starts = lists.body.value.starts.map((s: { localStart: string }) => s.localStart.slice(11))
		expect(starts).toEqual(['12:00', '13:00', '14:00', '15:00', '16:00'])
		expect(lists.body.value.starts[0]?.durations.map((d: { minutes: number }) => d.minutes)).toEqual([
			120, 180, 240,
		])
		expect(
			(
				await get(
					availableLists,
					`AvailableLists?playroomUrlPath=kunterbunt-ehrenfeld&checkIn=${future}&bookingType=Daily`,
				)
			).status,
		).toBe(400)
		const bad = await get(
			availableLists,
			'AvailableLists?playroomUrlPath=kunterbunt-ehrenfeld&checkIn=morgen&bookingType=Hourly',
		)
		expect(errorOf(bad.body).fields?.checkIn).toEqual(['Wert ist kein gültiges Datum'])
		expect(
			(
				await get(
					availableLists,
					`AvailableLists?playroomUrlPath=entwurf-raum&checkIn=${future}&bookingType=Hourly`,
				)
			).status,
		).toBe(404)
	})

	test('GetOccupationData: intervals without guest data; range checks', async () => {
		const result = await get<ReturnType<typeof getOccupationData>>(
			occupation,
			`GetOccupationData?playroomId=${published.id}&from=${future}&to=${addDays(future, 6)}`,
		)
		expect(result.body.value.occupied).toEqual([
			expect.objectContaining({ kind: 'booked', localStart: `${future}T10:00`, localEnd: `${future}T12:00` }),
		])
		expect(result.body.value.days).toHaveLength(7)
		expect(result.body.value.days[0]).toEqual({ date: future, open: true, available: true })
		const text = JSON.stringify(result.body.value)
		for (const secret of ['Gabi', 'Geheim', '+49', 'SZ-', '@']) expect(text).not.toContain(secret)
		expect(
			(
				await get(
					occupation,
					`GetOccupationData?playroomId=${published.id}&from=${future}&to=${addDays(future, 400)}`,
				)
			).status,
		).toBe(400)
		expect(
			(
				await get(
					occupation,
					`GetOccupationData?playroomId=${published.id}&from=${future}&to=${addDays(future, -1)}`,
				)
			).status,
		).toBe(400)
		expect((await get(occupation, 'GetOccupationData?playroomId=nope')).status).toBe(400)
		expect((await get(occupation, `GetOccupationData?playroomId=${draft.id}`)).status).toBe(404)
	})

	test('GetPrice: breakdown with extras and availability flag; errors', async () => {
		const query = `playroomId=${published.id}&bookingType=Hourly&guests=12`
		const free = await get(
			getPrice,
			`GetPrice?${query}&checkIn=${future}T14:00&checkOut=${future}T17:00&extras=cakeAddition0001:1`,
		)
		expect(free.body.error).toBeNull()
		expect(free.status).toBe(200)
		expect(free.body.value).toMatchObject({
			total: 3 * 3_500 + 1_000 + 2_500 + 2_000,
			deposit: 5_000,
			available: true,
			localCheckIn: `${future}T14:00:00+0${future < '2026-10-25' ? 2 : 1}:00`,
		})
		const taken = await get(getPrice, `GetPrice?${query}&checkIn=${future}T10:00&checkOut=${future}T12:00`)
		expect(taken.body.value).toMatchObject({ available: false, unavailableReason: 'Overlap' })
		const offGrid = await get(getPrice, `GetPrice?${query}&checkIn=${future}T14:30&checkOut=${future}T16:30`)
		expect(errorOf(offGrid.body).name).toBe('StayNotValid')
		const voucher = await get(
			getPrice,
			`GetPrice?${query}&checkIn=${future}T14:00&checkOut=${future}T16:00&voucherCode=ABCD`,
			{ lang: 'en' },
		)
		expect(errorOf(voucher.body)).toMatchObject({
			name: 'VoucherInvalid',
			message: 'This voucher code cannot be redeemed.',
		})
		const tooMany = await get(
			getPrice,
			`GetPrice?playroomId=${published.id}&bookingType=Hourly&guests=21&checkIn=${future}T14:00&checkOut=${future}T16:00`,
		)
		expect(errorOf(tooMany.body).fields?.guests).toEqual([
			'Erwachsene und Kinder zusammen sind 21 – dieser Spielraum erlaubt höchstens 20 Personen.',
		])
		const missing = await get(getPrice, `GetPrice?playroomId=${published.id}`)
		expect(Object.keys(errorOf(missing.body).fields ?? {}).sort()).toEqual([
			'bookingType',
			'checkIn',
			'guests',
		])
		expect(
			(await get(getPrice, `GetPrice?${query}&checkIn=${future}T14:00&checkOut=${future}T16:00&extras=foo`))
				.status,
		).toBe(400)
	})

	test('Booking, ForOrderCheckout, LiveData', async () => {
		const summary = await get(forOrderCheckout, 'ForOrderCheckout?playroomUrlPath=kunterbunt-ehrenfeld')
		expect(summary.body.value).toMatchObject({
			playroomId: published.id,
			paymentMethods: ['BankTransfer', 'OnSite'],
		})
		const withDate = await get<ReturnType<typeof getBookingData>>(
			booking,
			`Booking?playroomId=${published.id}&checkIn=${future}`,
		)
		expect(withDate.body.value.availability?.[0]?.bookingType).toBe('Hourly')
		expect(withDate.body.value.availability?.[0]?.starts.length).toBe(5)
		expect(
			(await get<ReturnType<typeof getBookingData>>(booking, `Booking?playroomId=${published.id}`)).body.value
				.availability,
		).toBeNull()
		expect((await get(booking, 'Booking?checkIn=2026-01-01')).status).toBe(400)
		const live = await get<ReturnType<typeof getLiveData>>(
			liveData,
			'LiveData?playroomUrlPath=kunterbunt-ehrenfeld',
		)
		expect(live.body.value).toHaveProperty('freeNow')
		expect(live.body.value.nextFreeStart).toMatchObject({ bookingType: 'Hourly' })
		expect((await get(liveData, 'LiveData')).status).toBe(400)
		expect((await get(forOrderCheckout, 'ForOrderCheckout?playroomUrlPath=entwurf-raum')).status).toBe(404)
	})

	test('GetQrCode: PNG and SVG of the page URL', async () => {
		const png = await callRoute(qrCode.loader as never, {
			path: `${BASE}/GetQrCode?playroomId=${published.id}`,
		})
		expect(png.headers.get('Content-Type')).toBe('image/png')
		const svg = await callRoute(qrCode.loader as never, {
			path: `${BASE}/GetQrCode?playroomUrlPath=kunterbunt-ehrenfeld&format=svg&size=128`,
		})
		expect(svg.headers.get('Content-Type')).toContain('image/svg+xml')
		expect((await get(qrCode, `GetQrCode?playroomId=${published.id}&format=gif`)).status).toBe(400)
		expect((await get(qrCode, 'GetQrCode?playroomUrlPath=entwurf-raum')).status).toBe(404)
	})

	test('PlayroomsNearByPlayroomsId: nearest first, never itself', async () => {
		const result = await get<PlayroomCard[]>(
			nearby,
			`PlayroomsNearByPlayroomsId?playroomId=${published.id}&limit=3`,
		)
		const ids = result.body.value.map((c: { id: string }) => c.id)
		expect(ids).not.toContain(published.id)
		expect(ids).not.toContain(draft.id)
		expect(result.body.value[0]?.distanceKm).toBeGreaterThanOrEqual(0)
		expect(
			(await get(nearby, `PlayroomsNearByPlayroomsId?playroomId=${published.id}&limit=100`)).status,
		).toBe(400)
	})

	test('favourites: visitors pass ids, users store them; add/remove/merge need a login', async () => {
		const visitor = await get<PlayroomCard[]>(getFavorites, `GetFavorites?ids=${published.id},${draft.id}`)
		expect(visitor.body.value.map((c: { id: string }) => c.id)).toEqual([published.id])
		expect((await get(getFavorites, 'GetFavorites?ids=bad')).status).toBe(400)

		expect((await post(addFavorite, 'AddFavorite', { playroomId: published.id })).status).toBe(401)
		const user = await createLoggedInUser()
		const added = await post(addFavorite, 'AddFavorite', { playroomId: published.id }, user.cookie)
		expect(added.body.value).toEqual({ playroomIds: [published.id] })
		const merged = await post<{ playroomIds: string[] }>(
			mergeFavorites,
			'MergeFavorites',
			{ playroomIds: [neighbour.id, draft.id, published.id] },
			user.cookie,
		)
		expect([...merged.body.value.playroomIds].sort()).toEqual([published.id, neighbour.id].sort())
		const stored = await get(getFavorites, 'GetFavorites', { cookie: user.cookie })
		expect(stored.body.value).toHaveLength(2)
		const removed = await post(removeFavorite, 'RemoveFavorite', { playroomId: published.id }, user.cookie)
		expect(removed.body.value).toEqual({ playroomIds: [neighbour.id] })
		expect((await post(addFavorite, 'AddFavorite', { playroomId: 'x' }, user.cookie)).status).toBe(400)
		expect((await post(mergeFavorites, 'MergeFavorites', { playroomIds: 'x' }, user.cookie)).status).toBe(400)
	})

	test('PlayroomPageView counts, RedirectToPlayroomWebsite counts and redirects', async () => {
		const view = await post(pageView, 'PlayroomPageView', { playroomUrlPath: 'kunterbunt-ehrenfeld' })
		expect(view.body.value).toEqual({ playroomId: published.id, counted: true })
		expect(getDb().select().from(playroomViews).all()).toHaveLength(1)
		expect((await post(pageView, 'PlayroomPageView', { playroomUrlPath: 'entwurf-raum' })).status).toBe(404)
		expect((await post(pageView, 'PlayroomPageView', {})).status).toBe(400)

		const click = await post(website, 'RedirectToPlayroomWebsite', {
			playroomUrlPath: 'kunterbunt-ehrenfeld',
		})
		expect(click.body.value).toEqual({ playroomId: published.id, url: 'https://www.example.com/spielraum' })
		const redirect = await callRoute(website.loader as never, {
			path: `${BASE}/RedirectToPlayroomWebsite?playroomUrlPath=kunterbunt-ehrenfeld`,
		})
		expect(redirect.status).toBe(302)
		expect(redirect.location).toBe('https://www.example.com/spielraum')
		expect(getDb().select().from(playroomWebsiteClicks).all()).toHaveLength(2)
		const noSite = await createTestPlayroom({ playroomUrlPath: 'ohne-website', websiteUrl: null })
		expect(noSite.id).toBeTruthy()
		expect(
			(await post(website, 'RedirectToPlayroomWebsite', { playroomUrlPath: 'ohne-website' })).status,
		).toBe(404)
		expect((await post(website, 'RedirectToPlayroomWebsite', { playroomUrlPath: 5 })).status).toBe(400)
	})

	test('GET-only endpoints answer other methods with the 404 envelope', async () => {
		const result = await post(index, 'Index', {})
		expect(result.status).toBe(404)
		expect(result.body.success).toBe(false)
	})
})
