import { expect, test } from './fixtures.ts'
import { DEMO, expectNoSeriousA11yViolations, loginAs } from './helpers.ts'
import { generateImportExport } from '../helpers/import-fixture.ts'

/**
 * Issue 14, the import (docs/subsystems/import.md): the admin uploads an export
 * with JavaScript (progress over the hub, report when done), then the same file
 * again without JavaScript (the page refreshes itself) and every row is
 * unchanged. Creates its own data under a unique prefix.
 */
test('admin imports an export, and the same file again changes nothing (also without JavaScript)', async ({
	page,
	context,
	browser,
	baseURL,
}) => {
	const prefix = `e${Date.now().toString(36).slice(-6)}`
	const fixture = generateImportExport({ users: 30, playrooms: 5, orders: 60, hosts: 5, prefix })
	fixture.orders[7]!.playroomLegacyId = 'missing'
	const file = {
		name: 'export.json',
		mimeType: 'application/json',
		buffer: Buffer.from(JSON.stringify(fixture)),
	}

	await loginAs(context, DEMO.admin, baseURL ?? '')
	await page.goto('/en/admin/migration')
	await expect(page.getByRole('heading', { level: 1, name: 'Data import' })).toBeVisible()
	await page.getByLabel('Export file (JSON)').setInputFiles(file)
	await page.getByRole('button', { name: 'Start import' }).click()
	await expect(page.getByTestId('import-status')).toHaveText('Finished', { timeout: 20_000 })
	await expect(page.getByTestId('import-counts-users')).toHaveText('Users30000')
	await expect(page.getByTestId('import-counts-orders')).toHaveText('Orders59001')
	await expect(page.getByTestId('import-errors')).toContainText('Orders no. 7')
	await expectNoSeriousA11yViolations(page)

	const noScript = await browser.newContext({ javaScriptEnabled: false })
	await loginAs(noScript, DEMO.admin, baseURL ?? '')
	const plain = await noScript.newPage()
	await plain.goto('/admin/migration')
	await plain.getByLabel('Exportdatei (JSON)').setInputFiles(file)
	await plain.getByRole('button', { name: 'Import starten' }).click()
	await expect(plain.getByTestId('import-status')).toHaveText('Abgeschlossen', { timeout: 20_000 })
	await expect(plain.getByTestId('import-counts-users')).toHaveText('Nutzer00300')
	await expect(plain.getByTestId('import-counts-orders')).toHaveText('Buchungen00591')
	await noScript.close()
})
