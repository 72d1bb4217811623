import type { Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'

/**
 * ADR 0116: the checkout's step forms load their schema and Zod on demand (the
 * first focus or input), not with the page. With JavaScript the messages and
 * the warning toast are the same as before; without it the server says the
 * same. Nothing is booked here (the guests step of a far day of Spielwiese
 * Ehrenfeld, anonymous), so no other test's data is touched.
 */
const CHECKOUT = '/public/playroomOrder/checkout?playroomUrlPath=spielwiese-ehrenfeld&bookingType=Hourly'

function farDay(): string {
	const date = new Date(Date.now() + 61 * 86_400_000).toLocaleDateString('sv-SE', {
		timeZone: 'Europe/Berlin',
	})
	// Ehrenfeld is closed on Mondays.
	return new Date(`${date}T12:00:00Z`).getUTCDay() === 1
		? new Date(Date.parse(`${date}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10)
		: date
}

/** The date step of the day, its first start, two hours → the guests step. */
async function toGuestsStep(page: Page, lang: 'de' | 'en') {
	const next = lang === 'de' ? 'Weiter' : 'Continue'
	await page.goto(`${lang === 'en' ? '/en' : ''}${CHECKOUT}&date=${farDay()}`)
	const slotForm = page.getByTestId('slot-form')
	await expect(slotForm.getByRole('radio').first()).toBeVisible()
	await slotForm.getByRole('radio').first().check()
	await slotForm.getByLabel(lang === 'de' ? 'Dauer' : 'Duration').selectOption('120')
	await slotForm.getByRole('button', { name: next }).click()
	await expect(page.getByTestId('checkout')).toHaveAttribute('data-step', 'guests')
}

/** Holds a checkout step's chunk (ADR 0128) back until `release()`; `requested` lists its requests. */
async function holdBackStepCode(page: Page, step: 'date' | 'guests') {
	let release = () => {}
	const stepCode = new Promise<void>((resolve) => {
		release = resolve
	})
	const requested: string[] = []
	await page.route(new RegExp(String.raw`/${step}-step-[\w-]+\.js$`), async (route) => {
		requested.push(route.request().url())
		await stepCode
		await route.continue()
	})
	return { requested, release }
}

function adultsField(page: Page, label: string) {
	return page.getByRole('spinbutton', { name: new RegExp(String.raw`^${label}\s*\*?$`) })
}

test.describe('checkout validation with JavaScript (German)', () => {
	test('the validator loads at the first focus; the messages and the toast are translated; a valid step goes on', async ({
		page,
	}) => {
		await toGuestsStep(page, 'de')
		// A fresh document (the date step's form already loaded the validator into this one).
		await page.reload()
		await page.waitForLoadState('networkidle')
		const scripts: string[] = []
		page.on('request', (request) => {
			if (request.resourceType() === 'script') scripts.push(request.url())
		})
		const adults = adultsField(page, 'Erwachsene')
		const validator = () => scripts.filter((url) => /\/form-submission-[\w-]+\.js$/.test(url)).length
		// Nothing was loaded for validation while the page stood still …
		await page.waitForTimeout(300)
		expect(validator()).toBe(0)
		// … the first focus loads it.
		await adults.focus()
		await expect.poll(validator).toBe(1)

		await adults.fill('0')
		await adults.blur()
		await expect(page.getByText('Der Wert muss mindestens 1 sein')).toBeVisible()
		await expect(adults).toHaveAttribute('aria-invalid', 'true')

		await adults.fill('')
		await page.getByTestId('guests-form').getByRole('button', { name: 'Weiter' }).click()
		await expect(page.getByText('Bitte prüfe deine Eingaben.')).toBeVisible()
		await expect(page.getByText('Wert ist erforderlich', { exact: true })).toBeVisible()
		await expect(page.getByTestId('checkout')).toHaveAttribute('data-step', 'guests')

		await adults.fill('2')
		await expect(page.getByText('Wert ist erforderlich', { exact: true })).toHaveCount(0)
		await page.getByTestId('guests-form').getByRole('button', { name: 'Weiter' }).click()
		await expect(page.getByTestId('checkout')).toHaveAttribute('data-step', 'contact')
	})

	test('a submit right after the page loaded, before the validator is there, is held and then checked', async ({
		page,
	}) => {
		await toGuestsStep(page, 'de')
		await page.reload()
		await page.waitForLoadState('networkidle')
		// Empty the field without a focus or input event, then submit at once.
		await adultsField(page, 'Erwachsene').evaluate((input: HTMLInputElement) => {
			input.value = ''
		})
		await page.getByTestId('guests-form').getByRole('button', { name: 'Weiter' }).click()
		await expect(page.getByText('Bitte prüfe deine Eingaben.')).toBeVisible()
		await expect(page.getByText('Wert ist erforderlich', { exact: true })).toBeVisible()
		await expect(page.getByTestId('checkout')).toHaveAttribute('data-step', 'guests')
	})
})

test.describe('checkout steps loaded after the page (English, ADR 0128)', () => {
	test('a step whose code is still loading stays on screen as a plain form; once it is there the price follows what was typed meanwhile', async ({
		page,
	}) => {
		await toGuestsStep(page, 'en')
		const { requested, release } = await holdBackStepCode(page, 'guests')
		await page.reload()
		// The page hydrated and asked for the step's code, which is held back: the server's form is there.
		await expect.poll(() => requested.length).toBe(1)
		await page.getByRole('button', { name: /mode/ }).first().click()
		await expect(page.getByTestId('guests-form')).toBeVisible()
		await expect(adultsField(page, 'Adults')).toHaveValue('2')
		await expect(page.getByTestId('guests-form').getByRole('button', { name: 'Continue' })).toBeVisible()

		// Typed while the step's code is held back …
		await adultsField(page, 'Adults').fill('4')
		const livePrice = page.waitForRequest((request) => /\/GetPrice\?.*guests=4/.test(request.url()))
		release()
		// … gets its live price once the step has hydrated, without typing again.
		await livePrice
		await expect(page.getByTestId('guests-form')).toBeVisible()
	})
})

test.describe('the date step loaded after the page (German, ADR 0128)', () => {
	test('a start picked while its code is still loading narrows the durations once it is there', async ({
		page,
	}) => {
		const { requested, release } = await holdBackStepCode(page, 'date')
		await page.goto(`${CHECKOUT}&date=${farDay()}`)
		await expect.poll(() => requested.length).toBe(1)
		// The server's form lists every duration of the day until a start narrows them.
		const slotForm = page.getByTestId('slot-form')
		const durations = slotForm.getByLabel('Dauer').locator('option')
		const everyDuration = await durations.count()
		// The last start of the day leaves room for fewer durations than the first.
		await slotForm.getByRole('radio').last().check()
		release()
		await expect.poll(() => durations.count()).toBeLessThan(everyDuration)
		await expect(slotForm.getByRole('radio').last()).toBeChecked()
	})
})

test.describe('checkout validation without JavaScript (English)', () => {
	test.use({ javaScriptEnabled: false, locale: 'en-GB' })

	test('the server checks the step and says why in English', async ({ page }) => {
		await toGuestsStep(page, 'en')
		await adultsField(page, 'Adults').fill('0')
		await page.getByTestId('guests-form').getByRole('button', { name: 'Continue' }).click()
		await expect(page.getByText('The value must be at least 1', { exact: true })).toBeVisible()
		await expect(page.getByTestId('checkout')).toHaveAttribute('data-step', 'guests')
		await adultsField(page, 'Adults').fill('2')
		await page.getByTestId('guests-form').getByRole('button', { name: 'Continue' }).click()
		await expect(page.getByTestId('checkout')).toHaveAttribute('data-step', 'contact')
	})
})
