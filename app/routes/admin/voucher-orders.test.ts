import { eq } from 'drizzle-orm'
import { PDFParse } from 'pdf-parse'
import { describe, expect, test } from 'vitest'
import { emailOutbox } from '#db/schema/platform.ts'
import { voucherOrders } from '#db/schema/vouchers.ts'
import { loader as adminListsApi } from '#app/routes/api/admin-lists.ts'
import {
	createVoucherOrder,
	payVoucherOrder,
	type VoucherOrderRow,
} from '#app/models/vouchers/voucher-orders.server.ts'
import { roleGuard } from '#app/utils/auth.server.ts'
import { getDb, immediateTransaction } from '#app/utils/db.server.ts'
import { readToast } from '#app/utils/toast.server.ts'
import { callApi } from '#tests/helpers/api.ts'
import { mailsTo } from '#tests/helpers/booking.ts'
import { callRoute } from '#tests/helpers/route-harness.ts'
import { createLoggedInUser } from '#tests/helpers/users.ts'
import { action as detailAction, loader as detailLoader } from './voucher-order-detail.tsx'
import { loader as listLoader } from './voucher-orders.tsx'

/**
 * Issue 33 (ADR 0171): /admin/voucherOrders and its detail — admins only, filters and search, the
 * CSV, the e-mails of a voucher order, resend (the PDF once paid; a double click sends one), cancel
 * of an unpaid voucher order (a paid one is refused with a translated message).
 */
const adminArea = [roleGuard('Admin')]
let counter = 0

function voucherOrder(options: { paid?: boolean; recipientEmail?: string } = {}): VoucherOrderRow {
	counter++
	const tag = `${counter}-${Math.random().toString(36).slice(2, 8)}`
	const { voucherOrder } = createVoucherOrder(
		{
			amountChoice: '5000',
			otherAmount: undefined,
			scope: 'All',
			childName: 'Mia',
			greeting: 'Alles Gute!',
			buyerName: 'Oma Inge',
			buyerEmail: `buyer-${tag}@example.com`,
			recipientEmail: options.recipientEmail,
			language: 'de',
			idempotencyKey: `admin-voucher-order-${tag}`,
		},
		null,
	)
	if (!options.paid) return voucherOrder
	return immediateTransaction((tx) => payVoucherOrder(tx, voucherOrder, { now: new Date() })).voucherOrder
}

function row(id: string) {
	return getDb().select().from(voucherOrders).where(eq(voucherOrders.id, id)).get()
}

async function toastOf(result: { setCookies: string[] }) {
	const cookie = result.setCookies.find((c) => c.startsWith('sz_toast='))?.split(';')[0] ?? ''
	return (await readToast(new Request('http://x/', { headers: { Cookie: cookie } }))).toast
}

async function post(cookie: string, id: string, intent: string, locale: 'de' | 'en' = 'en') {
	const prefix = locale === 'en' ? '/en' : ''
	return callRoute(detailAction as never, {
		path: `${prefix}/admin/voucherOrders/${id}`,
		cookie,
		params: { voucherOrderId: id },
		middleware: adminArea,
		form: { intent },
	})
}

