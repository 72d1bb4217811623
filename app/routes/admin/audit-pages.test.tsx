// @vitest-environment jsdom
import { screen, within } from '@testing-library/react'
import { eq, isNull } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { templateTexts } from '#db/schema/access.ts'
import { playrooms } from '#db/schema/catalogue.ts'
import { AuditHistory } from '#app/components/audit-history.tsx'
import { HostTransferSection } from '#app/routes/admin/host-transfer-form.tsx'
import { blockPlayroom } from '#app/models/admin/admin-playrooms.server.ts'
import { listAuditEntries } from '#app/models/platform/audit-log.server.ts'
import { recordControlTransaction } from '#app/models/booking/control-transactions.server.ts'
import { ensurePlatformTemplates, updateTemplateText } from '#app/models/host-office/template-texts.server.ts'
import { roleGuard } from '#app/utils/auth.server.ts'
import { getDb } from '#app/utils/db.server.ts'
import { bookingFixture, daysAhead, hourlySlot, orderRow, placeOrder } from '#tests/helpers/booking.ts'
import { createTestOrder, createTestPlayroom } from '#tests/helpers/catalogue.ts'
import { renderWithApp } from '#tests/helpers/render.tsx'
import { callRoute } from '#tests/helpers/route-harness.ts'
import { createLoggedInUser, createTestUser } from '#tests/helpers/users.ts'
import OrderPage, { action as orderAction, loader as orderLoader } from './order-detail.tsx'
import PaymentPage, { loader as paymentLoader } from './payment-detail.tsx'
import PlayroomPage, { loader as playroomLoader } from './playroom-detail.tsx'
import TemplatePage, { loader as templateLoader } from '../template-texts/detail.tsx'
import UserPage, { action as userAction, loader as userLoader } from './user-detail.tsx'

/**
 * The "History" section (ADR 0098) on the detail pages and the host page's
 * "move playrooms to another host" form with its confirmation step (ADR 0099),
 * through the real loaders and actions (no JavaScript needed).
 */
const adminArea = [roleGuard('Admin')]

async function render(Component: unknown, data: unknown) {
	const Page = Component as (props: { loaderData: unknown }) => React.ReactElement
	return renderWithApp(<Page loaderData={data} />, { locale: 'en' })
}

