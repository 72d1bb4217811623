import { eq } from 'drizzle-orm'
import jsQR from 'jsqr'
import { PDFParse } from 'pdf-parse'
import { describe, expect, test } from 'vitest'
import { playrooms } from '#db/schema/catalogue.ts'
import { voucherOrders, voucherTransactions, vouchers } from '#db/schema/vouchers.ts'
import { recordControlTransaction } from '#app/models/booking/control-transactions.server.ts'
import { giftVoucherValidUntil } from '#app/domain/voucher-orders.ts'
import { localDateOf } from '#app/domain/berlin-time.ts'
import { getDb } from '#app/utils/db.server.ts'
import { getFixedT } from '#app/utils/i18n.server.ts'
import { translateValidationMessage } from '#app/utils/validation.ts'
import { voucherDeliveryTask } from '#app/tasks/voucher-delivery.server.ts'
import * as newVoucherOrderPage from '#app/routes/vouchers/new-voucher-order.tsx'
import * as voucherOrderPage from '#app/routes/vouchers/voucher-order.tsx'
import * as voucherOrderPdfRoute from '#app/routes/vouchers/voucher-order-pdf.ts'
import { createTestPlayroom } from '#tests/helpers/catalogue.ts'
import { mailsTo, unbalancedJournals } from '#tests/helpers/booking.ts'
import { callRoute } from '#tests/helpers/route-harness.ts'
import { createTestUser } from '#tests/helpers/users.ts'
import { voucherOrderToken, voucherOrderUrl } from './voucher-order-links.server.ts'
import { voucherOrderPdf, type VoucherOrderRow } from './voucher-orders.server.ts'
import { voucherQrMatrix } from './voucher-pdf.server.ts'

/**
 * Issue 33, gift voucher orders (ADR 0168): the order form (validation in German and English,
 * one voucher order per submit), the secret link (404 without the right token, the voucher only
 * once paid), payment by the admin's control transaction (exactly one voucher), the PDF (code,
 * amount, a QR code that opens the page) and the delivery on the send date.
 */
const action = newVoucherOrderPage.action as never
const pageLoader = voucherOrderPage.loader as never
const pdfLoader = voucherOrderPdfRoute.loader as never
let keyCounter = 0

function form(overrides: Record<string, string> = {}) {
	keyCounter++
	return {
		amountChoice: '5000',
		scope: 'All',
		childName: 'Mia',
		greeting: 'Alles Gute zum 6. Geburtstag!',
		buyerName: 'Oma Inge',
		buyerEmail: `inge${keyCounter}-${Math.random().toString(36).slice(2, 6)}@example.com`,
		language: 'de',
		idempotencyKey: `voucher-order-key-${keyCounter}-${Math.random().toString(36).slice(2, 10)}`,
		...overrides,
	}
}

async function order(fields: Record<string, string>, locale: 'de' | 'en' = 'de') {
	const prefix = locale === 'en' ? '/en' : ''
	return callRoute(action, {
		path: `${prefix}/public/voucher-orders/new-voucher-order`,
		method: 'POST',
		form: fields,
	})
}

function voucherOrderBy(email: string): VoucherOrderRow {
	const row = getDb().select().from(voucherOrders).where(eq(voucherOrders.buyerEmail, email)).get()
	if (!row) throw new Error('no voucher order')
	return row
}

async function page(id: string, token?: string) {
	const query = token === undefined ? '' : `?token=${encodeURIComponent(token)}`
	return callRoute(pageLoader, {
		path: `/public/voucher-orders/${id}${query}`,
		params: { voucherOrderId: id },
	})
}

function pay(
	voucherOrder: VoucherOrderRow,
	admin: { id: string },
	key: string,
	amount = voucherOrder.amount,
) {
	return recordControlTransaction(
		{
			amount,
			bookingDate: localDateOf(Date.now()),
			reference: `Gutschein ${voucherOrder.code.toLowerCase()} Inge`,
			idempotencyKey: key,
		},
		{ id: admin.id, role: 'Admin' },
	)
}

type FailedAction = { data: { result: { error: Record<string, string[]> } }; status: number }

