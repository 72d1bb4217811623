import { describe, expect, test } from 'vitest'
import { paymentTransactions } from '#db/schema/payments.ts'
import { getDb } from '#app/utils/db.server.ts'
import { createTestPlayroom } from '#tests/helpers/catalogue.ts'
import { callRoute } from '#tests/helpers/route-harness.ts'
import { formulaCells, spreadsheetRows } from '#tests/helpers/spreadsheet-csv.ts'
import { createLoggedInUser } from '#tests/helpers/users.ts'
import { loader } from '#app/routes/api/admin-lists.ts'

/**
 * Issue 29: the CSV formula guard held only for a cell's start, so a value
 * `x;=2+5;y` in any column but the first became a live formula when Excel
 * with a German locale (`;` as the separator) opened the export. The admin
 * exports are read here as a spreadsheet would, with `,`, `;` and TAB.
 */
async function exportOf(resource: string, query: string, token: string, language = 'de-DE') {
	let text = ''
	const reading = async (args: never) => {
		const response = (await loader(args)) as Response
		text = await response.clone().text()
		return response
	}
	const result = await callRoute(reading as never, {
		path: `/api/Admin/${resource}/Export?${query}`,
		headers: { Authorization: `Bearer ${token}`, 'Accept-Language': language },
		params: { endpoint: 'Export' },
	})
	expect(result.status).toBe(200)
	return text
}

describe('CSV exports opened with a `;` separator', () => {
	test('the `;` CSV case yields no formula cell: playroom city, bank reference', async () => {
		const tag = Math.random().toString(36).slice(2, 8)
		const { token } = await createLoggedInUser({ role: 'Admin' })
		await createTestPlayroom({ name: `Formelraum ${tag}`, city: 'x;=2+5;y' })
		getDb()
			.insert(paymentTransactions)
			.values([
				{
					provider: 'BankTransfer',
					direction: 'Incoming',
					amount: 4_200,
					reference: `SZ-${tag};=2+5;y`,
					status: 'Succeeded',
				},
				{
					provider: 'BankTransfer',
					direction: 'Outgoing',
					amount: -1_250,
					reference: `${tag};@SUM(1+1)*cmd|' /C calc'!A0`,
					status: 'Succeeded',
				},
			])
			.run()

		// English files are `,`-separated, German ones `;`-separated (issue 34, ADR 0174): each
		// opened with the other separator (or TAB) still yields no formula.
		for (const [language, own, other, amount] of [
			['en-GB', ',', ';', '-12.50'],
			['de-DE', ';', ',', '-12,50'],
		] as const) {
			const playrooms = await exportOf('Playrooms', `tableFilter=Formelraum+${tag}`, token, language)
			const payments = await exportOf('PaymentTransactions', `tableFilter=${tag}`, token, language)
			for (const file of [playrooms, payments]) {
				expect(formulaCells(file)).toEqual([])
				// A comma file read with `;` (German Excel, issue 29): the pieces are there, as text.
				if (own === ',') expect(spreadsheetRows(file, other).flat().join('\n')).toMatch(/^'=2\+5/m)
			}
			// Read with its own separator every value comes back whole; the amounts stay numbers.
			const byOwn = spreadsheetRows(payments, own).flat()
			expect(byOwn).toContain(`SZ-${tag};'=2+5;y`)
			expect(byOwn).toContain(amount)
			expect(spreadsheetRows(playrooms, own).flat()).toContain("x;'=2+5;y")
		}
	})
})
