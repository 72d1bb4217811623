import { createHash, createHmac } from 'node:crypto'
import type { voucherOrders } from '#db/schema/vouchers.ts'
import { getEnv } from '#app/utils/env.server.ts'
import { localizePath, type Locale } from '#app/utils/locale.ts'

type VoucherOrderRow = typeof voucherOrders.$inferSelect

/**
 * The secret link of a voucher order and the random bytes of its voucher's code (ADR 0168): both
 * derived from the voucher order's id with a server key (HMAC-SHA256 with VOUCHER_LINK_SECRET, by
 * default SESSION_SECRET). The database keeps only hashes; the server can show the page, the PDF
 * and the QR code again and send the recipient's e-mail on the send date.
 */
function linkKey(): string {
	const env = getEnv()
	return env.VOUCHER_LINK_SECRET ?? env.SESSION_SECRET
}

function hmac(label: string): Buffer {
	return createHmac('sha256', linkKey()).update(label).digest()
}

/** The secret link's token of a voucher order: 43 url-safe characters, 256 bits. */
export function voucherOrderToken(voucherOrderId: string): string {
	return hmac(`voucher-order:${voucherOrderId}:token`).toString('base64url')
}

export function hashToken(token: string): string {
	return createHash('sha256').update(token).digest('hex')
}

/**
 * The random bytes the voucher's code is drawn from: an HMAC stream per voucher order, so the
 * code issued at payment can be derived again for the page and the PDF (ADR 0168).
 */
export function codeBytes(voucherOrderId: string): (size: number) => Uint8Array {
	let counter = 0
	return (size) => {
		const out = Buffer.alloc(size)
		for (let filled = 0; filled < size; filled += 32) {
			hmac(`voucher-order:${voucherOrderId}:code:${counter++}`).copy(out, filled)
		}
		return out
	}
}

/** The page of a voucher order with its secret link. */
export function voucherOrderPath(
	order: Pick<VoucherOrderRow, 'id' | 'language'>,
	locale: Locale = order.language,
) {
	return `${localizePath(`/public/voucher-orders/${order.id}`, locale)}?token=${voucherOrderToken(order.id)}`
}

export function voucherOrderUrl(order: Pick<VoucherOrderRow, 'id' | 'language'>) {
	return `${getEnv().PUBLIC_URL}${voucherOrderPath(order)}`
}

export function voucherOrderPdfPath(order: Pick<VoucherOrderRow, 'id'>, format: 'a4' | 'a6') {
	return `/public/voucher-orders/${order.id}/pdf?token=${voucherOrderToken(order.id)}&format=${format}`
}