describe('ordering a gift voucher', () => {
	test('bad input is refused with messages in German and English and creates nothing', async () => {
		const fields = form({ amountChoice: 'other', otherAmount: '5', childName: '', sendDate: '2020-01-01' })
		const before = getDb().select().from(voucherOrders).all().length
		for (const locale of ['de', 'en'] as const) {
			const result = (await order(fields, locale)) as unknown as FailedAction
			expect(result.status).toBe(400)
			const errors = result.data.result.error
			const t = getFixedT(locale)
			const said = (name: string) =>
				(errors[name] ?? []).map((message) => translateValidationMessage(t, message))
			expect(said('otherAmount')).toEqual([
				locale === 'de'
					? 'Bitte gib einen Betrag zwischen 10 und 500 € an.'
					: 'Please enter an amount between 10 and 500 €.',
			])
			expect(said('childName')).toHaveLength(1)
			expect(said('sendDate')).toEqual([
				locale === 'de'
					? 'Das Versanddatum muss zwischen heute und einem Jahr ab heute liegen.'
					: 'The send date must lie between today and a year from today.',
			])
			expect(said('recipientEmail')[0]).toContain(
				locale === 'de' ? 'E-Mail-Adresse des Empfängers' : 'recipient’s e-mail',
			)
		}
		expect(getDb().select().from(voucherOrders).all()).toHaveLength(before)
	})

	test('a free amount in whole cents, for a published playroom only', async () => {
		const playroom = await createTestPlayroom()
		const fields = form({
			amountChoice: 'other',
			otherAmount: '42,50',
			scope: 'Playroom',
			playroomId: playroom.id,
		})
		const created = await order(fields)
		expect(created.status).toBe(302)
		const row = voucherOrderBy(fields.buyerEmail)
		expect(row).toMatchObject({
			amount: 4250,
			scope: 'Playroom',
			scopePlayroomId: playroom.id,
			status: 'AwaitingPayment',
		})
		expect(row.code).toMatch(/^GV-[A-Z0-9]{6}$/)

		const draft = await createTestPlayroom({ status: 'Draft' } as never)
		const refused = (await order(
			form({ scope: 'Playroom', playroomId: draft.id }),
		)) as unknown as FailedAction
		expect(refused.status).toBe(400)
	})

	test('a double click is one voucher order and one e-mail with the link and the bank details', async () => {
		const fields = form()
		const first = await order(fields)
		const second = await order(fields)
		expect(first.status).toBe(302)
		expect(second.location).toBe(first.location)
		expect(
			getDb().select().from(voucherOrders).where(eq(voucherOrders.buyerEmail, fields.buyerEmail)).all(),
		).toHaveLength(1)
		const row = voucherOrderBy(fields.buyerEmail)
		expect(first.location).toBe(`/public/voucher-orders/${row.id}?token=${voucherOrderToken(row.id)}`)
		const mails = mailsTo(fields.buyerEmail)
		expect(mails).toHaveLength(1)
		expect(mails[0]?.text).toContain(voucherOrderUrl(row))
		expect(mails[0]?.text).toContain(`Verwendungszweck: ${row.code}`)
		expect(row.tokenHash).not.toContain(voucherOrderToken(row.id))
	})
})

describe('the secret link', () => {
	test('bare id and wrong token are 404; the right token shows the voucher only after payment', async () => {
		const fields = form({ amountChoice: '2500' })
		await order(fields)
		const row = voucherOrderBy(fields.buyerEmail)
		expect((await page(row.id)).status).toBe(404)
		expect((await page(row.id, 'x'.repeat(43))).status).toBe(404)
		expect((await page(row.id, voucherOrderToken('AAAAAAAAAAAAAAAA'))).status).toBe(404)
		const unpaid = await page(row.id, voucherOrderToken(row.id))
		expect(unpaid.status).toBe(200)
		const unpaidView = (unpaid.data as { order: { status: string; voucher: unknown; bankDetails: unknown } })
			.order
		expect(unpaidView).toMatchObject({ status: 'AwaitingPayment', voucher: null })
		expect(unpaidView.bankDetails).not.toBeNull()

		const admin = await createTestUser({ role: 'Admin' })
		pay(row, admin, `pay-${row.id}`)
		const paid = (await page(row.id, voucherOrderToken(row.id))).data as {
			order: { status: string; voucher: { code: string; balance: number; last4: string; bookPath: string } }
		}
		expect(paid.order.status).toBe('Paid')
		expect(paid.order.voucher.balance).toBe(2500)
		expect(paid.order.voucher.code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/)
		expect(paid.order.voucher.code.endsWith(paid.order.voucher.last4)).toBe(true)
		expect(paid.order.voucher.bookPath).toBe('/playrooms/search')
	})
})

