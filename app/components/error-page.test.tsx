// @vitest-environment jsdom
import { screen } from '@testing-library/react'
import { UNSAFE_ErrorResponseImpl as ErrorResponseImpl } from 'react-router'
import { describe, expect, test } from 'vitest'
import { renderWithApp } from '#tests/helpers/render.tsx'
import { ErrorPage } from './error-page.tsx'

describe('ErrorPage', () => {
	test.each([
		[404, 'de', 'Seite nicht gefunden'],
		[404, 'en', 'Page not found'],
		[403, 'en', 'Access denied'],
		[500, 'en', 'Server error'],
		[418, 'en', 'An error has occurred'],
	] as const)('%i in %s shows "%s" with both actions', async (status, locale, title) => {
		await renderWithApp(<ErrorPage error={new ErrorResponseImpl(status, '', null)} />, { locale })
		expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(title)
		const home = screen.getByRole('link', {
			name: locale === 'en' ? 'Back to the homepage' : 'Zurück zur Startseite',
		})
		expect(home.getAttribute('href')).toBe(locale === 'en' ? '/en' : '/')
		expect(
			screen.getByRole('link', { name: locale === 'en' ? 'Reload page' : 'Seite neu laden' }),
		).toBeTruthy()
	})

	test('a thrown Error is a 500 and never shows its message', async () => {
		await renderWithApp(<ErrorPage error={new Error('SQLITE_BUSY at /srv/app/db.ts:42')} />, { locale: 'en' })
		expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Server error')
		expect(document.body.textContent).not.toContain('SQLITE_BUSY')
	})
})
