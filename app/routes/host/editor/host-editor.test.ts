import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import {
	playroomAdditions,
	playroomBookingTypes,
	playroomFeatures,
	playroomOpeningHours,
	playroomQuestions,
	playrooms,
} from '#db/schema/catalogue.ts'
import { users } from '#db/schema/users.ts'
import { getDb } from '#app/utils/db.server.ts'
import { getFixedT } from '#app/utils/i18n.server.ts'
import { translateValidationMessage } from '#app/utils/validation.ts'
import { createTestPlayroom } from '#tests/helpers/catalogue.ts'
import { callRoute, type RouteCallOptions } from '#tests/helpers/route-harness.ts'
import { createLoggedInUser } from '#tests/helpers/users.ts'
import * as playroomPage from '../../playrooms/detail.tsx'
import * as editorApi from '../../api/host-playroom-editor.ts'
import * as photosApi from '../../api/host-playroom-photos.ts'
import * as availability from './availability.tsx'
import * as basic from './basic-information.tsx'
import * as detail from './detail-information.tsx'
import * as layout from './layout.tsx'
import * as payment from './paymentAndInvoice.tsx'
import * as price from './price.tsx'
import * as rules from './rules.tsx'

/**
 * The playroom editor of issue 12 through its loaders, actions and API: only
 * the playroom's host (or an admin) gets in — anyone else a 404 with nothing
 * changed —, each tab changes exactly its own fields, and bad input changes
 * nothing and answers with messages in German and English.
 */
const TABS = {
	'basic-information': basic,
	'detail-information': detail,
	price,
	rules,
	availability,
	paymentAndInvoice: payment,
} as const
type Tab = keyof typeof TABS

async function setup() {
	const host = await createLoggedInUser({ role: 'Owner' })
	const other = await createLoggedInUser({ role: 'Owner' })
	const { id } = await createTestPlayroom({ hostId: host.user.id })
	return { host, other, id }
}

/** Everything the editor can change, for before/after comparisons. */
function snapshot(id: string) {
	const db = getDb()
	const { updatedAt: _updatedAt, ...row } = db.select().from(playrooms).where(eq(playrooms.id, id)).get()!
	return {
		row,
		types: db.select().from(playroomBookingTypes).where(eq(playroomBookingTypes.playroomId, id)).all(),
		hours: db
			.select()
			.from(playroomOpeningHours)
			.where(eq(playroomOpeningHours.playroomId, id))
			.all()
			.map(({ id: _id, ...h }) => h),
		features: db.select().from(playroomFeatures).where(eq(playroomFeatures.playroomId, id)).all(),
		questions: db.select().from(playroomQuestions).where(eq(playroomQuestions.playroomId, id)).all(),
		additions: db.select().from(playroomAdditions).where(eq(playroomAdditions.playroomId, id)).all(),
		host: db.select().from(users).where(eq(users.id, row.hostId)).get(),
	}
}

function tabCall(tab: Tab, id: string, cookie: string, options: Partial<RouteCallOptions> = {}) {
	return { path: `/host/playrooms/edit/${id}/${tab}`, cookie, params: { playroomId: id }, ...options }
}

let pathCounter = 0
/** Posts a tab's form; the basic tab gets a URL path of its own per call (paths are unique). */
const post = (tab: Tab, id: string, cookie: string, form: RouteCallOptions['form'], locale = '') =>
	callRoute(TABS[tab].action as never, {
		...tabCall(tab, id, cookie),
		path: `${locale}/host/playrooms/edit/${id}/${tab}`,
		form:
			form && 'playroomUrlPath' in form && form.playroomUrlPath === 'kletterhalle-sonnenschein'
				? { ...form, playroomUrlPath: `kletterhalle-${++pathCounter}` }
				: form,
	})

type FormReply = { result: { error?: Record<string, string[] | null> } }
function errorsOf(result: { data: unknown }, field: string): string[] {
	return (result.data as FormReply).result.error?.[field] ?? []
}
function translated(message: string) {
	return {
		de: translateValidationMessage(getFixedT('de'), message),
		en: translateValidationMessage(getFixedT('en'), message),
	}
}

