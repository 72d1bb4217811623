import { describe, expect, test } from 'vitest'
import { createTestOrder, createTestPlayroom } from '#tests/helpers/catalogue.ts'
import { getFixedT } from '#app/utils/i18n.server.ts'
import { looseT } from '#app/utils/loose-t.ts'
import { buildPlayroomView, loadPlayroomPage, monthGrid, readPlayroomChoice } from './playroom-page.server.ts'

/** Friday 20 November 2026, 11:00 in Berlin. */
const NOW = Date.parse('2026-11-20T10:00:00Z')
const url = (query: string) => new URL(`http://x/playrooms/room${query}`)

describe('month grid', () => {
	test('weeks start on Monday and the grid is padded to whole weeks', () => {
		const weeks = monthGrid('2026-12', new Map([['2026-12-05', 'free']]))
		expect(weeks).toHaveLength(5)
		expect(weeks[0]?.map((d) => d?.day ?? null)).toEqual([null, 1, 2, 3, 4, 5, 6])
		expect(weeks[4]?.map((d) => d?.day ?? null)).toEqual([28, 29, 30, 31, null, null, null])
		expect(weeks[0]?.[5]).toEqual({ date: '2026-12-05', day: 5, state: 'free' })
		expect(weeks[0]?.[6]?.state).toBe('closed')
		// February 2027 starts on a Monday and has exactly four weeks.
		expect(monthGrid('2027-02', new Map())).toHaveLength(4)
	})
})

describe("the visitor's choices", () => {
	test('valid choices are kept; invalid ones are dropped and named', () => {
		const limits = { maxGuests: 20, horizonDays: 365, photos: 3, now: NOW }
		const ok = readPlayroomChoice(
			url('?bookingType=Hourly&date=2026-11-24&month=2026-12&guests=8&photo=2'),
			['Hourly'],
			limits,
		)
		expect(ok.invalid).toEqual([])
		expect(ok.choice).toMatchObject({
			bookingType: 'Hourly',
			date: '2026-11-24',
			month: '2026-12',
			guests: 8,
			photo: 2,
		})
		const bad = readPlayroomChoice(
			url('?bookingType=Daily&date=2026-11-19&month=2030-01&guests=50&photo=9'),
			['Hourly'],
			limits,
		)
		expect(bad.invalid.sort()).toEqual(['bookingType', 'date', 'guests', 'month', 'photo'])
		expect(bad.choice).toMatchObject({
			bookingType: 'Hourly',
			date: null,
			month: '2026-11',
			guests: null,
			photo: 1,
		})
		expect(readPlayroomChoice(url('?date=2026-11-30'), ['Hourly'], limits).choice.month).toBe('2026-11')
		expect(readPlayroomChoice(url('?date=2026-12-30'), ['Hourly'], limits).choice.month).toBe('2026-12')
	})
})

