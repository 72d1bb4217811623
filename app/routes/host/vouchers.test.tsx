// @vitest-environment jsdom
import { screen, within } from '@testing-library/react'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import { moneyTransactions } from '#db/schema/payments.ts'
import { voucherTransactions, vouchers } from '#db/schema/vouchers.ts'
import { findVoucherByCode, issueVoucher } from '#app/models/vouchers/voucher-ledger.server.ts'
import { roleGuard } from '#app/utils/auth.server.ts'
import { getDb, immediateTransaction } from '#app/utils/db.server.ts'
import { createTestPlayroom } from '#tests/helpers/catalogue.ts'
import { renderWithApp } from '#tests/helpers/render.tsx'
import { callRoute } from '#tests/helpers/route-harness.ts'
import { createLoggedInUser } from '#tests/helpers/users.ts'
import { loader as listsLoader } from '../api/admin-lists.ts'
import AdminVoucherPage, {
	action as adminDetailAction,
	loader as adminDetailLoader,
} from '../admin/voucher-detail.tsx'
import AdminVouchersPage, {
	action as adminListAction,
	loader as adminListLoader,
} from '../admin/vouchers.tsx'
import HostVoucherPage, { action as detailAction, loader as detailLoader } from './voucher-detail.tsx'
import HostVouchersPage, { action, loader } from './vouchers.tsx'

/**
 * Issue 33 (ADR 0170): /host/vouchers and /admin/vouchers with their detail pages — the right
 * user sees them, others get 404/403; the create form works as a plain post (errors at the top,
 * input kept; the new code shown once); cancel and adjust change nothing on bad input.
 */
type LoggedIn = Awaited<ReturnType<typeof createLoggedInUser>>
let hostA: LoggedIn
let hostB: LoggedIn
let admin: LoggedIn
let guest: LoggedIn
let playroomId: string

beforeAll(async () => {
	hostA = await createLoggedInUser({ role: 'Owner' })
	hostB = await createLoggedInUser({ role: 'Owner' })
	admin = await createLoggedInUser({ role: 'Admin' })
	guest = await createLoggedInUser({ role: 'Customer' })
	playroomId = (await createTestPlayroom({ hostId: hostA.user.id, name: 'Kletterhöhle' })).id
})

const host = (
	handler: unknown,
	cookie: string,
	options: { path?: string; form?: Record<string, string>; params?: Record<string, string> } = {},
) =>
	callRoute(handler as never, {
		path: options.path ?? '/host/vouchers',
		cookie,
		middleware: [roleGuard('Owner')],
		form: options.form,
		params: options.params,
	})

const adminCall = (
	handler: unknown,
	cookie: string,
	options: { path: string; form?: Record<string, string>; params?: Record<string, string> },
) => callRoute(handler as never, { ...options, cookie, middleware: [roleGuard('Admin')] })

async function show(Page: unknown, loaderData: unknown, actionData?: unknown, locale: 'de' | 'en' = 'de') {
	document.body.innerHTML = ''
	const Component = Page as (props: { loaderData: unknown }) => React.ReactElement
	return renderWithApp(<Component loaderData={loaderData} />, { actionData, locale })
}

const FORM = {
	intent: 'create',
	scope: 'Host',
	discountType: 'percent',
	discountPercent: '10',
	idempotencyKey: 'route-test-key-000001',
}