describe('History section', () => {
	test('the order page shows who recorded the transfer, when, and status before → after', async () => {
		const { cookie, user: admin } = await createLoggedInUser({ role: 'Admin' })
		const fixture = await bookingFixture({ instantBooking: true })
		const order = placeOrder(fixture, hourlySlot(daysAhead(20), 10), { now: Date.now() })
		const path = `/admin/orders/${order.id}`
		const params = { orderId: order.id }
		const amount = (order.totalAmount / 100).toFixed(2).replace('.', ',')
		const recorded = await callRoute(orderAction as never, {
			path,
			cookie,
			params,
			middleware: adminArea,
			form: { intent: 'recordTransfer', amount, note: 'Auszug 12', idempotencyKey: 'audit-pages-transfer' },
		})
		expect(recorded.status).toBe(302)
		expect(orderRow(order.id)?.status).toBe('Confirmed')

		const page = await callRoute(orderLoader as never, { path, cookie, params, middleware: adminArea })
		await render(OrderPage, page.data)
		const history = screen.getByTestId('audit-history')
		expect(within(history).getByRole('heading', { name: 'Admin change log' })).toBeTruthy()
		const [row] = within(history).getAllByTestId('audit-entry')
		expect(row?.textContent).toContain(admin.displayName)
		expect(row?.textContent).toContain('Bank transfer recorded')
		expect(row?.textContent).toContain('Status: Awaiting payment → Confirmed')
		expect(row?.textContent).toContain('Auszug 12')
	})

	test('issue 31.13: the German order page shows labels, not codes; amounts as money; distinct section names', async () => {
		const { cookie } = await createLoggedInUser({ role: 'Admin' })
		const fixture = await bookingFixture({ instantBooking: true })
		const order = placeOrder(fixture, hourlySlot(daysAhead(22), 10), { now: Date.now() })
		const path = `/admin/orders/${order.id}`
		const params = { orderId: order.id }
		const euros = (order.totalAmount / 100).toFixed(2).replace('.', ',')
		const recorded = await callRoute(orderAction as never, {
			path,
			cookie,
			params,
			middleware: adminArea,
			form: {
				intent: 'recordTransfer',
				amount: euros,
				note: 'Auszug 13',
				idempotencyKey: 'audit-pages-transfer-de',
			},
		})
		expect(recorded.status, JSON.stringify(recorded.data)).toBe(302)
		const page = await callRoute(orderLoader as never, { path, cookie, params, middleware: adminArea })
		const Page = OrderPage as unknown as (props: { loaderData: unknown }) => React.ReactElement
		await renderWithApp(<Page loaderData={page.data} />, { locale: 'de' })
		const text = document.body.textContent ?? ''
		for (const code of [
			'BankTransfer',
			'Incoming',
			'Succeeded',
			'stored',
			'GuestPayment',
			'PlatformBank',
			'GuestPrepayments',
			'AwaitingPayment',
			'paymentStatus',
			'{"',
		]) {
			expect(text, code).not.toContain(code)
		}
		expect(within(screen.getByTestId('payments-table')).getAllByText('Überweisung').length).toBeGreaterThan(0)
		expect(
			within(screen.getByTestId('emails-table')).getAllByText(/Gespeichert|Wartet auf Versand/).length,
		).toBeGreaterThan(0)
		const change = within(screen.getByTestId('audit-history'))
			.getAllByTestId('audit-change')
			.map((li) => li.textContent)
		expect(change).toContain('Status: Zahlung ausstehend → Bestätigt')
		expect(change).toContain('Zahlungsstatus: Offen → Bezahlt')
		expect(change.find((line) => line?.startsWith('Zahlung:'))).toMatch(new RegExp(`Betrag: ${euros}\\s€`))
		const titles = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)
		expect(new Set(titles).size).toBe(titles.length)
	})

	test('an action taken while impersonating shows "admin X as host Y"', async () => {
		await renderWithApp(
			<AuditHistory
				entries={[
					{
						id: 'e2',
						at: Date.parse('2026-07-01T10:00:00Z'),
						action: 'order.statusChange',
						entityType: 'order',
						entityId: 'o',
						admin: { id: 'a', name: 'Ada Admin' },
						impersonated: { id: 'h', name: 'Hanna Host', role: 'Owner' },
						changes: [
							{ field: 'status', before: 'Requested', after: 'Confirmed', secret: false },
							{ field: 'refundAmount', before: null, after: 12_345, secret: false },
						],
						reason: null,
					},
				]}
			/>,
			{ locale: 'de' },
		)
		const row = screen.getByTestId('audit-entry')
		expect(row.textContent).toContain('Ada Admin')
		expect(row.textContent).toContain('als Gastgeber:in Hanna Host')
		expect(row.textContent).toContain('Buchungsstatus geändert')
		expect(row.textContent).toContain('Status: Angefragt → Bestätigt')
		expect(row.textContent).toMatch(/Erstattung: – → 123,45\s€/)
	})

	test('a secret is shown as changed without a value, the time in Europe/Berlin', async () => {
		const admin = await createTestUser({ role: 'Admin' })
		await renderWithApp(
			<AuditHistory
				entries={[
					{
						id: 'e1',
						at: Date.parse('2026-07-01T10:00:00Z'),
						action: 'user.changePassword',
						entityType: 'user',
						entityId: 'u',
						admin: { id: admin.id, name: 'Ada Admin' },
						impersonated: null,
						changes: [{ field: 'password', before: null, after: null, secret: true }],
						reason: null,
					},
				]}
			/>,
			{ locale: 'de' },
		)
		const row = screen.getByTestId('audit-entry')
		// Europe/Berlin: 10:00 UTC is 12:00 in summer.
		expect(row.textContent).toContain('12:00 Uhr')
		expect(row.textContent).toContain('Passwort geändert')
		expect(row.textContent).toContain('password: geändert (Wert nicht gespeichert)')
	})

	test('playroom, payment and template text pages show their entries', async () => {
		const { cookie, user: admin } = await createLoggedInUser({ role: 'Admin' })
		const room = await createTestPlayroom()
		blockPlayroom(admin, room.id, 'Brandschutz prüfen')
		const shows = async (
			Component: unknown,
			loader: unknown,
			path: string,
			params: Record<string, string>,
		) => {
			const result = await callRoute(loader as never, { path, cookie, params, middleware: adminArea })
			expect(result.status).toBe(200)
			document.body.innerHTML = ''
			await render(Component, result.data)
			return within(screen.getByTestId('audit-history')).getAllByTestId('audit-entry')
		}
		const [blocked] = await shows(PlayroomPage, playroomLoader, `/admin/playrooms/${room.id}`, {
			playroomId: room.id,
		})
		expect(blocked?.textContent).toContain('Playroom blocked')
		expect(blocked?.textContent).toContain('Brandschutz prüfen')

		const reference = `Unbekannt ${Math.random().toString(36).slice(2, 8)}`
		const result = recordControlTransaction({ amount: 1_500, bookingDate: '2026-06-02', reference }, admin)
		if (result.outcome !== 'unmatched') throw new Error('expected unmatched')
		const [payment] = await shows(
			PaymentPage,
			paymentLoader,
			`/admin/paymentTransactions/${result.paymentId}`,
			{ paymentTransactionId: result.paymentId },
		)
		expect(payment?.textContent).toContain('Bank transfer recorded without a booking')

		ensurePlatformTemplates()
		const text = getDb().select().from(templateTexts).where(isNull(templateTexts.hostId)).get()!
		updateTemplateText(admin, text.id, {
			type: text.type,
			locale: text.locale,
			subject: `${text.subject}!`,
			body: text.body,
		})
		const [edited] = await shows(TemplatePage, templateLoader, `/admin/templateTexts/${text.id}`, {
			templateTextId: text.id,
		})
		expect(edited?.textContent).toContain('Template text changed')
		expect(edited?.textContent).toContain(`Subject: ${text.subject} → ${text.subject}!`)
	})
})

