// @vitest-environment jsdom
import { screen } from '@testing-library/react'
import { describe, expect, test } from 'vitest'
import { renderWithApp } from '#tests/helpers/render.tsx'
import { EmailHealthBanner } from './email-health-banner.tsx'

describe('the e-mail health banner (ADR 0175)', () => {
	test('delivery not configured: says so with the number waiting and links to the stored e-mails', async () => {
		await renderWithApp(
			<EmailHealthBanner health={{ problem: 'notConfigured', waiting: 12, failedRecently: 0 }} />,
		)
		const banner = screen.getByTestId('email-health-banner')
		expect(banner.textContent).toContain('SMTP_URL fehlt')
		expect(banner.textContent).toContain('12 E-Mails warten')
		expect(screen.getByRole('link', { name: 'E-Mail-Protokoll öffnen' }).getAttribute('href')).toBe(
			'/admin/backgroundTaskExecutions/emails?status=stored',
		)
	})

	test('failing delivery in English; nothing when delivery works', async () => {
		const { unmount } = await renderWithApp(
			<EmailHealthBanner health={{ problem: 'failing', waiting: 1, failedRecently: 3 }} />,
			{ locale: 'en' },
		)
		expect(screen.getByTestId('email-health-banner').textContent).toContain(
			'E-mail delivery is failing: 3 failures in the last 24 hours, 1 e-mail waiting.',
		)
		expect(screen.getByRole('link', { name: 'Open the e-mail log' }).getAttribute('href')).toBe(
			'/en/admin/backgroundTaskExecutions/emails?status=failed',
		)
		unmount()
		await renderWithApp(<EmailHealthBanner health={{ problem: null, waiting: 0, failedRecently: 0 }} />)
		expect(screen.queryByTestId('email-health-banner')).toBeNull()
	})
})
