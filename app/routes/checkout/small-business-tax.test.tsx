// @vitest-environment jsdom
import { cleanup } from '@testing-library/react'
import { eq } from 'drizzle-orm'
import { afterEach, describe, expect, test } from 'vitest'
import { users } from '#db/schema/users.ts'
import { createSession } from '#app/models/accounts/session.server.ts'
import { roleGuard } from '#app/utils/auth.server.ts'
import { getDb } from '#app/utils/db.server.ts'
import {
	bookingFixture,
	daysAhead,
	hourlySlot,
	mailsTo,
	orderRow,
	placeOrder,
} from '#tests/helpers/booking.ts'
import { callApi } from '#tests/helpers/api.ts'
import { renderWithApp } from '#tests/helpers/render.tsx'
import { callRoute } from '#tests/helpers/route-harness.ts'
import { createLoggedInUser } from '#tests/helpers/users.ts'
import * as getPrice from '../api/playrooms/get-price.ts'
import GuestOrderPage, { loader as guestLoader } from '../guest/order-detail.tsx'
import PriceTab, { loader as priceTabLoader } from '../host/editor/price.tsx'
import HostOrderPage, { loader as hostLoader } from '../host/order-detail.tsx'
import * as playroomPage from '../playrooms/detail.tsx'
import ConfirmationPage, { loader as confirmationLoader } from './confirmation.tsx'
import { loader as checkoutLoader } from './checkout.tsx'
import { Summary } from './wizard/summary.tsx'

/**
 * Issue 31.2: a host who is a small business under § 19 UStG charges no VAT, so
 * no price of theirs may show a VAT line or amount (§ 14c UStG) — the playroom
 * page, the host editor's example, the checkout, the API breakdown, the
 * confirmation, the guest's, host's and owner's order pages and the e-mails —
 * and they show the § 19 note instead. A regular host keeps the VAT line, and an
 * order keeps the status it was made under (ADR 0150).
 */
const NOTE_DE = 'Gemäß § 19 UStG wird keine Umsatzsteuer berechnet.'
const NOTE_EN = 'No VAT is charged under § 19 UStG (small business).'
const VAT_DE = /MwSt|Mehrwertsteuer|darin enthalten/
const VAT_EN = /\bVAT\b(?! is charged under § 19)/

afterEach(cleanup)

function setSmallBusiness(hostId: string, smallBusiness: boolean) {
	getDb().update(users).set({ smallBusiness }).where(eq(users.id, hostId)).run()
}

async function scenario(smallBusiness: boolean) {
	const { user: host, cookie: hostCookie } = await createLoggedInUser({ role: 'Owner' })
	setSmallBusiness(host.id, smallBusiness)
	const fixture = await bookingFixture({ hostId: host.id, instantBooking: true })
	const guestCookie = `auth.token=${createSession({ userId: fixture.guest.id, persistent: true }).token}`
	const urlPath = fixture.playroom.input.playroomUrlPath
	return { host, hostCookie, fixture, guestCookie, urlPath, slot: hourlySlot(daysAhead(20), 10, 2) }
}

type Page = (props: { loaderData: unknown }) => React.ReactElement

async function renderPage(Component: unknown, loaderData: unknown, path: string) {
	const Page = Component as Page
	const { container } = await renderWithApp(<Page loaderData={loaderData} />, {
		path,
		locale: path.startsWith('/en') ? 'en' : 'de',
	})
	const text = container.textContent ?? ''
	cleanup()
	return text
}

/** The order pages with the order's price, as text: a loader called as its role, then its page rendered. */
async function orderTexts(orderId: string, cookies: { guest: string; host: string }) {
	const pages = {
		confirmation: [
			ConfirmationPage,
			confirmationLoader,
			`/public/playroomOrder/${orderId}/confirmation`,
			null,
		],
		guest: [GuestOrderPage, guestLoader, `/guest/orders/${orderId}`, 'Customer'],
		host: [HostOrderPage, hostLoader, `/en/host/orders/${orderId}`, 'Owner'],
		owner: [HostOrderPage, hostLoader, `/owner/orders/${orderId}`, 'Owner'],
	} as const
	const texts: Record<string, string> = {}
	for (const [name, [Component, loader, path, role]] of Object.entries(pages)) {
		const result = await callRoute(loader as never, {
			path,
			cookie: role === 'Owner' ? cookies.host : cookies.guest,
			params: { orderId },
			middleware: role ? [roleGuard(role)] : [],
		})
		expect(result.status, name).toBe(200)
		texts[name] = await renderPage(Component, result.data, path)
	}
	return texts
}

