import type { Route } from './+types/voucher-order-pdf.ts'
import {
	findVoucherOrderByLink,
	voucherOrderPdf,
	voucherPdfFilename,
} from '#app/models/vouchers/voucher-orders.server.ts'
import { assertValidRouteParams, notFound, withNotFound } from '#app/utils/route-params.server.ts'
import { fileDownload } from '#app/utils/file-download.server.ts'

/**
 * GET /public/voucher-orders/:voucherOrderId/pdf?token=…&format=a4|a6 (issue 33, ADR 0168): the
 * paid gift voucher as a PDF, behind the same secret link as its page (404 otherwise, and while
 * it is not paid). Rendered in process on each request: a few milliseconds, no file kept.
 */
export async function loader(args: Route.LoaderArgs) {
	assertValidRouteParams(args.params)
	const token = args.url.searchParams.get('token')
	const format = args.url.searchParams.get('format') === 'a6' ? 'a6' : 'a4'
	const order = withNotFound(() => findVoucherOrderByLink(args.params.voucherOrderId, token))
	const pdf = voucherOrderPdf(order, format)
	if (!pdf) throw notFound()
	return fileDownload(new Uint8Array(pdf), {
		fileName: voucherPdfFilename(order, format),
		contentType: 'application/pdf',
		headers: { 'Referrer-Policy': 'no-referrer' },
	})
}
