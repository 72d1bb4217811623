import { createHash, randomInt } from 'node:crypto'
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { toCheckoutPaymentStep } from './checkout-steps.ts'
import { database, DEMO, expectNoSidewaysScroll, loginAs } from './helpers.ts'

/**
 * Issue 33 (ADR 0167): a guest books with a voucher code. A host's 10 % discount code on a
 * 390 px phone with JavaScript, and a gift voucher that pays the whole booking with JavaScript
 * off. The codes are seeded here the way the app stores them (SHA-256 of the 12 characters,
 * the last four for display); each test books its own far day of Spielwiese Ehrenfeld.
 */
const PLAYROOM = 'spielwiese-ehrenfeld'
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789'

function newCode() {
	return Array.from({ length: 12 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('')
}

function seedVoucher(input: {
	kind: 'Gift' | 'Discount'
	percent?: number
	amount?: number
	hostScope?: boolean
}) {
	const compact = newCode()
	const id = `e2e-voucher-${compact}`
	const db = database()
	try {
		const playroom = db
			.prepare(
				'SELECT id, host_id AS hostId, instant_booking AS instant FROM playrooms WHERE playroom_url_path = ?',
			)
			.get(PLAYROOM) as { id: string; hostId: string; instant: number }
		const now = Date.now()
		const amount = input.kind === 'Gift' ? (input.amount ?? 0) : 0
		db.prepare(
			`INSERT INTO vouchers (id, kind, issuer, issuer_host_id, scope, scope_host_id, code_hash, code_last4,
				discount_percent, initial_amount, balance, uses_count, min_order_amount, status, origin, created_at, updated_at)
			 VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, 0, 'Active', ?, ?, ?)`,
		).run(
			id,
			input.kind,
			input.hostScope ? 'Host' : 'Platform',
			input.hostScope ? playroom.hostId : null,
			input.hostScope ? 'Host' : 'All',
			input.hostScope ? playroom.hostId : null,
			createHash('sha256').update(compact).digest('hex'),
			compact.slice(-4),
			input.percent ?? null,
			amount,
			amount,
			input.kind === 'Gift' ? 'Purchase' : 'Created',
			now,
			now,
		)
		db.prepare(
			`INSERT INTO voucher_transactions (id, voucher_id, kind, amount, value, balance_after, created_at)
			 VALUES (?, ?, 'Issue', ?, ?, ?, ?)`,
		).run(`${id}-issue`, id, amount, amount, amount, now)
		return {
			id,
			code: compact.match(/.{4}/g)?.join('-') ?? compact,
			last4: compact.slice(-4),
			instant: playroom.instant === 1,
		}
	} finally {
		db.close()
	}
}

function farDay(days: number): string {
	const date = new Date(Date.now() + days * 86_400_000).toLocaleDateString('sv-SE', {
		timeZone: 'Europe/Berlin',
	})
	// Ehrenfeld is closed on Mondays.
	return new Date(`${date}T12:00:00Z`).getUTCDay() === 1
		? new Date(Date.parse(`${date}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10)
		: date
}

function toPaymentStep(page: Page, days: number) {
	return toCheckoutPaymentStep(page, PLAYROOM, farDay(days))
}

function orderOf(voucherId: string) {
	const db = database()
	try {
		return db
			.prepare(
				`SELECT status, total_amount AS total, voucher_code AS code, voucher_amount AS voucherAmount, price
				 FROM orders WHERE gift_voucher_id = ? OR discount_voucher_id = ?`,
			)
			.get(voucherId, voucherId) as
			{ status: string; total: number; code: string; voucherAmount: number; price: string } | undefined
	} finally {
		db.close()
	}
}

function balanceOf(voucherId: string) {
	const db = database()
	try {
		return (db.prepare('SELECT balance FROM vouchers WHERE id = ?').get(voucherId) as { balance: number })
			.balance
	} finally {
		db.close()
	}
}

test('a guest uses a host’s 10 % code on a 390 px phone', async ({ page, context, baseURL }) => {
	await page.setViewportSize({ width: 390, height: 844 })
	await loginAs(context, DEMO.guest, baseURL ?? '')
	const voucher = seedVoucher({ kind: 'Discount', percent: 10, hostScope: true })
	await toPaymentStep(page, 75)
	await page.getByLabel('Gutscheincode (optional)').fill(voucher.code.toLowerCase())
	await page.getByRole('button', { name: 'Weiter' }).click()
	await expect(page.getByTestId('checkout')).toHaveAttribute('data-step', 'review')
	const review = page.getByTestId('review-price')
	await expect(review).toContainText(`Gutschein …-${voucher.last4}`)
	await expectNoSidewaysScroll(page, 'review with a discount code')
	await page.getByRole('checkbox').first().check()
	await page.getByRole('button', { name: /Verbindlich anfragen|Zahlungspflichtig buchen/ }).click()
	await expect(page).toHaveURL(/\/confirmation/)
	const order = orderOf(voucher.id)
	expect(order?.code).toBe(`…-${voucher.last4}`)
	const lines = JSON.parse(order?.price ?? '{}') as { lines: { kind: string; amount: number }[] }
	const before = lines.lines.filter((l) => l.kind !== 'voucher').reduce((sum, l) => sum + l.amount, 0)
	expect(lines.lines.find((l) => l.kind === 'voucher')?.amount).toBe(-Math.round(before / 10))
	expect(order?.total).toBe(before - Math.round(before / 10))
})

test.describe('without JavaScript', () => {
	test.use({ javaScriptEnabled: false })

	test('a gift voucher pays the whole booking', async ({ page, context, baseURL }) => {
		await loginAs(context, DEMO.guest, baseURL ?? '')
		const voucher = seedVoucher({ kind: 'Gift', amount: 100_000 })
		await toPaymentStep(page, 76)
		await page.getByLabel('Gutscheincode (optional)').fill(voucher.code)
		await page.getByRole('button', { name: 'Weiter' }).click()
		await expect(page.getByTestId('checkout')).toHaveAttribute('data-step', 'review')
		const gift = page.getByTestId('gift-voucher-lines').first()
		await expect(gift).toContainText(`Bezahlt mit Gutschein …-${voucher.last4}`)
		await expect(gift.getByTestId('amount-due')).toHaveText(/0,00/)
		await page.getByRole('checkbox').first().check()
		await page.getByRole('button', { name: /Verbindlich anfragen|Zahlungspflichtig buchen/ }).click()
		await expect(page).toHaveURL(/\/confirmation/)
		// The confirmation says what the voucher paid and that nothing is left.
		await expect(page.getByTestId('gift-voucher-lines')).toContainText(`…-${voucher.last4}`)
		await expect(page.getByTestId('amount-due')).toHaveText(/0,00/)
		const order = orderOf(voucher.id)
		expect(order?.voucherAmount).toBe(order?.total)
		expect(order?.status).toBe(voucher.instant ? 'Confirmed' : 'Requested')
		expect(balanceOf(voucher.id)).toBe(100_000 - (order?.total ?? 0))
	})
})