const VALID: Record<Tab, Record<string, string | string[]>> = {
	'basic-information': {
		name: 'Kletterhalle Sonnenschein',
		playroomUrlPath: 'kletterhalle-sonnenschein',
		placeType: 'FixedPlace',
		street: 'Hauptstraße 5',
		postalCode: '04109',
		city: 'Leipzig',
		stateSlug: 'sachsen',
		sizeSqm: '120',
		maxGuests: '25',
		websiteUrl: 'https://example.org/halle',
	},
	'detail-information': {
		intent: 'detail',
		descriptionDe: 'Ein **großer** Raum.',
		descriptionEn: 'A **big** room.',
		features: ['ball-pit', 'kitchen'],
		'questions[0].questionDe': 'Parken?',
		'questions[0].questionEn': 'Parking?',
		'questions[0].answerDe': 'Ja.',
		'questions[0].answerEn': 'Yes.',
	},
	price: {
		'prices.Hourly.weekdayPrice': '40',
		'prices.Hourly.weekendPrice': '55,50',
		'prices.Hourly.guestsIncluded': '8',
		'prices.Hourly.extraGuestFee': '3',
		'prices.Hourly.cleaningFee': '20',
		'prices.Hourly.deposit': '0',
		'extras[0].nameDe': 'Kuchen',
		'extras[0].nameEn': 'Cake',
		'extras[0].price': '12,5',
		'extras[0].unit': 'PerBooking',
		'extras[0].maxQuantity': '2',
	},
	rules: {
		rulesDe: 'Socken an.',
		rulesEn: 'Socks on.',
		cancellationPolicy: 'Strict',
		instantBooking: 'on',
		minChildAge: '2',
		maxChildAge: '10',
		safety: [
			'outletCovers',
			'paddedCorners',
			'firstAidKit',
			'fireExtinguisher',
			'nonSlipFloor',
			'supervisedByHost',
		],
	},
	availability: {
		hourly: 'on',
		minHours: '1',
		maxHours: '5',
		daily: 'on',
		'hours.d1': '09:00-12:00, 14:00-18:00',
		'hours.d6': '10:00-16:00',
		slotMinutes: '30',
		bufferMinutes: '15',
		leadTimeHours: '24',
		horizonDays: '180',
	},
	paymentAndInvoice: {
		onSite: 'on',
		companyName: 'Spiel GmbH',
		city: 'Köln',
		vatId: 'DE123456789',
		taxStatus: 'SmallBusiness',
		taxNumber: '21/815/08150',
		payoutIban: 'DE89 3704 0044 0532 0130 00',
	},
}

describe('authorisation', () => {
	test('another host gets 404 on every editor loader, action and API call, and nothing changes', async () => {
		const { other, id } = await setup()
		const before = snapshot(id)
		const statuses: number[] = []
		statuses.push((await callRoute(layout.loader as never, tabCall('price', id, other.cookie))).status)
		for (const tab of Object.keys(TABS) as Tab[]) {
			statuses.push((await callRoute(TABS[tab].loader as never, tabCall(tab, id, other.cookie))).status)
			statuses.push((await post(tab, id, other.cookie, VALID[tab])).status)
			const api = {
				path: `/api/Owner/Playrooms/${id}/${tab}`,
				cookie: other.cookie,
				params: { playroomId: id, section: tab },
			}
			statuses.push((await callRoute(editorApi.loader as never, api)).status)
			statuses.push((await callRoute(editorApi.action as never, { ...api, method: 'PUT', json: {} })).status)
		}
		const photos = {
			path: `/api/Owner/Playrooms/${id}/Photos`,
			cookie: other.cookie,
			params: { playroomId: id },
		}
		statuses.push((await callRoute(photosApi.loader as never, photos)).status)
		statuses.push(
			(await callRoute(photosApi.action as never, { ...photos, method: 'PUT', json: { photoIds: ['x'] } }))
				.status,
		)
		for (const intent of ['upload', 'photoDelete', 'photoCover']) {
			statuses.push((await post('detail-information', id, other.cookie, { intent, photoId: 'x' })).status)
		}
		expect(new Set(statuses)).toEqual(new Set([404]))
		expect(snapshot(id)).toEqual(before)
	})

	test('a guest is refused and the host and an admin get in', async () => {
		const { host, id } = await setup()
		const guest = await createLoggedInUser({ role: 'Customer' })
		const admin = await createLoggedInUser({ role: 'Admin' })
		expect((await callRoute(rules.loader as never, tabCall('rules', id, guest.cookie))).status).toBe(403)
		expect((await callRoute(rules.loader as never, tabCall('rules', id, host.cookie))).status).toBe(200)
		expect((await callRoute(rules.loader as never, tabCall('rules', id, admin.cookie))).status).toBe(200)
	})
})

