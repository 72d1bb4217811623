// @vitest-environment jsdom
import { screen, within } from '@testing-library/react'
import { describe, expect, test } from 'vitest'
import {
	activateNewsletter,
	unsubscribeByToken,
	unsubscribeToken,
} from '#app/models/vouchers/newsletter.server.ts'
import { roleGuard } from '#app/utils/auth.server.ts'
import { renderWithApp } from '#tests/helpers/render.tsx'
import { callRoute } from '#tests/helpers/route-harness.ts'
import { createLoggedInUser, createTestUser } from '#tests/helpers/users.ts'
import UserDetailPage, { loader } from './user-detail.tsx'

/** Issue 33 (ADR 0169): admins see a guest's newsletter consents and withdrawals — the proof. */
describe('admin user detail: newsletter consents', () => {
	test('each record with time, action, source, address, text version, language and IP', async () => {
		const { cookie } = await createLoggedInUser({ role: 'Admin' })
		const guest = await createTestUser()
		activateNewsletter(guest.id, { source: 'Modal', ip: '203.0.113.5', language: 'de' })
		unsubscribeByToken(unsubscribeToken(guest.id), { ip: '198.51.100.6', language: 'en' })
		const result = await callRoute(loader as never, {
			path: `/en/admin/guests/${guest.id}`,
			params: { guestUserId: guest.id },
			cookie,
			middleware: [roleGuard('Admin')],
		})
		expect(result.status).toBe(200)
		const Page = UserDetailPage as unknown as (props: { loaderData: unknown }) => React.ReactElement
		await renderWithApp(<Page loaderData={result.data} />, { locale: 'en' })
		const table = within(screen.getByTestId('user-newsletter-consents-table'))
		expect(table.getByText('Consent')).toBeTruthy()
		expect(table.getByText('Modal')).toBeTruthy()
		expect(table.getByText('203.0.113.5')).toBeTruthy()
		expect(table.getByText('Withdrawal')).toBeTruthy()
		expect(table.getByText('Unsubscribe link')).toBeTruthy()
		expect(table.getByText('198.51.100.6')).toBeTruthy()
		expect(table.getAllByText(guest.email)).toHaveLength(2)
		expect(table.getAllByText('2026-11-28')).toHaveLength(2)
	})
})