describe('/host/vouchers', () => {
	test('without JavaScript: a bad post changes nothing, shows the summary at the top and keeps the input (de and en)', async () => {
		const before = getDb().select().from(vouchers).all().length
		const bad = await host(action, hostA.cookie, {
			form: { ...FORM, discountPercent: '', maxUses: '7', validFrom: '2030-05-10', validUntil: '2030-05-01' },
		})
		expect(bad.status).toBe(400)
		expect(getDb().select().from(vouchers).all().length).toBe(before)
		const page = (await host(loader, hostA.cookie)).data
		for (const locale of ['de', 'en'] as const) {
			await show(HostVouchersPage, page, bad.data, locale)
			const alert = screen.getByRole('alert')
			expect(alert.textContent).toContain(
				locale === 'de' ? 'Gib den Rabatt in Prozent an' : 'Enter the discount in percent',
			)
			expect(alert.textContent).toContain(
				locale === 'de'
					? 'Das Ende der Gültigkeit liegt vor ihrem Beginn'
					: 'The end of the validity lies before its start',
			)
			expect(
				screen.getByLabelText(locale === 'de' ? /^Einlösungen insgesamt/ : /^Uses in total/),
			).toHaveProperty('value', '7')
		}
	})

	test('a good post creates the code and shows it once; the list afterwards shows only …-XXXX', async () => {
		const created = await host(action, hostA.cookie, {
			form: { ...FORM, scope: 'Playroom', playroomId, idempotencyKey: 'route-test-key-000002' },
		})
		expect(created.status).toBe(200)
		const { code, masked } = (created.data as { created: { code: string; masked: string } }).created
		const voucher = findVoucherByCode(code)
		expect(voucher).toMatchObject({
			issuerHostId: hostA.user.id,
			scopePlayroomId: playroomId,
			discountPercent: 10,
		})
		const page = (await host(loader, hostA.cookie)).data
		await show(HostVouchersPage, page, created.data)
		expect(screen.getByTestId('new-code').textContent).toBe(code)
		await show(HostVouchersPage, page)
		expect(screen.queryByTestId('new-code')).toBeNull()
		expect(document.body.textContent).not.toContain(code)
		const card = screen.getAllByTestId('discount-code').find((li) => li.textContent?.includes(masked))!
		expect(card.textContent).toContain('10 % Rabatt')
		expect(card.textContent).toContain('Kletterhöhle')
		// Host B's page does not list it.
		const other = (await host(loader, hostB.cookie)).data as { codes: { id: string }[] }
		expect(other.codes.map((c) => c.id)).not.toContain(voucher?.id)
	})

	test('a code for another host’s playroom is refused with a message, nothing stored', async () => {
		const foreign = await createTestPlayroom({ hostId: hostB.user.id })
		const before = getDb().select().from(vouchers).all().length
		const refused = await host(action, hostA.cookie, {
			form: { ...FORM, scope: 'Playroom', playroomId: foreign.id, idempotencyKey: 'route-test-key-000003' },
		})
		expect(refused.status).toBe(400)
		expect(getDb().select().from(vouchers).all().length).toBe(before)
		await show(HostVouchersPage, (await host(loader, hostA.cookie)).data, refused.data, 'en')
		expect(screen.getByText('Choose one of your playrooms.')).toBeTruthy()
	})

	test('guests and admins are not let in', async () => {
		expect((await host(loader, guest.cookie)).status).toBe(403)
		expect((await host(loader, admin.cookie)).status).toBe(403)
	})
})

function hostCode() {
	return immediateTransaction((tx) =>
		issueVoucher(
			{
				kind: 'Discount',
				issuer: 'Host',
				issuerHostId: hostA.user.id,
				scope: 'Host',
				scopeHostId: hostA.user.id,
				discountPercent: 15,
				origin: 'Created',
				now: new Date(),
			},
			tx,
		),
	).voucher
}