describe('the playroom page', () => {
	test('calendar from the occupation data, start times of a date, durations with prices, and the checkout link', async () => {
		const { id, hostId, input } = await createTestPlayroom()
		// 25 November is booked for the whole opening day.
		await createTestOrder({
			playroomId: id,
			hostId,
			checkIn: new Date('2026-11-25T08:00:00Z'),
			checkOut: new Date('2026-11-25T17:00:00Z'),
		})
		const start = '2026-11-24T08:00:00.000Z' // 09:00 in Berlin
		const data = loadPlayroomPage(
			input.playroomUrlPath,
			url(`?date=2026-11-24&start=${start}&guests=4`),
			null,
			'de',
			{ now: NOW },
		)

		const days = new Map(data.calendar.weeks.flat().flatMap((d) => (d ? [[d.date, d.state]] : [])))
		expect(days.get('2026-11-19')).toBe('past')
		expect(days.get('2026-11-24')).toBe('free')
		expect(days.get('2026-11-25')).toBe('full')
		expect(data.calendar.previous).toBeNull()
		expect(data.calendar.next).toBe('2026-12')

		expect(data.starts?.map((s) => s.localStart.slice(11))).toEqual([
			'09:00',
			'10:00',
			'11:00',
			'12:00',
			'13:00',
			'14:00',
			'15:00',
			'16:00',
		])
		// 35 €/h on a weekday plus 25 € cleaning, 4 guests are included.
		expect(data.selected?.durations.map((d) => [d.minutes, d.end, d.total])).toEqual([
			[120, '2026-11-24T10:00:00.000Z', 9_500],
			[180, '2026-11-24T11:00:00.000Z', 13_000],
			[240, '2026-11-24T12:00:00.000Z', 16_500],
		])

		const view = buildPlayroomView(data, looseT(getFixedT('en')), 'en')
		expect(view.booking.selected).toMatchObject({
			checkIn: start,
			durations: [
				{ value: '2026-11-24T10:00:00.000Z', label: '2 h – until 11:00 – €95' },
				{ value: '2026-11-24T11:00:00.000Z', label: '3 h – until 12:00 – €130' },
				{ value: '2026-11-24T12:00:00.000Z', label: '4 h – until 13:00 – €165' },
			],
		})
		expect(view.booking.starts?.[0]).toMatchObject({ label: '09:00', selected: true })
		expect(view.booking.starts?.[1]?.href).toBe(
			`?bookingType=Hourly&month=2026-11&date=2026-11-24&start=${encodeURIComponent('2026-11-24T09:00:00.000Z')}&guests=4#booking`,
		)
		expect(view.booking.calendar.weekdays).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'])
		expect(view.booking.checkoutWithoutDate).toBe(
			`/public/playroomOrder/checkout?playroomUrlPath=${input.playroomUrlPath}&bookingType=Hourly&guests=4`,
		)
		expect(view.prices[0]?.lines).toContain('Mon–Fri: €35 / hour')
	})

	test('the duration prices are for the guest count the page sends on to the checkout (issue 11)', async () => {
		const { input } = await createTestPlayroom()
		const start = '2026-11-24T08:00:00.000Z'
		const load = (guests: string) =>
			loadPlayroomPage(input.playroomUrlPath, url(`?date=2026-11-24&start=${start}${guests}`), null, 'de', {
				now: NOW,
			})
		// 10 guests are included; 19 guests pay 9 × 5 € more, as in the checkout.
		const many = load('&guests=19')
		expect(many.selected?.guests).toBe(19)
		expect(many.selected?.durations[0]?.total).toBe(9_500 + 4_500)
		const view = buildPlayroomView(many, looseT(getFixedT('de')), 'de')
		expect(view.booking.selected?.guests).toBe(19)
		expect(view.booking.selected?.keep).toEqual([
			{ name: 'bookingType', value: 'Hourly' },
			{ name: 'month', value: '2026-11' },
			{ name: 'date', value: '2026-11-24' },
			{ name: 'start', value: start },
		])
		// Without a count the prices are for the included guests, and that count goes to the checkout.
		expect(load('').selected?.guests).toBe(10)
	})

	test('a start that is not offered is ignored; a fully booked day has no starts', async () => {
		const { id, hostId, input } = await createTestPlayroom()
		await createTestOrder({
			playroomId: id,
			hostId,
			checkIn: new Date('2026-11-25T08:00:00Z'),
			checkOut: new Date('2026-11-25T17:00:00Z'),
		})
		const data = loadPlayroomPage(
			input.playroomUrlPath,
			url('?date=2026-11-25&start=2026-11-25T08:00:00.000Z'),
			null,
			'de',
			{ now: NOW },
		)
		expect(data.starts).toEqual([])
		expect(data.selected).toBeNull()
		expect(data.invalid).toEqual(['start'])
	})

	test('unpublished playrooms are not found for visitors, but their host sees them', async () => {
		const { hostId, input } = await createTestPlayroom({ status: 'Paused' })
		expect(() => loadPlayroomPage(input.playroomUrlPath, url(''), null, 'de', { now: NOW })).toThrow(
			expect.objectContaining({ status: 404 }),
		)
		expect(
			loadPlayroomPage(input.playroomUrlPath, url(''), { id: hostId, role: 'Owner' }, 'de', { now: NOW })
				.detail.name,
		).toBe(input.name)
	})
})