describe('each tab saves exactly its own fields', () => {
	const CHANGED: Record<
		Tab,
		(before: ReturnType<typeof snapshot>, after: ReturnType<typeof snapshot>) => void
	> = {
		'basic-information': (_before, after) => {
			expect(after.row).toMatchObject({
				name: 'Kletterhalle Sonnenschein',
				city: 'Leipzig',
				citySlug: 'leipzig',
				stateSlug: 'sachsen',
				// The centroid of 04109, not Leipzig's centre (51.3397, 12.3731): issue 31.9.
				lat: 51.34017,
				lng: 12.36622,
				sizeSqm: 120,
				maxGuests: 25,
			})
		},
		'detail-information': (_before, after) => {
			expect(after.row.descriptionEn).toBe('A **big** room.')
			expect(after.features.map((f) => f.featureKey).sort()).toEqual(['ball-pit', 'kitchen'])
			expect(after.questions).toMatchObject([{ questionEn: 'Parking?', position: 0 }])
		},
		price: (_before, after) => {
			expect(after.types.find((t) => t.bookingType === 'Hourly')).toMatchObject({
				weekdayPrice: 4000,
				weekendPrice: 5550,
				guestsIncluded: 8,
				cleaningFee: 2000,
			})
			expect(after.additions).toMatchObject([
				{ nameEn: 'Cake', price: 1250, unit: 'PerBooking', maxQuantity: 2 },
			])
		},
		rules: (_before, after) => {
			expect(after.row).toMatchObject({
				cancellationPolicy: 'Strict',
				instantBooking: true,
				minChildAge: 2,
				maxChildAge: 10,
				safetyChecked: true,
			})
		},
		availability: (_before, after) => {
			expect(after.row).toMatchObject({
				slotMinutes: 30,
				bufferMinutes: 15,
				leadTimeHours: 24,
				horizonDays: 180,
			})
			expect(after.hours.map((h) => [h.weekday, h.openMinute, h.closeMinute])).toEqual([
				[1, 540, 720],
				[1, 840, 1080],
				[6, 600, 960],
			])
			expect(
				after.types
					.filter((t) => t.enabled)
					.map((t) => t.bookingType)
					.sort(),
			).toEqual(['Daily', 'Hourly'])
		},
		paymentAndInvoice: (_before, after) => {
			expect(after.row.paymentMethods).toEqual(['BankTransfer', 'OnSite'])
			expect(after.host).toMatchObject({
				companyName: 'Spiel GmbH',
				smallBusiness: true,
				taxStatus: 'SmallBusiness',
				taxNumber: '21/815/08150',
				payoutIban: 'DE89370400440532013000',
			})
		},
	}
	const OWN: Record<Tab, (keyof ReturnType<typeof snapshot>)[]> = {
		'basic-information': ['row'],
		'detail-information': ['row', 'features', 'questions'],
		price: ['types', 'additions'],
		rules: ['row'],
		availability: ['row', 'types', 'hours'],
		paymentAndInvoice: ['row', 'host'],
	}
	for (const tab of Object.keys(TABS) as Tab[]) {
		test(tab, async () => {
			const { host, id } = await setup()
			const before = snapshot(id)
			const result = await post(tab, id, host.cookie, VALID[tab])
			expect(result.status).toBe(302)
			expect(result.location).toBe(`/host/playrooms/edit/${id}/${tab}`)
			const after = snapshot(id)
			CHANGED[tab](before, after)
			for (const part of Object.keys(before) as (keyof typeof before)[]) {
				if (!OWN[tab].includes(part)) expect(after[part], part).toEqual(before[part])
			}
		})
	}
})

