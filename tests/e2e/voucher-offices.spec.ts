import { expect, test } from './fixtures.ts'
import { toCheckoutPaymentStep } from './checkout-steps.ts'
import { database, expectNoSidewaysScroll, loginAs } from './helpers.ts'

/**
 * Issue 33 (ADR 0170): a host creates a 10 % discount code for one of their playrooms on
 * /host/vouchers — the code is shown once — and a guest uses it at checkout on a 360 px phone
 * with JavaScript: the breakdown shows the discount and the order's total is 10 % lower.
 * Its own demo users (no other spec uses them): host gastgeber11, guest familie6.
 */
const HOST = 'gastgeber11@example.com'
const GUEST = 'familie6@example.com'

type Playroom = { id: string; name: string; path: string; horizon: number; weekdays: number[] }

/** The host's first published fixed-place playroom, with the weekdays it opens (ISO 1 = Monday). */
function hostPlayroom(): Playroom {
	const db = database()
	try {
		const playroom = db
			.prepare(
				`SELECT p.id, p.name, p.playroom_url_path AS path, p.horizon_days AS horizon FROM playrooms p
				 JOIN users u ON u.id = p.host_id
				 WHERE u.email = ? AND p.status = 'Published' AND p.place_type = 'FixedPlace'
				   AND EXISTS (SELECT 1 FROM playroom_booking_types b WHERE b.playroom_id = p.id AND b.booking_type = 'Hourly' AND b.enabled = 1)
				 ORDER BY p.name LIMIT 1`,
			)
			.get(HOST) as Omit<Playroom, 'weekdays'> | undefined
		if (!playroom) throw new Error(`no bookable playroom of ${HOST}`)
		const weekdays = (
			db
				.prepare('SELECT DISTINCT weekday FROM playroom_opening_hours WHERE playroom_id = ?')
				.all(playroom.id) as { weekday: number }[]
		).map((row) => row.weekday)
		return { ...playroom, weekdays }
	} finally {
		db.close()
	}
}

/** A day some weeks ahead (within the horizon) on which the playroom opens. */
function openDay(playroom: Playroom): string {
	for (let days = Math.min(45, playroom.horizon - 8); days < playroom.horizon; days++) {
		const date = new Date(Date.now() + days * 86_400_000).toLocaleDateString('sv-SE', {
			timeZone: 'Europe/Berlin',
		})
		const weekday = new Date(`${date}T12:00:00Z`).getUTCDay() || 7
		if (playroom.weekdays.includes(weekday)) return date
	}
	throw new Error('no open day')
}

function orderWith(last4: string) {
	const db = database()
	try {
		return db
			.prepare(
				`SELECT o.total_amount AS total, o.voucher_code AS code, o.price FROM orders o
				 JOIN vouchers v ON v.id = o.discount_voucher_id WHERE v.code_last4 = ?`,
			)
			.get(last4) as { total: number; code: string; price: string } | undefined
	} finally {
		db.close()
	}
}

test('a host creates a 10 % code and a guest uses it on a 360 px phone', async ({
	page,
	context,
	baseURL,
}) => {
	test.slow()
	await page.setViewportSize({ width: 360, height: 800 })
	const playroom = hostPlayroom()

	// The host: a 10 % code for one of their playrooms, shown once in full.
	await loginAs(context, HOST, baseURL ?? '')
	await page.goto('/host/vouchers')
	const form = page.locator('#discount-code-form')
	await form.getByLabel('Gültig für').selectOption('Playroom')
	await form.getByLabel(/^Spielraum/).selectOption(playroom.id)
	await form.getByLabel('Rabatt', { exact: true }).selectOption('percent')
	await form.getByLabel('Rabatt in %').fill('10')
	await form.getByRole('button', { name: 'Code erstellen' }).click()
	const newCode = page.getByTestId('new-code')
	await expect(newCode).toHaveText(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/)
	const code = (await newCode.textContent()) ?? ''
	const last4 = code.slice(-4)
	await expectNoSidewaysScroll(page, '/host/vouchers with a new code')
	// Listed with its last four only; after a reload the full code is gone.
	await page.goto('/host/vouchers')
	await expect(page.getByTestId('discount-code').filter({ hasText: `…-${last4}` })).toContainText(
		'10 % Rabatt',
	)
	await expect(page.getByTestId('new-code')).toHaveCount(0)
	await expect(page.locator('main')).not.toContainText(code)

	// The guest, on the same phone: checkout with the code.
	await context.clearCookies({ name: 'auth.token' })
	await loginAs(context, GUEST, baseURL ?? '')
	await toCheckoutPaymentStep(page, playroom.path, openDay(playroom), { durationMinutes: null })
	await page.getByLabel('Gutscheincode (optional)').fill(code.toLowerCase())
	await page.getByRole('button', { name: 'Weiter' }).click()
	await expect(page.getByTestId('checkout')).toHaveAttribute('data-step', 'review')
	await expect(page.getByTestId('review-price')).toContainText(`Gutschein …-${last4}`)
	await expectNoSidewaysScroll(page, 'review with the host’s code at 360 px')
	await page.getByRole('checkbox').first().check()
	await page.getByRole('button', { name: /Verbindlich anfragen|Zahlungspflichtig buchen/ }).click()
	await expect(page).toHaveURL(/\/confirmation/)

	const order = orderWith(last4)
	expect(order?.code).toBe(`…-${last4}`)
	const lines = (JSON.parse(order?.price ?? '{}') as { lines: { kind: string; amount: number }[] }).lines
	const before = lines.filter((line) => line.kind !== 'voucher').reduce((sum, line) => sum + line.amount, 0)
	expect(before).toBeGreaterThan(0)
	expect(lines.find((line) => line.kind === 'voucher')?.amount).toBe(-Math.round(before / 10))
	expect(order?.total).toBe(before - Math.round(before / 10))
})
