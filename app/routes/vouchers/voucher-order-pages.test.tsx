// @vitest-environment jsdom
import { cleanup } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { deleteUserAsAdmin } from '#app/models/accounts/account.server.ts'
import { voucherOrderToken } from '#app/models/vouchers/voucher-order-links.server.ts'
import { createVoucherOrder, payVoucherOrder } from '#app/models/vouchers/voucher-orders.server.ts'
import { immediateTransaction } from '#app/utils/db.server.ts'
import { createTestPlayroom } from '#tests/helpers/catalogue.ts'
import {
	configureFakeStripe,
	startFakeStripe,
	unconfigureStripe,
	type FakeStripe,
} from '#tests/helpers/fake-stripe.ts'
import { renderWithApp } from '#tests/helpers/render.tsx'
import { callRoute } from '#tests/helpers/route-harness.ts'
import { createTestUser } from '#tests/helpers/users.ts'
import NewVoucherOrderPage, { loader as formLoader } from './new-voucher-order.tsx'
import VoucherOrderPage, { loader as pageLoader } from './voucher-order.tsx'

/**
 * Issue 33 (ADR 0172), the pages as rendered: the order form offers card only with Stripe; a
 * card order's page offers "Pay by card" while unpaid; a voucher whose host left says it is now
 * valid for every playroom — in German and English.
 */
let fakeStripe: FakeStripe
beforeAll(async () => {
	fakeStripe = await startFakeStripe()
})
afterAll(() => fakeStripe.close())
afterEach(() => {
	cleanup()
	unconfigureStripe()
})
type Page = (props: { loaderData: unknown; actionData?: unknown }) => React.ReactElement

async function text(Component: unknown, loaderData: unknown, path: string) {
	const Page = Component as Page
	const { container } = await renderWithApp(<Page loaderData={loaderData} />, {
		path,
		locale: path.startsWith('/en') ? 'en' : 'de',
	})
	const shown = container.textContent ?? ''
	cleanup()
	return shown
}

function newOrder(input: {
	playroomId: string
	paymentMethod: 'BankTransfer' | 'Card'
	language: 'de' | 'en'
}) {
	return createVoucherOrder(
		{
			amountChoice: '2500',
			otherAmount: undefined,
			scope: 'Playroom',
			playroomId: input.playroomId,
			childName: 'Mia',
			greeting: undefined,
			buyerName: 'Oma Inge',
			buyerEmail: `pages-${Math.random().toString(36).slice(2, 8)}@example.com`,
			language: input.language,
			paymentMethod: input.paymentMethod,
			idempotencyKey: `voucher-pages-${Math.random().toString(36).slice(2, 12)}`,
		},
		null,
	).voucherOrder
}

async function orderPageText(id: string, locale: 'de' | 'en') {
	const path = `${locale === 'en' ? '/en' : ''}/public/voucher-orders/${id}?token=${voucherOrderToken(id)}`
	const loaded = await callRoute(pageLoader as never, { path, params: { voucherOrderId: id } })
	return text(VoucherOrderPage, loaded.data, path)
}

describe('the voucher order pages', () => {
	test('the form offers card only when Stripe is configured', async () => {
		const path = '/en/public/voucher-orders/new-voucher-order'
		const without = await callRoute(formLoader as never, { path })
		expect(await text(NewVoucherOrderPage, without.data, path)).not.toContain('By card')
		configureFakeStripe(fakeStripe)
		const withStripe = await callRoute(formLoader as never, { path })
		const shown = await text(NewVoucherOrderPage, withStripe.data, path)
		expect(shown).toContain('By card')
		expect(shown).toContain('By bank transfer')
	})

	test('a card order awaiting payment offers to pay by card', async () => {
		configureFakeStripe(fakeStripe)
		const playroom = await createTestPlayroom()
		const order = newOrder({ playroomId: playroom.id, paymentMethod: 'Card', language: 'de' })
		const shown = await orderPageText(order.id, 'de')
		expect(shown).toContain('Wartet auf deine Kartenzahlung')
		expect(shown).toContain('Mit Karte bezahlen')
		expect(shown).not.toContain('Verwendungszweck')
	})

	test('after the host left, the page says the voucher is valid for every playroom', async () => {
		const playroom = await createTestPlayroom()
		const admin = await createTestUser({ role: 'Admin' })
		const orders = (['de', 'en'] as const).map((language) =>
			newOrder({ playroomId: playroom.id, paymentMethod: 'BankTransfer', language }),
		)
		for (const order of orders) immediateTransaction((tx) => payVoucherOrder(tx, order, { now: new Date() }))
		expect(await orderPageText(orders[1]!.id, 'en')).not.toContain('now valid for every playroom')
		deleteUserAsAdmin({ id: admin.id, role: 'Admin' }, playroom.hostId, new Date('2026-11-20T10:00:00Z'))
		const en = await orderPageText(orders[1]!.id, 'en')
		expect(en).toContain('The host left the platform on')
		expect(en).toContain('the voucher is now valid for every playroom')
		expect(en).toContain('Valid for every playroom.')
		const de = await orderPageText(orders[0]!.id, 'de')
		expect(de).toContain('Der Gutschein gilt jetzt als Guthaben für alle Spielzimmer')
	})
})
