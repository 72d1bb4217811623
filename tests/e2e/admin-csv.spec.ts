import { readFile } from 'node:fs/promises'
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { DEMO, loginAs } from './helpers.ts'

/**
 * Issue 34 (ADR 0174), without JavaScript at phone width: the admin's CSV
 * downloads are in the page's language and conventions — a German page gives a
 * `;` file with German headers, decimal commas and Berlin times under a German
 * name, the English page a `,` file under an English name.
 */
test.describe('admin CSV downloads in the page language', () => {
	test.use({ javaScriptEnabled: false, viewport: { width: 360, height: 780 } })

	async function download(page: Page, path: string, linkText: string) {
		await page.goto(path)
		const waiting = page.waitForEvent('download')
		await page.getByRole('link', { name: linkText }).click()
		const file = await waiting
		const text = await readFile((await file.path()) ?? '', 'utf8')
		return { name: file.suggestedFilename(), text }
	}

	test('German ledger and hosts; English ledger', async ({ page, context, baseURL }) => {
		await loginAs(context, DEMO.admin, baseURL ?? '')

		const ledger = await download(page, '/admin/moneyTransactions', 'Als CSV herunterladen')
		expect(ledger.name).toMatch(/^geldbewegungen-\d{4}-\d{2}-\d{2}\.csv$/)
		const lines = ledger.text.split('\r\n')
		expect(lines[0]).toMatch(/^\uFEFFDatum \(Europe\/Berlin\);Konto;Art;Betrag;/)
		const header = (lines[0] ?? '').replace(/^\uFEFF/, '').split(';')
		const amount = header.indexOf('Betrag')
		const rows = lines.slice(1).filter(Boolean)
		expect(rows.length).toBeGreaterThan(0)
		for (const row of rows) {
			expect(row).toMatch(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2};/)
			// Amounts are German numbers, never guarded into text.
			expect(row.split(';')[amount]).toMatch(/^-?\d{1,3}(\.\d{3})*,\d{2}$/)
		}

		const hosts = await download(page, '/admin/hosts', 'Als CSV herunterladen')
		expect(hosts.name).toMatch(/^gastgeber-\d{4}-\d{2}-\d{2}\.csv$/)
		expect(hosts.text).toContain(';Registriert (Europe/Berlin)\r\n')

		const english = await download(page, '/en/admin/moneyTransactions', 'Download as CSV')
		expect(english.name).toMatch(/^money-transactions-\d{4}-\d{2}-\d{2}\.csv$/)
		expect(english.text).toMatch(/^\uFEFFDate \(Europe\/Berlin\),Account,Kind,Amount,/)
		expect(english.text.split('\r\n')[1]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2},/)
	})
})
