import type { Route } from './+types/order-ics.ts'
import { stayLocation } from '#app/models/booking/order-emails.server.ts'
import { buildOrderIcs, orderIcsFilename } from '#app/models/booking/order-ics.server.ts'
import { getOrderView } from '#app/models/booking/order-queries.server.ts'
import { isAppError } from '#app/utils/app-error.ts'
import { requireRole } from '#app/utils/auth.server.ts'
import { getLocale } from '#app/utils/i18n.server.ts'
import { assertValidRouteParams, notFound } from '#app/utils/route-params.server.ts'
import { fileDownload } from '#app/utils/file-download.server.ts'

/** GET /guest/orders/:orderId/ics — the calendar entry of the guest's own order (others: 404). */
export async function loader(args: Route.LoaderArgs) {
	assertValidRouteParams(args.params)
	const user = await requireRole(args, 'Customer')
	let order
	try {
		order = getOrderView(args.params.orderId, user)
	} catch (error) {
		if (isAppError(error) && error.status === 404) throw notFound()
		throw error
	}
	const ics = buildOrderIcs(
		{
			id: order.id,
			code: order.code,
			status: order.status,
			checkIn: new Date(order.checkIn),
			checkOut: new Date(order.checkOut),
			playroomName: order.playroom.name,
			location: stayLocation(order, order.playroom),
		},
		getLocale(args.context),
	)
	return fileDownload(ics, {
		fileName: orderIcsFilename(order.code),
		contentType: 'text/calendar; charset=utf-8',
	})
}