describe('paying by bank transfer (control transaction)', () => {
	test('the GV reference issues exactly one voucher, also when recorded twice', async () => {
		const fields = form({ amountChoice: '10000' })
		await order(fields)
		const row = voucherOrderBy(fields.buyerEmail)
		const admin = await createTestUser({ role: 'Admin' })
		const first = pay(row, admin, `key-a-${row.id}`)
		const again = pay(row, admin, `key-a-${row.id}`)
		expect(first).toMatchObject({ outcome: 'voucherOrder' })
		expect(again).toMatchObject({
			outcome: 'voucherOrder',
			paymentId: (first as { paymentId: string }).paymentId,
		})
		// A second transfer with a new key is refused: the voucher order is paid already.
		expect(() => pay(row, admin, `key-b-${row.id}`)).toThrow()
		const paid = voucherOrderBy(fields.buyerEmail)
		expect(paid.status).toBe('Paid')
		const issued = getDb()
			.select()
			.from(vouchers)
			.where(eq(vouchers.id, paid.voucherId ?? ''))
			.all()
		expect(issued).toHaveLength(1)
		expect(issued[0]).toMatchObject({
			kind: 'Gift',
			origin: 'Purchase',
			balance: 10000,
			initialAmount: 10000,
		})
		expect(issued[0]?.validUntil?.getTime()).toBe(
			giftVoucherValidUntil(paid.paidAt?.getTime() ?? 0).getTime(),
		)
		const issues = getDb()
			.select()
			.from(voucherTransactions)
			.where(eq(voucherTransactions.voucherId, paid.voucherId ?? ''))
			.all()
		expect(issues.map((tx) => tx.kind)).toEqual(['Issue'])
		expect(unbalancedJournals()).toEqual([])
		// The buyer: the order e-mail, then the voucher with its PDF.
		const mails = mailsTo(fields.buyerEmail)
		expect(mails.map((mail) => mail.template)).toEqual(['voucherOrder.created', 'voucherOrder.paid'])
		expect(mails[1]?.attachments[0]?.contentType).toBe('application/pdf')
	})

	test('another amount than the voucher order’s is refused and issues nothing', async () => {
		const fields = form()
		await order(fields)
		const row = voucherOrderBy(fields.buyerEmail)
		const admin = await createTestUser({ role: 'Admin' })
		expect(() => pay(row, admin, `short-${row.id}`, 4000)).toThrow()
		expect(voucherOrderBy(fields.buyerEmail).status).toBe('AwaitingPayment')
	})
})

