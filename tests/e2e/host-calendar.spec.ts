import type { Browser, Locator } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import {
	database,
	DEMO,
	expectNoSeriousA11yViolations,
	expectNoSidewaysScroll,
	loginAs,
	waitForHydration,
} from './helpers.ts'

/**
 * Issue 13, the host calendar (journey 2 of PRODUCT.md §1: "sees it in the
 * calendar, blocks a day"). Without JavaScript in German: host@example.com
 * blocks a whole day of Spielwiese Ehrenfeld, and an anonymous visitor no
 * longer gets start times for it (the block's POST emptied the page cache).
 * With JavaScript in English: month to month without a reload, the week view.
 * The day (40 days ahead, never a Monday: Ehrenfeld is closed then) is booked
 * by no other spec (booking.spec.ts uses 45 days and later).
 */
function berlinDay(days: number): string {
	const date = new Date(Date.now() + days * 86_400_000).toLocaleDateString('sv-SE', {
		timeZone: 'Europe/Berlin',
	})
	return new Date(`${date}T12:00:00Z`).getUTCDay() === 1 ? berlinDay(days + 1) : date
}

/** The top edge of each hour row of a column (data-hour → y), rounded to the pixel. */
async function rowTops(column: Locator) {
	return column
		.locator('li[data-hour]')
		.evaluateAll((rows) =>
			rows.map((row) => `${row.getAttribute('data-hour')}@${Math.round(row.getBoundingClientRect().top)}`),
		)
}

async function box(locator: Locator) {
	const found = await locator.boundingBox()
	if (!found) throw new Error('not rendered')
	return found
}

/** Host blocks of the demo host's playroom in [from, to) as the database has them. */
function blockRows(note: string) {
	const db = database()
	try {
		return db
			.prepare('SELECT starts_at AS start, ends_at AS "end", source FROM playroom_blocks WHERE note = ?')
			.all(note) as {
			start: number
			end: number
			source: string
		}[]
	} finally {
		db.close()
	}
}

async function publicStartTimes(browser: Browser, date: string) {
	const context = await browser.newContext({ javaScriptEnabled: false })
	const page = await context.newPage()
	await page.goto(`/playrooms/spielwiese-ehrenfeld?bookingType=Hourly&date=${date}`)
	const count = await page.getByTestId('start-times').getByRole('link').count()
	await context.close()
	return count
}

test.describe('host calendar without JavaScript', () => {
	test.use({ javaScriptEnabled: false })

	test('the host blocks a whole day and it is gone from the public start times', async ({
		page,
		context,
		browser,
		baseURL,
	}) => {
		test.slow()
		const day = berlinDay(40)
		expect(await publicStartTimes(browser, day)).toBeGreaterThan(0)

		await loginAs(context, DEMO.host, baseURL ?? '')
		await page.goto(`/host/calendar?view=month&date=${day}`)
		await expect(page.getByRole('heading', { level: 1 })).toHaveText('Kalender')
		await page.locator(`[data-date="${day}"]`).getByTestId('block-day').click()
		const form = page.getByTestId('block-form')
		await expect(form.getByLabel('Ganze Tage (Enddatum eingeschlossen)')).toBeChecked()
		await expect(form.getByLabel('Von (Datum)')).toHaveValue(day)
		await expect(form.getByLabel('Bis (Datum)')).toHaveValue(day)
		await form.getByLabel('Spielzimmer').selectOption({ label: 'Spielwiese Ehrenfeld' })
		await form.getByLabel('Grund (nur für dich sichtbar)').fill('Renovierung')
		await form.getByRole('button', { name: 'Sperren' }).click()

		await expect(page.getByText('Die Zeit ist gesperrt.')).toBeVisible()
		const cell = page.locator(`[data-date="${day}"]`)
		await expect(cell.getByTestId('calendar-block')).toContainText('ganztägig Gesperrt')
		await expect(cell.getByTestId('calendar-block')).toContainText('Renovierung')

		expect(await publicStartTimes(browser, day)).toBe(0)
	})
})

test.describe('host calendar with JavaScript', () => {
	test('months change without a reload and the week view shows seven days of hours', async ({
		page,
		context,
		baseURL,
	}) => {
		await loginAs(context, DEMO.host, baseURL ?? '')
		await page.goto('/en/host/calendar')
		// Client-side month changes need the page's JavaScript (ADR 0124: it loads after the first paint).
		await waitForHydration(page)
		await expect(page.getByRole('heading', { level: 1 })).toHaveText('Calendar')
		const title = page.getByTestId('calendar-title')
		const before = await title.textContent()
		await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 42))
		await page.getByTestId('calendar-next').click()
		await expect(title).not.toHaveText(before ?? '')
		expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(42)

		await page.getByRole('link', { name: 'Week', exact: true }).click()
		await expect(page.getByTestId('host-calendar')).toHaveAttribute('data-view', 'week')
		const week = page.getByTestId('host-calendar-week')
		await expect(week.getByRole('region')).toHaveCount(7)
		// The same hour rows on every day, at the same height as the hour axis (issue 31.6).
		const axis = await rowTops(week.getByTestId('hour-axis'))
		expect(axis.length).toBeGreaterThan(0)
		for (const day of await week.getByTestId('day-hours').all()) expect(await rowTops(day)).toEqual(axis)
		expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(42)
		await expectNoSeriousA11yViolations(page)
	})
})

