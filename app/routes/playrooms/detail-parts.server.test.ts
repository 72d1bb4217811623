import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { playroomBookingTypes } from '#db/schema/catalogue.ts'
import { users } from '#db/schema/users.ts'
import { createTestOrder, createTestPlayroom } from '#tests/helpers/catalogue.ts'
import { callRoute } from '#tests/helpers/route-harness.ts'
import { renderBookingSection, renderInfoSections } from '#app/components/playroom-sections.server.tsx'
import { addDays, localDateOf } from '#app/domain/berlin-time.ts'
import { monthOf } from '#app/domain/calendar-grid.ts'
import * as detail from '#app/routes/playrooms/detail.tsx'
import { getDb } from '#app/utils/db.server.ts'
import { getFixedT } from '#app/utils/i18n.server.ts'
import { looseT } from '#app/utils/loose-t.ts'
import { updatePlayroom, setPlayroomFeatures } from '#app/models/catalogue/catalogue.server.ts'
import { loadPlayroomPage } from '#app/models/catalogue/playroom-page.server.ts'
import {
	bookingViewInput,
	buildBookingView,
	buildPlayroomInfoView,
} from '#app/models/catalogue/playroom-view.server.ts'

type LoaderData = Awaited<ReturnType<typeof detail.loader>>
/** A data request (client navigation): the loader data carries the pieces' HTML (ADR 0122). */
type PageData = LoaderData & { html: NonNullable<LoaderData['html']> }

async function page(playroomUrlPath: string, query = '', lang: 'de' | 'en' = 'en') {
	const prefix = lang === 'en' ? '/en' : ''
	const result = await callRoute(detail.loader as never, {
		path: `${prefix}/playrooms/${playroomUrlPath}${query}`,
		params: { playroomUrlPath },
	})
	expect(result.status).toBe(200)
	const data = result.data as LoaderData
	expect(data.html).not.toBeNull()
	return data as PageData
}

/** The next month named `month` (1–12) after the current one, as "YYYY-MM". */
function nextMonthNamed(month: number) {
	const [year = 0, current = 0] = monthOf(localDateOf(Date.now())).split('-').map(Number)
	return `${month > current ? year : year + 1}-${String(month).padStart(2, '0')}`
}

describe('the playroom page keeps what it built only while its data is the same (ADR 0118)', () => {
	test('an edit of the playroom, a price, the host or a feature shows on the next page', async () => {
		const room = await createTestPlayroom({ features: ['ball-pit'] })
		const path = room.input.playroomUrlPath
		const before = await page(path)
		expect(before.html.info).toContain('A bright room to play in.')
		expect(before.html.prices).toContain('€35 / hour')
		// The same data again: the same (cached) parts.
		expect((await page(path)).html).toEqual(before.html)

		updatePlayroom(room.id, { descriptionEn: 'Now with a climbing wall.', name: 'Kletterzimmer' })
		const edited = await page(path)
		expect(edited.html.info).toContain('Now with a climbing wall.')
		expect(edited.html.info).not.toContain('A bright room to play in.')
		expect(edited.meta.title).toBe('Kletterzimmer – Köln')
		expect(edited.crumbs.at(-1)?.name).toBe('Kletterzimmer')
		expect(JSON.parse(edited.meta.jsonLd ?? '{}')['@graph'][0].name).toBe('Kletterzimmer')

		// Rows of other tables than the playroom's own.
		getDb()
			.update(playroomBookingTypes)
			.set({ weekdayPrice: 3_900 })
			.where(eq(playroomBookingTypes.playroomId, room.id))
			.run()
		expect((await page(path)).html.prices).toContain('€39 / hour')
		getDb().update(users).set({ displayName: 'Neue Gastgeberin' }).where(eq(users.id, room.hostId)).run()
		expect((await page(path)).html.info).toContain('Neue Gastgeberin')
		setPlayroomFeatures(room.id, ['kitchen'])
		const features = (await page(path)).html.info
		expect(features).toContain('Kitchen')
		expect(features).not.toContain('Ball pit')

		// The other language is its own entry and has its own texts.
		const german = await page(path, '', 'de')
		expect(german.html.info).toContain('Ein heller Raum zum Spielen.')
		expect(german.html.prices).toContain('Mo–Fr: 39\u00a0€ / Stunde')
	})

	test('the booking panel follows the availability read for the request', async () => {
		const room = await createTestPlayroom()
		const path = room.input.playroomUrlPath
		const day = addDays(localDateOf(Date.now()), 3)
		const query = `?month=${monthOf(day)}`
		const label = (html: string) =>
			html.match(new RegExp(`aria-label="([^"]*)"[^>]*>${Number(day.slice(8))}<`))?.[1]
		expect(label((await page(path, query)).html.booking)).toMatch(/, free$/)
		await createTestOrder({
			playroomId: room.id,
			hostId: room.hostId,
			checkIn: new Date(`${day}T06:00:00Z`),
			checkOut: new Date(`${day}T18:00:00Z`),
		})
		expect(label((await page(path, query)).html.booking)).toMatch(/, fully booked$/)
	})

	test('cached parts are the parts built afresh, and the calendar is right across the clock changes', async () => {
		const room = await createTestPlayroom({ horizonDays: 730 })
		const t = looseT(getFixedT('en'))
		for (const month of [nextMonthNamed(3), nextMonthNamed(10)]) {
			for (let round = 0; round < 2; round++) {
				const data = await page(room.input.playroomUrlPath, `?month=${month}`)
				const fresh = loadPlayroomPage(
					room.input.playroomUrlPath,
					new URL(`http://x/en/playrooms/p?month=${month}`),
					null,
					'en',
					{
						now: Date.now(),
					},
				)
				const info = renderInfoSections(
					fresh.detail,
					fresh.pages,
					buildPlayroomInfoView(fresh.detail, t, 'en'),
					t,
					'en',
				)
				const booking = buildBookingView(bookingViewInput(fresh), t, 'en')
				expect(data.html.info).toBe(info.info)
				expect(data.html.prices).toBe(info.prices)
				expect(data.html.booking).toBe(renderBookingSection(booking, room.input.playroomUrlPath, t, 'en'))

				// Every day of the month once, in order, under its own weekday — also the last Sunday,
				// when the clocks change (Berlin: summer time starts in March, ends in October).
				const [year = 0, index = 0] = month.split('-').map(Number)
				const days = new Date(Date.UTC(year, index, 0)).getUTCDate()
				const labels = [
					...data.html.booking.matchAll(
						/(?:aria-label="|class="sr-only">)([A-Z][a-z]{2}), (\d+) [A-Za-z]+ \d{4}, ([a-z ]+)/g,
					),
				]
				expect(labels.map((m) => Number(m[2]))).toEqual(Array.from({ length: days }, (_, i) => i + 1))
				const lastSunday = Array.from({ length: 7 }, (_, i) => days - i).find(
					(d) => new Date(Date.UTC(year, index - 1, d)).getUTCDay() === 0,
				)
				expect(labels[(lastSunday ?? 0) - 1]?.[1]).toBe('Sun')
				expect(labels.slice(-7).map((m) => m[3])).toEqual(Array(7).fill('free'))
				expect(booking.calendar.weeks.flat().filter(Boolean)).toHaveLength(days)
			}
		}
	})
})