describe('the PDF', () => {
	test('parses as a PDF with the code’s last four characters and the amount; the QR opens the page', async () => {
		const playroom = await createTestPlayroom()
		const fields = form({ amountChoice: '5000', scope: 'Playroom', playroomId: playroom.id })
		await order(fields)
		const row = voucherOrderBy(fields.buyerEmail)
		const admin = await createTestUser({ role: 'Admin' })
		pay(row, admin, `pdf-${row.id}`)
		const paid = voucherOrderBy(fields.buyerEmail)
		const voucher = getDb()
			.select()
			.from(vouchers)
			.where(eq(vouchers.id, paid.voucherId ?? ''))
			.get()
		for (const format of ['a4', 'a6'] as const) {
			const pdf = voucherOrderPdf(paid, format)
			expect(pdf?.subarray(0, 5).toString()).toBe('%PDF-')
			const parser = new PDFParse({ data: new Uint8Array(pdf ?? []) })
			const { text } = await parser.getText()
			await parser.destroy()
			expect(text).toContain(voucher?.codeLast4)
			expect(text).toMatch(/50,00\s*€/)
			expect(text).toContain('Mia')
			expect(text).toContain(
				getDb().select().from(playrooms).where(eq(playrooms.id, playroom.id)).get()?.name,
			)
		}
		// The QR code the PDF draws, rasterised and decoded.
		const url = voucherOrderUrl(paid)
		const matrix = voucherQrMatrix(url)
		const scale = 4
		const quiet = 4
		const side = (matrix.size + quiet * 2) * scale
		const pixels = new Uint8ClampedArray(side * side * 4).fill(255)
		for (let y = 0; y < side; y++) {
			for (let x = 0; x < side; x++) {
				const mx = Math.floor(x / scale) - quiet
				const my = Math.floor(y / scale) - quiet
				if (mx >= 0 && my >= 0 && mx < matrix.size && my < matrix.size && matrix.isDark(mx, my)) {
					pixels.fill(0, (y * side + x) * 4, (y * side + x) * 4 + 3)
				}
			}
		}
		expect(jsQR(pixels, side, side)?.data).toBe(url)
		expect(url).toContain(`/public/voucher-orders/${paid.id}?token=${voucherOrderToken(paid.id)}`)
	})

	test('the PDF route needs the token and a paid voucher order', async () => {
		const fields = form()
		await order(fields)
		const row = voucherOrderBy(fields.buyerEmail)
		const get = (token: string) =>
			callRoute(pdfLoader, {
				path: `/public/voucher-orders/${row.id}/pdf?token=${token}&format=a6`,
				params: { voucherOrderId: row.id },
			})
		expect((await get('wrong-token-wrong-token-wrong')).status).toBe(404)
		expect((await get(voucherOrderToken(row.id))).status).toBe(404)
		pay(row, await createTestUser({ role: 'Admin' }), `route-${row.id}`)
		const ok = await get(voucherOrderToken(row.id))
		expect(ok.status).toBe(200)
		expect(ok.headers.get('content-type')).toBe('application/pdf')
	})
})

describe('delivery on the send date', () => {
	test('the recipient gets the PDF once, on the morning of the send date', async () => {
		const today = localDateOf(Date.now())
		const tomorrow = new Date(Date.now() + 86_400_000)
		const sendDate = localDateOf(tomorrow.getTime())
		const recipient = `eltern-${Math.random().toString(36).slice(2, 8)}@example.com`
		const fields = form({ recipientEmail: recipient, sendDate })
		expect(sendDate > today).toBe(true)
		await order(fields)
		const row = voucherOrderBy(fields.buyerEmail)
		pay(row, await createTestUser({ role: 'Admin' }), `deliver-${row.id}`)
		expect(mailsTo(recipient)).toHaveLength(0)
		const run = (at: string) =>
			voucherDeliveryTask.run({ now: new Date(at) } as never) as { itemsProcessed: number }
		// 05:00 UTC = 06:00 or 07:00 Berlin: before 07:00 in winter nothing goes out.
		const berlinSeven = new Date(`${sendDate}T06:00:00Z`).getTime()
		expect(run(new Date(berlinSeven - 3_600_000).toISOString()).itemsProcessed).toBe(0)
		expect(run(`${sendDate}T09:00:00Z`).itemsProcessed).toBe(1)
		expect(run(`${sendDate}T09:15:00Z`).itemsProcessed).toBe(0)
		const mails = mailsTo(recipient)
		expect(mails).toHaveLength(1)
		expect(mails[0]?.template).toBe('voucherOrder.recipient')
		expect(mails[0]?.attachments[0]?.filename).toBe(`${row.code}.pdf`)
		expect(voucherOrderBy(fields.buyerEmail).deliveredToRecipientAt).not.toBeNull()
	})

	test('without a send date the recipient gets it at payment', async () => {
		const recipient = `sofort-${Math.random().toString(36).slice(2, 8)}@example.com`
		const fields = form({ recipientEmail: recipient })
		await order(fields)
		const row = voucherOrderBy(fields.buyerEmail)
		pay(row, await createTestUser({ role: 'Admin' }), `now-${row.id}`)
		expect(mailsTo(recipient).map((mail) => mail.template)).toEqual(['voucherOrder.recipient'])
		expect(voucherDeliveryTask.run({ now: new Date(Date.now() + 86_400_000) } as never)).toEqual({
			itemsProcessed: 0,
		})
	})
})
