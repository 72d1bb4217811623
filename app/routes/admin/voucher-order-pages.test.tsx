// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, test } from 'vitest'
import { createVoucherOrder, payVoucherOrder } from '#app/models/vouchers/voucher-orders.server.ts'
import { roleGuard } from '#app/utils/auth.server.ts'
import { immediateTransaction } from '#app/utils/db.server.ts'
import { renderWithApp } from '#tests/helpers/render.tsx'
import { callRoute } from '#tests/helpers/route-harness.ts'
import { createLoggedInUser } from '#tests/helpers/users.ts'
import VoucherOrderPage, { loader as detailLoader } from './voucher-order-detail.tsx'
import VoucherOrdersPage, { loader as listLoader } from './voucher-orders.tsx'

/** Issue 33 (ADR 0171): the admin's voucher order pages as HTML, in German and English. */
afterEach(cleanup)
const adminArea = [roleGuard('Admin')]

function paidOrder() {
	const tag = Math.random().toString(36).slice(2, 10)
	const { voucherOrder } = createVoucherOrder(
		{
			amountChoice: '7500',
			otherAmount: undefined,
			scope: 'All',
			childName: 'Mia',
			greeting: 'Alles Gute!',
			buyerName: 'Oma Inge',
			buyerEmail: `pages-${tag}@example.com`,
			language: 'en',
			idempotencyKey: `pages-${tag}`,
		},
		null,
	)
	return immediateTransaction((tx) => payVoucherOrder(tx, voucherOrder, { now: new Date() }))
}

describe('admin voucher order pages', () => {
	test('the list links each reference to its detail; the detail shows facts, voucher link, e-mails and no cancel', async () => {
		const { cookie } = await createLoggedInUser({ role: 'Admin' })
		const { voucherOrder, voucher } = paidOrder()
		const list = await callRoute(listLoader as never, {
			path: `/en/admin/voucherOrders?tableFilter=${voucherOrder.code}`,
			cookie,
			middleware: adminArea,
		})
		const List = VoucherOrdersPage as unknown as (props: { loaderData: unknown }) => React.ReactElement
		await renderWithApp(<List loaderData={list.data} />, { locale: 'en' })
		const row = within(screen.getByTestId('voucher-order-row'))
		expect(row.getByRole('link', { name: voucherOrder.code }).getAttribute('href')).toBe(
			`/en/admin/voucherOrders/${voucherOrder.id}`,
		)
		expect(row.getByText('Platform (every playroom)')).toBeTruthy()
		expect(row.getByText('Paid')).toBeTruthy()
		expect(row.getByText('Bank transfer')).toBeTruthy()
		cleanup()

		for (const locale of ['de', 'en'] as const) {
			const detail = await callRoute(detailLoader as never, {
				path: `${locale === 'en' ? '/en' : ''}/admin/voucherOrders/${voucherOrder.id}`,
				cookie,
				params: { voucherOrderId: voucherOrder.id },
				middleware: adminArea,
			})
			const Detail = VoucherOrderPage as unknown as (props: { loaderData: unknown }) => React.ReactElement
			await renderWithApp(<Detail loaderData={detail.data} />, { locale })
			const page = within(screen.getByTestId('admin-voucher-order'))
			expect(
				page.getByRole('heading', {
					level: 1,
					name:
						locale === 'de'
							? `Gutscheinbestellung ${voucherOrder.code}`
							: `Voucher order ${voucherOrder.code}`,
				}),
			).toBeTruthy()
			expect(page.getByTestId('voucher-link').getAttribute('href')).toBe(
				`${locale === 'en' ? '/en' : ''}/admin/vouchers/${voucher.id}`,
			)
			expect(page.getByText(`…-${voucher.codeLast4}`)).toBeTruthy()
			const emails = within(page.getByTestId('voucher-order-emails-table'))
			expect(emails.getAllByRole('row')).toHaveLength(3)
			expect(emails.getByText('1 PDF')).toBeTruthy()
			expect(page.queryByTestId('cancel')).toBeNull()
			expect(page.getByTestId('resendBuyer')).toBeTruthy()
			expect(page.getByTestId('paid-hint').textContent).toContain(
				locale === 'de' ? 'kann hier nicht storniert werden' : 'cannot be cancelled here',
			)
			cleanup()
		}
	})
})