test.describe('host calendar week: a time grid (issue 31.6)', () => {
	test.use({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } })

	test('a two-hour block is twice as tall as a one-hour block and starts at its hour row', async ({
		page,
		context,
		baseURL,
	}) => {
		test.slow()
		const day = berlinDay(200)
		await loginAs(context, DEMO.host, baseURL ?? '')
		for (const [from, to, note] of [
			['10:00', '11:00', 'Raster eins'],
			['13:00', '15:00', 'Raster zwei'],
		] as const) {
			await page.goto(`/en/host/calendar?view=week&date=${day}`)
			const form = page.getByTestId('block-form')
			await form.getByLabel('Playroom').selectOption({ label: 'Spielwiese Ehrenfeld' })
			await form.getByLabel('Whole days (end date included)').uncheck()
			await form.getByLabel('From (date)').fill(day)
			await form.getByLabel('From (time)').fill(from)
			await form.getByLabel('Until (date)').fill(day)
			await form.getByLabel('Until (time)').fill(to)
			await form.getByLabel('Reason (only you see it)').fill(note)
			await form.getByRole('button', { name: 'Block', exact: true }).click()
			await expect(page.getByText('The time is blocked.')).toBeVisible()
		}
		await page.goto(`/en/host/calendar?view=week&date=${day}`)
		const week = page.getByTestId('host-calendar-week')
		const column = week.locator(`section[data-date="${day}"]`)
		const one = await box(column.getByTestId('calendar-block').filter({ hasText: 'Raster eins' }))
		const two = await box(column.getByTestId('calendar-block').filter({ hasText: 'Raster zwei' }))
		const row = (hour: string) => box(week.getByTestId('hour-axis').locator(`li[data-hour="${hour}"]`))
		const [ten, eleven, one_pm] = [await row('10:00'), await row('11:00'), await row('13:00')]
		expect(Math.abs(one.y - ten.y)).toBeLessThanOrEqual(1)
		expect(Math.abs(one.height - (eleven.y - ten.y))).toBeLessThanOrEqual(1)
		expect(Math.abs(two.y - one_pm.y)).toBeLessThanOrEqual(1)
		expect(Math.abs(two.height - 2 * one.height)).toBeLessThanOrEqual(1)
		// Every day's rows line up with the axis, the day with the blocks too.
		const axis = await rowTops(week.getByTestId('hour-axis'))
		for (const day of await week.getByTestId('day-hours').all()) expect(await rowTops(day)).toEqual(axis)
		await expect(page.getByTestId('calendar-legend')).toContainText('Spielwiese Ehrenfeld')
	})
})

for (const width of [360, 390]) {
	test.describe(`the calendar on a phone at ${width} px without JavaScript (issue 31.7)`, () => {
		test.use({ javaScriptEnabled: false, viewport: { width, height: 800 } })

		test('month and week fit, next month is reachable, the week is an agenda', async ({
			page,
			context,
			baseURL,
		}) => {
			await loginAs(context, DEMO.host, baseURL ?? '')
			for (const path of [
				'/host/calendar',
				'/en/host/calendar',
				'/host/calendar?view=week',
				'/owner/calendar',
			]) {
				await page.goto(path)
				await expectNoSidewaysScroll(page, `${path} at ${width} px`)
			}
			await page.goto('/host/calendar')
			const title = await page.getByTestId('calendar-title').textContent()
			const next = page.getByTestId('calendar-next')
			const nextBox = await box(next)
			expect(nextBox.x + nextBox.width).toBeLessThanOrEqual(width)
			await next.click()
			await expect(page.getByTestId('calendar-title')).not.toHaveText(title ?? '')
			await expectNoSidewaysScroll(page, `next month at ${width} px`)

			await page.goto('/host/calendar?view=week')
			await expect(page.getByTestId('calendar-agenda')).toBeVisible()
			await expect(page.getByTestId('host-calendar-week')).toBeHidden()
			await expect(page.getByTestId('calendar-agenda').getByRole('region')).toHaveCount(7)
			// No list of empty hours: the whole page is a few screens, not 7,300 px.
			expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThan(4000)
		})

		test('/owner/calendar shows the week and blocks a time span of today', async ({
			page,
			context,
			baseURL,
		}) => {
			const note = `Unterwegs ${width}`
			await loginAs(context, DEMO.host, baseURL ?? '')
			await page.goto('/owner/orders')
			await expect(page.getByRole('link', { name: 'Woche und Sperren' }).first()).toBeAttached()
			await page.goto('/owner/calendar')
			await expect(page.getByRole('heading', { level: 1 })).toHaveText('Woche und Sperren')
			await expect(page.getByTestId('calendar-agenda').getByRole('region')).toHaveCount(7)
			const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Berlin' })
			const form = page.getByTestId('block-form')
			await form.getByLabel('Spielzimmer').selectOption({ label: 'Spielwiese Ehrenfeld' })
			await form.getByLabel('Ganze Tage (Enddatum eingeschlossen)').uncheck()
			await form.getByLabel('Von (Datum)').fill(today)
			await form.getByLabel('Von (Uhrzeit)').fill(width === 360 ? '23:00' : '23:30')
			await form.getByLabel('Bis (Datum)').fill(today)
			await form.getByLabel('Bis (Uhrzeit)').fill(width === 360 ? '23:15' : '23:45')
			await form.getByLabel('Grund (nur für dich sichtbar)').fill(note)
			await expectNoSidewaysScroll(page, `/owner/calendar form at ${width} px`)
			await form.getByRole('button', { name: 'Sperren' }).click()
			await expect(page.getByText('Die Zeit ist gesperrt.')).toBeVisible()
			await expect(page).toHaveURL(/\/owner\/calendar\?view=week/)
			await expect(
				page.locator(`[data-date="${today}"]`).getByTestId('calendar-block').filter({ hasText: note }),
			).toBeVisible()
			const rows = blockRows(note)
			expect(rows).toHaveLength(1)
			expect(rows[0]?.source).toBe('Host')
			expect((rows[0]?.end ?? 0) - (rows[0]?.start ?? 0)).toBe(15 * 60_000)
		})
	})
}
