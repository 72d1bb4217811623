// @vitest-environment jsdom
import { screen } from '@testing-library/react'
import { describe, expect, test } from 'vitest'
import type { ImportRunView } from '#app/models/admin/admin-import.server.ts'
import { renderWithApp } from '#tests/helpers/render.tsx'
import AdminMigrationPage, { type loader } from './migration.tsx'

type PageData = Awaited<ReturnType<typeof loader>>
const Page = AdminMigrationPage as unknown as (props: {
	loaderData: PageData
	actionData?: unknown
}) => React.ReactElement

const baseRun: ImportRunView = {
	id: 'run',
	fileName: 'export.json',
	dryRun: false,
	status: 'running',
	step: 1,
	totalSteps: 3,
	progressText: 'users 500/1000',
	report: null,
	error: null,
	createdAt: new Date('2026-01-10T10:00:00Z'),
	finishedAt: null,
}

describe('/admin/migration page', () => {
	test('while a run is active it shows the progress bar and refreshes itself without JavaScript', async () => {
		await renderWithApp(<Page loaderData={{ run: baseRun, active: true }} />, { locale: 'de' })
		expect(screen.getByRole('status').textContent).toContain('Schritt 1 von 3')
		expect(screen.getByLabelText('Import-Fortschritt')).toHaveProperty('value', 1)
		expect(document.querySelector('noscript')?.innerHTML).toContain('http-equiv="refresh" content="2"')
	})

	test('a finished run shows the counts and each bad row with its index and translated reason', async () => {
		const run: ImportRunView = {
			...baseRun,
			status: 'succeeded',
			step: 3,
			finishedAt: new Date('2026-01-10T10:01:00Z'),
			report: {
				counts: {
					users: { created: 8, updated: 0, unchanged: 0, invalid: 0 },
					playrooms: { created: 0, updated: 1, unchanged: 1, invalid: 0 },
					orders: { created: 4, updated: 0, unchanged: 0, invalid: 1 },
				},
				errors: [
					{
						entity: 'orders',
						index: 2,
						legacyId: 'o2',
						field: 'guestLegacyId',
						reason: 'adminImport:errors.unknownGuest?legacyId=nobody',
					},
				],
				moreErrors: 0,
			},
		}
		await renderWithApp(<Page loaderData={{ run, active: false }} />, { locale: 'en' })
		expect(screen.getByTestId('import-status').textContent).toBe('Finished')
		expect(screen.getByTestId('import-counts-users').textContent).toBe('Users8000')
		expect(screen.getByTestId('import-errors').textContent).toContain(
			'Orders no. 2 (o2) guestLegacyId: Guest nobody was not imported (without errors).',
		)
		expect(document.querySelector('noscript')).toBeNull()
	})
})