async function playroomPageHtml(urlPath: string, locale: 'de' | 'en') {
	const base = `${locale === 'en' ? '/en' : ''}/playrooms/${urlPath}`
	const load = async (query: string) =>
		(
			(
				await callRoute(playroomPage.loader as never, {
					path: `${base}${query}`,
					params: { playroomUrlPath: urlPath },
				})
			).data as Awaited<ReturnType<typeof playroomPage.loader>>
		).html
	const date = daysAhead(20)
	const day = await load(`?date=${date}`)
	const start = day?.booking.match(/start=([^&"#]+)/)?.[1]
	expect(start).toBeTruthy()
	const chosen = await load(`?date=${date}&start=${start}`)
	expect(chosen?.booking).toContain('data-testid="price-note"')
	return { prices: chosen?.prices ?? '', booking: chosen?.booking ?? '' }
}

async function checkoutSummary(urlPath: string, slot: { checkIn: number; checkOut: number }, cookie: string) {
	const params = new URLSearchParams({
		playroomUrlPath: urlPath,
		bookingType: 'Hourly',
		checkIn: new Date(slot.checkIn).toISOString(),
		checkOut: new Date(slot.checkOut).toISOString(),
		guests: '3',
	})
	const path = `/public/playroomOrder/checkout?${params.toString()}`
	const result = await callRoute(checkoutLoader as never, { path, cookie })
	const data = result.data as { view: Parameters<typeof Summary>[0]['view'] }
	expect(data.view.price?.total).toBeGreaterThan(0)
	const { container } = await renderWithApp(
		<Summary view={data.view} livePrice={{ price: null, pending: false, error: null }} />,
		{ path },
	)
	const text = container.textContent ?? ''
	cleanup()
	return { text, price: data.view.price }
}

async function apiPrice(playroomId: string, slot: { checkIn: number; checkOut: number }) {
	const query = new URLSearchParams({
		playroomId,
		bookingType: 'Hourly',
		checkIn: new Date(slot.checkIn).toISOString(),
		checkOut: new Date(slot.checkOut).toISOString(),
		guests: '3',
	})
	const result = await callApi(getPrice.loader as never, 'Public/Playrooms', 'GetPrice', {
		query: query.toString(),
	})
	expect(result.status).toBe(200)
	return result.value as Record<string, unknown>
}

async function editorExample(playroomId: string, cookie: string) {
	const path = `/en/host/playrooms/edit/${playroomId}/price`
	const result = await callRoute(priceTabLoader as never, { path, cookie, params: { playroomId } })
	expect(result.status).toBe(200)
	return renderPage(PriceTab, result.data, path)
}

describe('a small business under § 19 UStG (issue 31.2): no VAT line or amount, the § 19 note instead', async () => {
	const { host, hostCookie, fixture, guestCookie, urlPath, slot } = await scenario(true)

	test('the playroom page: the price box and the price note of the booking panel, in both languages', async () => {
		const de = await playroomPageHtml(urlPath, 'de')
		expect(de.prices).toContain(NOTE_DE)
		expect(de.booking).toContain(NOTE_DE)
		expect(`${de.prices}${de.booking}`).not.toMatch(VAT_DE)
		const en = await playroomPageHtml(urlPath, 'en')
		expect(en.prices).toContain(NOTE_EN)
		expect(en.booking).toContain(NOTE_EN)
		expect(`${en.prices}${en.booking}`).not.toMatch(VAT_EN)
	})

	test("the host editor's example breakdown", async () => {
		const example = await editorExample(fixture.playroom.id, hostCookie)
		expect(example).toContain(NOTE_EN)
		expect(example).not.toMatch(VAT_EN)
	})

	test('the checkout summary', async () => {
		const checkout = await checkoutSummary(urlPath, slot, guestCookie)
		expect(checkout.text).toContain(NOTE_DE)
		expect(checkout.text).not.toMatch(VAT_DE)
		expect(checkout.price).not.toHaveProperty('vatAmount')
	})

	test('the API price breakdown (GetPrice): the tax status, no VAT fields', async () => {
		const api = await apiPrice(fixture.playroom.id, slot)
		expect(api.taxStatus).toBe('SmallBusiness')
		expect(api.total).toBeGreaterThan(0)
		for (const key of ['vatRatePercent', 'vatAmount', 'netAmount']) expect(api).not.toHaveProperty(key)
	})

	describe('an order', () => {
		const order = placeOrder(fixture, slot, { now: Date.now() })

		test('freezes the status without VAT fields', () => {
			expect(orderRow(order.id)?.price).toMatchObject({ taxStatus: 'SmallBusiness' })
			expect(orderRow(order.id)?.price).not.toHaveProperty('vatAmount')
		})

		test("the confirmation, the guest's, the host's (English) and the owner view's order page", async () => {
			const pages = await orderTexts(order.id, { guest: guestCookie, host: hostCookie })
			for (const [name, text] of Object.entries(pages)) {
				const [note, vat] = name === 'host' ? [NOTE_EN, VAT_EN] : [NOTE_DE, VAT_DE]
				expect(text, name).toContain(note)
				expect(text, name).not.toMatch(vat)
			}
		})

		test("the e-mails in the outbox, the guest's and the host's", () => {
			const mails = [...mailsTo(fixture.guest.email), ...mailsTo(host.email)]
			expect(mails.map((mail) => mail.template).sort()).toEqual([
				'order.newBooking',
				'order.paymentInstructions',
			])
			for (const mail of mails) {
				expect(mail.text, mail.template).toContain(NOTE_DE)
				expect(mail.html, mail.template).toContain(NOTE_DE)
				expect(`${mail.subject}${mail.text}${mail.html}`, mail.template).not.toMatch(VAT_DE)
			}
		})
	})
})

describe('a regular host', async () => {
	const { host, hostCookie, fixture, guestCookie, urlPath, slot } = await scenario(false)

	test('keeps the VAT line on the playroom page, in the editor, the checkout and the API', async () => {
		const de = await playroomPageHtml(urlPath, 'de')
		expect(de.prices).toContain('Alle Preise inkl. 19 % MwSt.')
		expect(`${de.prices}${de.booking}`).not.toContain('§ 19')
		expect(await editorExample(fixture.playroom.id, hostCookie)).toMatch(/includes 19 % VAT\s*€[\d.,]+/)
		const checkout = await checkoutSummary(urlPath, slot, guestCookie)
		expect(checkout.text).toMatch(/darin enthalten 19 % MwSt\.: [\d.,]+\s€/)
		const api = await apiPrice(fixture.playroom.id, slot)
		expect(api).toMatchObject({ taxStatus: 'Regular', vatRatePercent: 19 })
		expect(api.vatAmount).toBe(Math.round(((api.total as number) * 19) / 119))
	})

	test('an order keeps its VAT line in the e-mails and on its pages after the host becomes a small business', async () => {
		const order = placeOrder(fixture, slot, { now: Date.now() })
		const vat = (orderRow(order.id)?.price as { vatAmount: number }).vatAmount
		expect(vat).toBeGreaterThan(0)
		const vatText = `${(vat / 100).toFixed(2).replace('.', ',')}\u00a0€`
		const mails = [...mailsTo(fixture.guest.email), ...mailsTo(host.email)]
		expect(mails).toHaveLength(2)
		for (const mail of mails) {
			expect(mail.text, mail.template).toContain(`darin enthalten 19 % MwSt.: ${vatText}`)
			expect(mail.text, mail.template).not.toContain('§ 19')
		}

		setSmallBusiness(host.id, true)
		// The playroom page follows at once (its kept content is keyed by the status too).
		expect((await playroomPageHtml(urlPath, 'de')).prices).toContain(NOTE_DE)
		const pages = await orderTexts(order.id, { guest: guestCookie, host: hostCookie })
		for (const [name, text] of Object.entries(pages)) {
			expect(text, name).toMatch(name === 'host' ? /includes 19 % VAT/ : /darin enthalten 19 % MwSt\./)
			expect(text, name).not.toContain('§ 19')
		}
		// New prices follow the new status.
		const later = await apiPrice(fixture.playroom.id, hourlySlot(daysAhead(21), 10, 2))
		expect(later.taxStatus).toBe('SmallBusiness')
	})
})