describe('admin voucher orders list', () => {
	test('guests and hosts get 403 on the page, the detail, the actions, Index and Export', async () => {
		const order = voucherOrder()
		for (const role of ['Customer', 'Owner'] as const) {
			const { cookie, token } = await createLoggedInUser({ role })
			const list = await callRoute(listLoader as never, {
				path: '/admin/voucherOrders',
				cookie,
				middleware: adminArea,
			})
			expect(list.status).toBe(403)
			const detail = await callRoute(detailLoader as never, {
				path: `/admin/voucherOrders/${order.id}`,
				cookie,
				params: { voucherOrderId: order.id },
				middleware: adminArea,
			})
			expect(detail.status).toBe(403)
			expect((await post(cookie, order.id, 'cancel')).status).toBe(403)
			for (const endpoint of ['Index', 'Export']) {
				const api = await callApi(adminListsApi as never, 'Admin/VoucherOrders', endpoint, { token })
				expect(api.status, `${role} ${endpoint}`).toBe(403)
			}
		}
		expect(row(order.id)?.status).toBe('AwaitingPayment')
	})

	test('filters by status and payment method, searches by reference and e-mail, exports CSV', async () => {
		const { cookie, token } = await createLoggedInUser({ role: 'Admin' })
		const unpaid = voucherOrder()
		const paid = voucherOrder({ paid: true })
		type Page = {
			items: { id: string; status: string; code: string }[]
			totalCount: number
			error: string | null
		}
		const page = async (query: string) =>
			(
				await callRoute(listLoader as never, {
					path: `/en/admin/voucherOrders?${query}`,
					cookie,
					middleware: adminArea,
				})
			).data as Page
		const byPaid = await page('status=Paid&perPage=100')
		expect(byPaid.items.map((i) => i.id)).toContain(paid.id)
		expect(byPaid.items.every((i) => i.status === 'Paid')).toBe(true)
		expect((await page('paymentMethod=Card')).items.map((i) => i.id)).not.toContain(unpaid.id)
		const byCode = await page(`tableFilter=${unpaid.code.toLowerCase()}`)
		expect(byCode.items.map((i) => i.id)).toEqual([unpaid.id])
		const byEmail = await page(`tableFilter=${encodeURIComponent(paid.buyerEmail)}`)
		expect(byEmail.items.map((i) => i.id)).toEqual([paid.id])
		const bad = await callRoute(listLoader as never, {
			path: '/en/admin/voucherOrders?status=Nope',
			cookie,
			middleware: adminArea,
		})
		expect(bad.status).toBe(400)
		expect((bad.data as Page).error).toBeTruthy()

		const index = await callApi(adminListsApi as never, 'Admin/VoucherOrders', 'Index', {
			token,
			query: `tableFilter=${paid.code}`,
		})
		expect(index.status).toBe(200)
		expect((index.value as Page).totalCount).toBe(1)
		let text = ''
		const reading = async (args: never) => {
			const response = (await adminListsApi(args)) as Response
			text = await response.clone().text()
			return response
		}
		const csv = await callRoute(reading as never, {
			path: `/api/Admin/VoucherOrders/Export?tableFilter=${paid.code}`,
			headers: { Authorization: `Bearer ${token}`, 'Accept-Language': 'en-GB' },
			params: { endpoint: 'Export' },
		})
		expect(csv.status).toBe(200)
		const lines = text.trim().split(/\r?\n/)
		expect(lines).toHaveLength(2)
		expect(lines[0]).toContain('Reference')
		expect(lines[1]).toContain(paid.code)
		expect(lines[1]).toContain(paid.buyerEmail)
		expect(lines[1]).toContain('50.00')
		expect(lines[1]).toContain('Platform (every playroom)')
		expect(lines[1]).toContain('Paid')
	})
})

