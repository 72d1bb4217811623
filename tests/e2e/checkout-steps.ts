import type { Page } from '@playwright/test'
import { expect } from './fixtures.ts'

/**
 * The checkout's first steps in German, with or without JavaScript (issue 33's voucher specs):
 * the date step (the first start, two hours — or the playroom's shortest with `durationMinutes:
 * null`) → the payment step with 2 adults; the contact step when the guest has no phone number yet.
 */
export async function toCheckoutPaymentStep(
	page: Page,
	playroomUrlPath: string,
	date: string,
	{ durationMinutes = 120 }: { durationMinutes?: number | null } = {},
) {
	await page.goto(
		`/public/playroomOrder/checkout?playroomUrlPath=${playroomUrlPath}&bookingType=Hourly&date=${date}`,
	)
	const slotForm = page.getByTestId('slot-form')
	await slotForm.getByRole('radio').first().check()
	if (durationMinutes !== null) await slotForm.getByLabel('Dauer').selectOption(String(durationMinutes))
	await slotForm.getByRole('button', { name: 'Weiter' }).click()
	await expect(page.getByTestId('checkout')).toHaveAttribute('data-step', 'guests')
	const url = new URL(page.url())
	url.searchParams.set('adults', '2')
	url.searchParams.set('children', '0')
	url.searchParams.set('step', 'payment')
	await page.goto(`${url.pathname}${url.search}`)
	if ((await page.getByTestId('checkout').getAttribute('data-step')) === 'contact') {
		await page.getByLabel('Telefon für Rückfragen').fill('+49 221 5550101')
		await page.getByRole('button', { name: 'Weiter' }).click()
	}
	await expect(page.getByTestId('checkout')).toHaveAttribute('data-step', 'payment')
}