describe('/host/vouchers/:voucherId', () => {
	test('the host sees facts and transactions and cancels with a reason; host B gets 404', async () => {
		const voucher = hostCode()
		const path = `/host/vouchers/${voucher.id}`
		const params = { voucherId: voucher.id }
		expect((await host(detailLoader, hostB.cookie, { path, params })).status).toBe(404)
		expect(
			(await host(detailAction, hostB.cookie, { path, params, form: { intent: 'cancel', reason: 'fremd' } }))
				.status,
		).toBe(404)
		expect(
			(
				await host(detailLoader, hostA.cookie, {
					path: '/host/vouchers/AAAAAAAAAAAAAAAA',
					params: { voucherId: 'AAAAAAAAAAAAAAAA' },
				})
			).status,
		).toBe(404)

		const page = await host(detailLoader, hostA.cookie, { path, params })
		expect(page.status).toBe(200)
		await show(HostVoucherPage, page.data)
		expect(screen.getByTestId('voucher-fact-list').textContent).toContain('15 % Rabatt')
		expect(
			within(screen.getByTestId('voucher-transaction-table')).getAllByTestId('voucher-transaction')[0]
				?.textContent,
		).toContain('Ausgestellt')

		const empty = await host(detailAction, hostA.cookie, {
			path,
			params,
			form: { intent: 'cancel', reason: '' },
		})
		expect(empty.status).toBe(400)
		expect(getDb().select().from(vouchers).where(eq(vouchers.id, voucher.id)).get()?.status).toBe('Active')

		const done = await host(detailAction, hostA.cookie, {
			path,
			params,
			form: { intent: 'cancel', reason: 'Aktion vorbei' },
		})
		expect(done.status).toBe(302)
		expect(getDb().select().from(vouchers).where(eq(vouchers.id, voucher.id)).get()).toMatchObject({
			status: 'Cancelled',
			cancelReason: 'Aktion vorbei',
		})
		// A host has no "adjust".
		const adjust = await host(detailAction, hostA.cookie, {
			path,
			params,
			form: {
				intent: 'adjust',
				direction: 'credit',
				amount: '5',
				reason: 'Host',
				idempotencyKey: 'route-test-key-000009',
			},
		})
		expect(adjust.status).toBe(400)
	})
})