describe('admin voucher order detail', () => {
	test('shows the facts, the voucher link and the e-mails sent for it', async () => {
		const { cookie } = await createLoggedInUser({ role: 'Admin' })
		const paid = voucherOrder({ paid: true })
		const result = await callRoute(detailLoader as never, {
			path: `/admin/voucherOrders/${paid.id}`,
			cookie,
			params: { voucherOrderId: paid.id },
			middleware: adminArea,
		})
		expect(result.status).toBe(200)
		const detail = result.data as {
			voucherOrder: { code: string; status: string }
			voucher: { id: string; codeLast4: string } | null
			emails: { template: string; attachments: number }[]
			actions: { cancel: boolean; resendBuyer: boolean }
		}
		expect(detail.voucherOrder).toMatchObject({ code: paid.code, status: 'Paid' })
		expect(detail.voucher?.id).toBe(paid.voucherId)
		expect(detail.emails.map((e) => [e.template, e.attachments])).toEqual([
			['voucherOrder.created', 0],
			['voucherOrder.paid', 1],
		])
		expect(detail.actions).toMatchObject({ cancel: false, resendBuyer: true })
		const unknown = await callRoute(detailLoader as never, {
			path: '/admin/voucherOrders/nope00000000000000000',
			cookie,
			params: { voucherOrderId: 'nope00000000000000000' },
			middleware: adminArea,
		})
		expect(unknown.status).toBe(404)
	})

	test('resending a paid order’s e-mail puts one row with the PDF in the outbox; a double click sends one', async () => {
		const { cookie } = await createLoggedInUser({ role: 'Admin' })
		const paid = voucherOrder({ paid: true })
		expect(mailsTo(paid.buyerEmail)).toHaveLength(2)
		// The guard is per e-mail and address: the paid e-mail itself just went out.
		const tooSoon = await post(cookie, paid.id, 'resendBuyer')
		expect(tooSoon.status).toBe(302)
		expect(await toastOf(tooSoon)).toMatchObject({
			type: 'danger',
			description: `This e-mail was just sent to ${paid.buyerEmail}. Please wait two minutes.`,
		})
		expect(mailsTo(paid.buyerEmail)).toHaveLength(2)
		// Two minutes later.
		getDb()
			.update(emailOutbox)
			.set({ createdAt: new Date(Date.now() - 3 * 60_000) })
			.run()
		const first = await post(cookie, paid.id, 'resendBuyer', 'de')
		expect(await toastOf(first)).toMatchObject({
			type: 'success',
			description: `E-Mail erneut an ${paid.buyerEmail} gesendet.`,
		})
		const second = await post(cookie, paid.id, 'resendBuyer', 'de')
		expect((await toastOf(second))?.type).toBe('danger')
		const mails = mailsTo(paid.buyerEmail)
		expect(mails).toHaveLength(3)
		const resent = mails[2]
		expect(resent?.template).toBe('voucherOrder.paid')
		expect(resent?.attachments).toHaveLength(1)
		const pdf = Buffer.from(resent?.attachments[0]?.content ?? '', 'base64')
		const parsed = await new PDFParse({ data: new Uint8Array(pdf) }).getText()
		expect(parsed.text).toContain('50')
	})

	test('an unpaid order’s resend is the created e-mail without a PDF; the recipient’s waits for the send date', async () => {
		const { cookie } = await createLoggedInUser({ role: 'Admin' })
		const unpaid = voucherOrder()
		getDb()
			.update(emailOutbox)
			.set({ createdAt: new Date(Date.now() - 3 * 60_000) })
			.run()
		await post(cookie, unpaid.id, 'resendBuyer')
		const mails = mailsTo(unpaid.buyerEmail)
		expect(mails.map((m) => [m.template, m.attachments.length])).toEqual([
			['voucherOrder.created', 0],
			['voucherOrder.created', 0],
		])
		const recipient = await post(cookie, unpaid.id, 'resendRecipient')
		expect(await toastOf(recipient)).toMatchObject({
			type: 'danger',
			description: 'This voucher order has no recipient to send the voucher to.',
		})
	})

	test('cancel: an unpaid order becomes Cancelled (twice is once); a paid one is refused and stays paid', async () => {
		const { cookie } = await createLoggedInUser({ role: 'Admin' })
		const unpaid = voucherOrder()
		const done = await post(cookie, unpaid.id, 'cancel')
		expect(await toastOf(done)).toMatchObject({
			type: 'success',
			description: `Voucher order ${unpaid.code} is cancelled.`,
		})
		expect(row(unpaid.id)?.status).toBe('Cancelled')
		const again = await post(cookie, unpaid.id, 'cancel', 'de')
		expect(await toastOf(again)).toMatchObject({
			type: 'success',
			description: `Gutscheinbestellung ${unpaid.code} war schon storniert.`,
		})
		const paid = voucherOrder({ paid: true })
		for (const locale of ['de', 'en'] as const) {
			const refused = await post(cookie, paid.id, 'cancel', locale)
			expect(await toastOf(refused)).toMatchObject({
				type: 'danger',
				description:
					locale === 'de'
						? `Die Gutscheinbestellung ${paid.code} ist bezahlt und kann hier nicht storniert werden. Storniere stattdessen ihren Gutschein.`
						: `Voucher order ${paid.code} is paid and cannot be cancelled here. Cancel its voucher instead.`,
			})
		}
		expect(row(paid.id)?.status).toBe('Paid')
		const bad = await post(cookie, paid.id, 'explode')
		expect(await toastOf(bad)).toMatchObject({ type: 'danger', description: 'The input is not valid.' })
	})
})
