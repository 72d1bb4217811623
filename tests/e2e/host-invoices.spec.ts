import { readFileSync } from 'node:fs'
import { expect, test } from './fixtures.ts'
import { database, expectNoSidewaysScroll, loginAs } from './helpers.ts'

/**
 * Issue 34 (ADR 0178): a demo host opens /host/invoices, sees last month's commission invoice (the seed
 * runs the real monthly creation, app/seed/invoices.server.ts) and downloads its PDF — JavaScript off,
 * German, 360 px wide. The host is gastgeber14, whom no other spec uses.
 */
test.use({ javaScriptEnabled: false, locale: 'de-DE', viewport: { width: 360, height: 800 } })

const HOST = 'gastgeber14@example.com'

function lastInvoiceNumber(): string {
	const db = database()
	try {
		const row = db
			.prepare(
				`SELECT i.number FROM invoices i JOIN users u ON u.id = i.host_id
				WHERE u.email = ? AND i.kind = 'Invoice' ORDER BY i.period_start DESC, i.sequence DESC LIMIT 1`,
			)
			.get(HOST) as { number: string } | undefined
		if (!row) throw new Error(`no seeded invoice of ${HOST}`)
		return row.number
	} finally {
		db.close()
	}
}

test('a host downloads last month’s invoice as a PDF', async ({ page, context, baseURL }) => {
	await loginAs(context, HOST, baseURL ?? '')
	const number = lastInvoiceNumber()
	await page.goto('/host/invoices')
	await expect(page.getByRole('heading', { level: 1, name: 'Rechnungen' })).toBeVisible()
	const row = page.getByTestId('host-invoice-row').filter({ hasText: number })
	await expect(row).toBeVisible()
	await expectNoSidewaysScroll(page, '/host/invoices')
	const [download] = await Promise.all([
		page.waitForEvent('download'),
		row.getByRole('link', { name: 'PDF' }).click(),
	])
	expect(download.suggestedFilename()).toBe(`Rechnung-${number}.pdf`)
	const path = await download.path()
	expect(readFileSync(path).subarray(0, 5).toString('latin1')).toBe('%PDF-')
})