describe('invalid saves change nothing and answer in both languages', () => {
	const BAD: [Tab, Record<string, string | string[]>, string, { de: RegExp; en: RegExp }][] = [
		[
			'basic-information',
			{ playroomUrlPath: 'Not A Slug!' },
			'playroomUrlPath',
			{ de: /Kleinbuchstaben/, en: /lower-case/ },
		],
		['basic-information', { maxGuests: 'viele' }, 'maxGuests', { de: /numerisch/, en: /numeric/ }],
		[
			'basic-information',
			{ city: 'Kleinkleckersdorf', lat: '', lng: '' },
			'city',
			{
				de: /Kleinkleckersdorf liegt nicht im Gebiet der Postleitzahl 04109 \(dort: Leipzig\)/,
				en: /not in the area of postcode 04109/,
			},
		],
		[
			'basic-information',
			{ postalCode: '', city: 'Kleinkleckersdorf' },
			'city',
			{
				de: /Ort „Kleinkleckersdorf“ in Deutschland kennen wir nicht/,
				en: /do not know a town “Kleinkleckersdorf”/,
			},
		],
		[
			'basic-information',
			{ postalCode: '99999' },
			'postalCode',
			{ de: /Postleitzahl 99999 gibt es in Deutschland nicht/, en: /postcode 99999 does not exist/ },
		],
		[
			'basic-information',
			{ placeType: 'Mobile' },
			'serviceRadiusKm',
			{ de: /Einsatzradius/, en: /service radius/ },
		],
		['basic-information', { websiteUrl: 'javascript:alert(1)' }, 'websiteUrl', { de: /./, en: /./ }],
		[
			'price',
			{ 'prices.Hourly.weekdayPrice': '12,345' },
			'prices.Hourly.weekdayPrice',
			{ de: /Betrag/, en: /amount/ },
		],
		['price', { 'extras[1].nameDe': 'Nur deutsch' }, 'extras[1].price', { de: /./, en: /./ }],
		[
			'price',
			{ 'extras[1].price': '5', 'extras[1].unit': 'PerBooking', 'extras[1].maxQuantity': '1' },
			'extras[1].nameDe',
			{ de: /Deutsch oder auf Englisch/, en: /German or in English/ },
		],
		[
			'detail-information',
			{ 'questions[1].questionDe': 'Nur die Frage?' },
			'questions[1].answerDe',
			{ de: /erforderlich/, en: /required/ },
		],
		['basic-information', { sizeSqm: '85,55,5' }, 'sizeSqm', { de: /85,5/, en: /85\.5/ }],
		[
			'basic-information',
			{ websiteUrl: 'kein name' },
			'websiteUrl',
			{ de: /Website-Adresse/, en: /website address/ },
		],
		[
			'rules',
			{ minChildAge: '9', maxChildAge: '3' },
			'maxChildAge',
			{ de: /Höchstalter/, en: /maximum age/ },
		],
		['rules', { cancellationPolicy: 'Lenient' }, 'cancellationPolicy', { de: /./, en: /./ }],
		['availability', { 'hours.d1': '18:00-09:00' }, 'hours.d1', { de: /Zeiträume/, en: /ranges/ }],
		[
			'availability',
			{ 'hours.d2': '09:00-13:00, 12:00-15:00' },
			'hours.d2',
			{ de: /überschneiden/, en: /overlap/ },
		],
		['availability', { slotMinutes: '45' }, 'slotMinutes', { de: /./, en: /./ }],
		['availability', { hourly: '', daily: '' }, 'hourly', { de: /Buchungsart/, en: /booking type/ }],
		[
			'paymentAndInvoice',
			{ payoutIban: 'DE89 3704 0044 0532 0130 01' },
			'payoutIban',
			{ de: /IBAN/, en: /IBAN/ },
		],
	]
	for (const [tab, change, field, messages] of BAD) {
		test(`${tab}: ${JSON.stringify(change)}`, async () => {
			const { host, id } = await setup()
			const before = snapshot(id)
			for (const locale of ['', '/en']) {
				const result = await post(tab, id, host.cookie, { ...VALID[tab], ...change }, locale)
				expect(result.status).toBe(400)
				const [message] = errorsOf(result, field)
				expect(message, `${field} has an error`).toBeTruthy()
				const text = translated(message!)
				expect(text.de).toMatch(messages.de)
				expect(text.en).toMatch(messages.en)
				expect(text.de).not.toBe(text.en)
			}
			expect(snapshot(id)).toEqual(before)
		})
	}

	test('a URL path another playroom uses (or used) is refused', async () => {
		const { host, id } = await setup()
		const { input: otherRoom } = await createTestPlayroom()
		const before = snapshot(id)
		const result = await post('basic-information', id, host.cookie, {
			...VALID['basic-information'],
			playroomUrlPath: otherRoom.playroomUrlPath,
		})
		expect(result.status).toBe(400)
		expect(translated(errorsOf(result, 'playroomUrlPath')[0]!).de).toMatch(/vergeben/)
		expect(snapshot(id)).toEqual(before)
	})
})

