// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, test } from 'vitest'
import { activateNewsletter } from '#app/models/vouchers/newsletter.server.ts'
import { issueVoucher } from '#app/models/vouchers/voucher-ledger.server.ts'
import { voucherOrderToken } from '#app/models/vouchers/voucher-order-links.server.ts'
import { createVoucherOrder, payVoucherOrder } from '#app/models/vouchers/voucher-orders.server.ts'
import { roleGuard } from '#app/utils/auth.server.ts'
import { immediateTransaction } from '#app/utils/db.server.ts'
import { renderWithApp } from '#tests/helpers/render.tsx'
import { callRoute } from '#tests/helpers/route-harness.ts'
import { createLoggedInUser } from '#tests/helpers/users.ts'
import GuestOrdersPage, { loader } from './orders.tsx'

/**
 * Issue 33 (ADR 0171): "my vouchers" — the Vouchers tab of /guest/orders shows the vouchers the
 * guest bought (by account or by their address), received and the welcome voucher, with `…-XXXX`,
 * balance or discount, validity, status and the secret page — and nobody else's.
 */
afterEach(cleanup)
let counter = 0

function order(buyer: { id: string; email: string } | null, email: string, amountChoice = '5000') {
	counter++
	return createVoucherOrder(
		{
			amountChoice,
			otherAmount: undefined,
			scope: 'All',
			childName: `Kind ${counter}`,
			greeting: '',
			buyerName: 'Käufer',
			buyerEmail: email,
			language: 'de',
			idempotencyKey: `guest-vouchers-${counter}-${Math.random().toString(36).slice(2, 8)}`,
		},
		buyer,
	).voucherOrder
}

type Vouchers = {
	bought: {
		id: string
		code: string
		voucher: { codeLast4: string; balance: number } | null
		pagePath: string
	}[]
	received: { id: string; codeLast4: string }[]
	welcome: { codeLast4: string; discountAmount: number } | null
}

async function tab(cookie: string, locale: 'de' | 'en') {
	const result = await callRoute(loader as never, {
		path: `${locale === 'en' ? '/en' : ''}/guest/orders?tab=vouchers`,
		cookie,
		middleware: [roleGuard('Customer')],
	})
	expect(result.status).toBe(200)
	return result.data as { tab: string; vouchers: Vouchers }
}

describe('guest: my vouchers', () => {
	test('bought, received and the welcome voucher — the guest’s own only, in German and English', async () => {
		const a = await createLoggedInUser()
		const b = await createLoggedInUser()
		const paid = order(a.user, a.user.email)
		const paidVoucher = immediateTransaction((tx) => payVoucherOrder(tx, paid, { now: new Date() })).voucher
		const loggedOut = order(null, a.user.email.toUpperCase(), '2500')
		const others = order(b.user, b.user.email)
		const given = immediateTransaction(
			(tx) =>
				issueVoucher(
					{
						kind: 'Gift',
						issuer: 'Platform',
						scope: 'All',
						amount: 3000,
						origin: 'Created',
						holderUserId: a.user.id,
						paid: false,
						validUntil: new Date(Date.now() + 100 * 86_400_000),
						now: new Date(),
					},
					tx,
				).voucher,
		)
		activateNewsletter(a.user.id, { source: 'Page', ip: null, language: 'de' })

		const de = await tab(a.cookie, 'de')
		expect(de.tab).toBe('vouchers')
		expect(de.vouchers.bought.map((o) => o.id).sort()).toEqual([paid.id, loggedOut.id].sort())
		const bought = de.vouchers.bought.find((o) => o.id === paid.id)
		expect(bought?.voucher).toMatchObject({ codeLast4: paidVoucher.codeLast4, balance: 5000 })
		expect(bought?.pagePath).toBe(`/public/voucher-orders/${paid.id}?token=${voucherOrderToken(paid.id)}`)
		expect(de.vouchers.received.map((v) => v.id)).toEqual([given.id])
		expect(de.vouchers.welcome).toMatchObject({ discountAmount: 1000 })

		const Page = GuestOrdersPage as unknown as (props: { loaderData: unknown }) => React.ReactElement
		await renderWithApp(<Page loaderData={de} />, { locale: 'de' })
		const boughtList = within(screen.getByTestId('vouchers-bought'))
		expect(boughtList.getByText(`…-${paidVoucher.codeLast4}`)).toBeTruthy()
		expect(boughtList.getAllByText('50,00 €').length).toBeGreaterThan(0)
		expect(
			boughtList.getByText('Der Gutschein wird ausgestellt, sobald deine Überweisung da ist.'),
		).toBeTruthy()
		expect(
			boughtList.getAllByRole('link', { name: 'Gutscheinseite öffnen' })[0]?.getAttribute('href'),
		).toContain('?token=')
		expect(within(screen.getByTestId('vouchers-received')).getByText(`…-${given.codeLast4}`)).toBeTruthy()
		expect(within(screen.getByTestId('vouchers-received')).getByText('30,00 €')).toBeTruthy()
		expect(
			within(screen.getByTestId('vouchers-welcome')).getByText(/10,00 € ab einem Buchungswert von 50,00 €/),
		).toBeTruthy()
		expect(screen.getByRole('link', { name: 'Gutscheine' }).className).toContain('bg-accent')
		cleanup()

		const en = await tab(a.cookie, 'en')
		await renderWithApp(<Page loaderData={en} />, { locale: 'en' })
		expect(screen.getByRole('heading', { name: 'Bought' })).toBeTruthy()
		expect(within(screen.getByTestId('vouchers-bought')).getAllByText('Remaining balance').length).toBe(1)
		expect(screen.getByText(/€10.00 from a booking value of €50.00/)).toBeTruthy()
		expect(en.vouchers.bought.find((o) => o.id === paid.id)?.pagePath).toMatch(
			/^\/en\/public\/voucher-orders\//,
		)

		// Guest B sees their own order, none of A's.
		const other = await tab(b.cookie, 'de')
		expect(other.vouchers.bought.map((o) => o.id)).toEqual([others.id])
		expect(other.vouchers.received).toEqual([])
		expect(other.vouchers.welcome).toBeNull()
	})
})