describe('/admin/vouchers', () => {
	test('the list filters by kind and finds by the last four; the CSV exports; others get 403', async () => {
		const voucher = hostCode()
		const list = await adminCall(adminListLoader, admin.cookie, {
			path: `/admin/vouchers?kind=Discount&tableFilter=${voucher.codeLast4}`,
		})
		expect(list.status).toBe(200)
		await show(AdminVouchersPage, list.data)
		const rows = screen.getAllByTestId('voucher-row')
		expect(rows.some((row) => row.textContent?.includes(`…-${voucher.codeLast4}`))).toBe(true)
		const bad = await adminCall(adminListLoader, admin.cookie, { path: '/admin/vouchers?kind=Nope' })
		expect(bad.status).toBe(400)
		expect((await adminCall(adminListLoader, hostA.cookie, { path: '/admin/vouchers' })).status).toBe(403)

		const csv = await callRoute(listsLoader as never, {
			path: `/api/Admin/Vouchers/Export?tableFilter=${voucher.codeLast4}`,
			cookie: admin.cookie,
			params: { endpoint: 'Export' },
		})
		expect(csv.status).toBe(200)
		expect(csv.headers.get('content-type')).toContain('text/csv')
	})

	test('a platform code: a bad post reopens the form with its summary; a good one shows the code once', async () => {
		const path = '/admin/vouchers'
		const form = { ...FORM, scope: 'All', idempotencyKey: 'route-test-key-000020' }
		const bad = await adminCall(adminListAction, admin.cookie, {
			path,
			form: { ...form, discountPercent: '120' },
		})
		expect(bad.status).toBe(400)
		const page = (await adminCall(adminListLoader, admin.cookie, { path })).data
		await show(AdminVouchersPage, page, bad.data)
		expect(document.querySelector('details')?.open).toBe(true)
		expect(screen.getByRole('alert').textContent).toContain('Rabatt in %')
		expect(screen.getByLabelText(/^Rabatt in %/)).toHaveProperty('value', '120')
		// A host's scope is not the admin's to choose.
		const hostScope = await adminCall(adminListAction, admin.cookie, {
			path,
			form: { ...form, scope: 'Host' },
		})
		expect(hostScope.status).toBe(400)
		const ok = await adminCall(adminListAction, admin.cookie, { path, form })
		expect(ok.status).toBe(200)
		const { code } = (ok.data as { created: { code: string } }).created
		expect(findVoucherByCode(code)).toMatchObject({ issuer: 'Platform', scope: 'All', discountPercent: 10 })
		expect((await adminCall(adminListAction, hostA.cookie, { path, form })).status).toBe(403)
	})

	test('the detail: adjust a gift voucher (bad input changes nothing; a repeat books once), cancel with a reason', async () => {
		const gift = immediateTransaction((tx) =>
			issueVoucher(
				{
					kind: 'Gift',
					issuer: 'Platform',
					scope: 'All',
					amount: 5_000,
					origin: 'Purchase',
					paid: true,
					now: new Date(),
				},
				tx,
			),
		).voucher
		const path = `/admin/vouchers/${gift.id}`
		const params = { voucherId: gift.id }
		expect((await host(adminDetailLoader, hostA.cookie, { path, params })).status).toBe(403)
		const page = await adminCall(adminDetailLoader, admin.cookie, { path, params })
		expect(page.status).toBe(200)
		await show(AdminVoucherPage, page.data, undefined, 'en')
		expect(screen.getByTestId('adjust-voucher')).toBeTruthy()
		const ledgerBefore = getDb().select().from(moneyTransactions).all().length
		const key = (page.data as { idempotencyKey: string }).idempotencyKey
		const form = {
			intent: 'adjust',
			direction: 'debit',
			amount: '60',
			reason: 'Korrektur',
			idempotencyKey: key,
		}
		const tooMuch = await adminCall(adminDetailAction, admin.cookie, { path, params, form })
		expect(tooMuch.status).toBe(400)
		const noReason = await adminCall(adminDetailAction, admin.cookie, {
			path,
			params,
			form: { ...form, amount: '10', reason: '' },
		})
		expect(noReason.status).toBe(400)
		expect(getDb().select().from(vouchers).where(eq(vouchers.id, gift.id)).get()?.balance).toBe(5_000)
		expect(getDb().select().from(moneyTransactions).all().length).toBe(ledgerBefore)

		for (let i = 0; i < 2; i++) {
			const ok = await adminCall(adminDetailAction, admin.cookie, {
				path,
				params,
				form: { ...form, amount: '12,50' },
			})
			expect(ok.status).toBe(302)
		}
		expect(getDb().select().from(vouchers).where(eq(vouchers.id, gift.id)).get()?.balance).toBe(3_750)
		expect(
			getDb()
				.select()
				.from(voucherTransactions)
				.where(eq(voucherTransactions.voucherId, gift.id))
				.all()
				.filter((row) => row.kind === 'Adjust'),
		).toHaveLength(1)

		const cancel = await adminCall(adminDetailAction, admin.cookie, {
			path,
			params,
			form: { intent: 'cancel', reason: 'Rückerstattung' },
		})
		expect(cancel.status).toBe(302)
		expect(getDb().select().from(vouchers).where(eq(vouchers.id, gift.id)).get()?.status).toBe('Cancelled')
		// Both admin writes are in the page's history, with their reasons.
		const after = await adminCall(adminDetailLoader, admin.cookie, { path, params })
		await show(AdminVoucherPage, after.data, undefined, 'en')
		const entries = screen.getAllByTestId('audit-entry').map((entry) => entry.textContent)
		expect(
			entries.some((text) => text?.includes('Voucher cancelled') && text.includes('Rückerstattung')),
		).toBe(true)
		expect(
			entries.some((text) => text?.includes('Voucher balance corrected') && text.includes('37.50')),
		).toBe(true)
		const again = await adminCall(adminDetailAction, admin.cookie, {
			path,
			params,
			form: { intent: 'cancel', reason: 'nochmal' },
		})
		expect(again.status).toBe(400)
	})
})