describe('moving a host’s playrooms from the host page', () => {
	test('review, confirm, moved with its future order; the history shows it; a bad target is refused', async () => {
		const { cookie } = await createLoggedInUser({ role: 'Admin' })
		const name = `Alte Mühle ${Math.random().toString(36).slice(2, 6)}`
		const room = { ...(await createTestPlayroom({ name })), name }
		const order = await createTestOrder({
			playroomId: room.id,
			hostId: room.hostId,
			checkIn: new Date(Date.now() + 5 * 86_400_000),
			checkOut: new Date(Date.now() + 5 * 86_400_000 + 7_200_000),
		})
		const target = await createTestUser({ role: 'Owner' })
		const path = `/admin/hosts/${room.hostId}`
		const params = { hostUserId: room.hostId }
		const post = (form: Record<string, string | string[]>) =>
			callRoute(userAction as never, { path, cookie, params, middleware: adminArea, form })

		const page = await callRoute(userLoader as never, { path, cookie, params, middleware: adminArea })
		expect(page.status).toBe(200)
		await render(UserPage, page.data)
		const section = screen.getByTestId('host-transfer')
		expect((within(section).getByRole('checkbox', { name: room.name }) as HTMLInputElement).checked).toBe(
			true,
		)
		expect(within(section).getByLabelText(/E-mail address of the new host/)).toBeTruthy()

		const guest = await createTestUser({ role: 'Customer' })
		const wrong = await post({ intent: 'hostTransfer', targetEmail: guest.email, playroomIds: [room.id] })
		expect(wrong.status).toBe(400)
		expect(JSON.stringify(wrong.data)).toContain('adminAudit:transfer.errors.targetNotHost')

		const base = {
			intent: 'hostTransfer',
			targetEmail: target.email,
			playroomIds: [room.id],
			withOrders: 'on',
		}
		const review = await post(base)
		expect(review.status).toBe(200)
		expect(review.data).toMatchObject({
			review: { target: { id: target.id }, playrooms: [{ id: room.id }], withOrders: true },
		})
		// Nothing moved before the confirmation.
		expect(getDb().select().from(playrooms).where(eq(playrooms.id, room.id)).get()?.hostId).toBe(room.hostId)
		const { review: shown } = review.data as { review: Parameters<typeof HostTransferSection>[0]['review'] }
		await renderWithApp(<HostTransferSection hostId={room.hostId} playrooms={[room]} review={shown} />, {
			locale: 'en',
		})
		expect(screen.getAllByText(/1 playrooms go to/).length).toBeGreaterThan(0)
		expect(screen.getAllByRole('button', { name: 'Move now' }).length).toBeGreaterThan(0)

		const done = await post({ ...base, confirmed: 'on' })
		expect(done.status).toBe(302)
		expect(getDb().select().from(playrooms).where(eq(playrooms.id, room.id)).get()?.hostId).toBe(target.id)
		expect(orderRow(order.id)?.hostId).toBe(target.id)
		expect(listAuditEntries('user', room.hostId)[0]?.action).toBe('user.convertToGutshof')

		const after = await callRoute(userLoader as never, { path, cookie, params, middleware: adminArea })
		document.body.innerHTML = ''
		await render(UserPage, after.data)
		expect(
			within(screen.getByTestId('audit-history')).getByText('Playrooms moved to another host'),
		).toBeTruthy()
		expect(screen.getByText('This host has no playrooms.')).toBeTruthy()
	})
})