describe('any German town: state and pin from postal code and town (issue 31.9)', () => {
	test('a playroom in Bonn (not one of the curated cities) gets Bonn’s coordinates and state Nordrhein-Westfalen', async () => {
		const { host, id } = await setup()
		// No state in the form: it is derived.
		const { stateSlug: _chosen, ...withoutState } = VALID['basic-information']
		const form = { ...withoutState, street: 'Poppelsdorfer Allee 1', postalCode: '53111', city: 'Bonn' }
		expect((await post('basic-information', id, host.cookie, form)).status).toBe(302)
		expect(snapshot(id).row).toMatchObject({
			postalCode: '53111',
			city: 'Bonn',
			citySlug: 'bonn',
			stateSlug: 'nordrhein-westfalen',
			lat: 50.74119,
			lng: 7.10195,
		})
	})

	test('a postal code in a curated city gets that postal code’s centroid, not the city centre; a moved pin is kept', async () => {
		const { host, id } = await setup()
		const form = {
			...VALID['basic-information'],
			street: 'Venloer Straße 1',
			postalCode: '50823',
			city: 'Köln',
			stateSlug: 'bayern',
		}
		expect((await post('basic-information', id, host.cookie, form)).status).toBe(302)
		const row = snapshot(id).row
		expect(row).toMatchObject({
			citySlug: 'koeln',
			stateSlug: 'nordrhein-westfalen',
			lat: 50.95199,
			lng: 6.92863,
		})
		expect([row.lat, row.lng]).not.toEqual([50.9375, 6.9603])
		// The host drags the pin to the house: the address is unchanged, the pin stays where it was put.
		const pinned = { ...form, lat: '50.9531', lng: '6.9212' }
		expect((await post('basic-information', id, host.cookie, pinned)).status).toBe(302)
		expect(snapshot(id).row).toMatchObject({ lat: 50.9531, lng: 6.9212 })
		// Saved again with the pin as the form shows it: kept.
		expect((await post('basic-information', id, host.cookie, pinned)).status).toBe(302)
		expect(snapshot(id).row).toMatchObject({ lat: 50.9531, lng: 6.9212 })
		// A new address with the old pin in the form: the new postal code's centroid.
		expect(
			(await post('basic-information', id, host.cookie, { ...pinned, postalCode: '53111', city: 'Bonn' }))
				.status,
		).toBe(302)
		expect(snapshot(id).row).toMatchObject({ citySlug: 'bonn', lat: 50.74119, lng: 7.10195 })
	})
})

test('after a slug change the old path answers 301 to the new one', async () => {
	const { host, id } = await setup()
	const oldPath = snapshot(id).row.playroomUrlPath
	expect((await post('basic-information', id, host.cookie, VALID['basic-information'])).status).toBe(302)
	const result = await callRoute(playroomPage.loader as never, {
		path: `/en/playrooms/${oldPath}?guests=3`,
		params: { playroomUrlPath: oldPath },
	})
	expect(result.status).toBe(301)
	expect(result.location).toBe(`/en/playrooms/${snapshot(id).row.playroomUrlPath}?guests=3`)
	expect(snapshot(id).row.playroomUrlPath).toMatch(/^kletterhalle-\d+$/)
})

test('the API reads and writes a section with the same schema', async () => {
	const { host, id } = await setup()
	const api = {
		path: `/api/Owner/Playrooms/${id}/rules`,
		cookie: host.cookie,
		params: { playroomId: id, section: 'rules' },
	}
	const bad = await callRoute(editorApi.action as never, {
		...api,
		method: 'PUT',
		json: { cancellationPolicy: 'Strict', minChildAge: 12, maxChildAge: 3 },
	})
	expect(bad.status).toBe(400)
	const ok = await callRoute(editorApi.action as never, {
		...api,
		method: 'PUT',
		json: {
			rulesDe: 'Ruhig',
			cancellationPolicy: 'Moderate',
			instantBooking: true,
			minChildAge: 1,
			safety: ['firstAidKit'],
		},
	})
	expect(ok.status).toBe(200)
	expect((ok.json as { value: unknown }).value).toMatchObject({
		rulesDe: 'Ruhig',
		cancellationPolicy: 'Moderate',
		minChildAge: 1,
		safety: ['firstAidKit'],
	})
	expect(snapshot(id).row).toMatchObject({ instantBooking: true, safetyChecked: false })
})
