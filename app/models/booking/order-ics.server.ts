import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator'
import type { OrderStatus } from '#db/schema/orders.ts'
import { getEnv } from '#app/utils/env.server.ts'
import { getFixedT } from '#app/utils/i18n.server.ts'
import { localizePath, type Locale } from '#app/utils/locale.ts'
import { looseT } from '#app/utils/loose-t.ts'

/**
 * The calendar entry of an order (RFC 5545 through ical-generator): attached
 * to the confirmation e-mail and served at /guest/orders/:orderId/ics. The
 * UID is stable per order, so importing it again updates the entry; a
 * cancelled order's file says STATUS:CANCELLED, a pending request's
 * STATUS:TENTATIVE. Pages offer it only for AwaitingPayment and Confirmed
 * (ADR 0063).
 */
export type IcsOrder = {
	id: string
	code: string
	status: OrderStatus
	checkIn: Date
	checkOut: Date
	playroomName: string
	location: string
}

export function orderIcsFilename(code: string) {
	return `spielzimmer-${code.toLowerCase()}.ics`
}

export function buildOrderIcs(order: IcsOrder, locale: Locale): string {
	const t = looseT(getFixedT(locale))
	const url = `${getEnv().PUBLIC_URL}${localizePath(`/guest/orders/${order.id}`, locale)}`
	const calendar = ical({
		prodId: { company: 'Spielzimmer', product: 'Bookings', language: locale.toUpperCase() },
		name: t('common:appName'),
		method: ICalCalendarMethod.PUBLISH,
	})
	const cancelled = order.status === 'Cancelled' || order.status === 'Declined' || order.status === 'Expired'
	// A request the host has not accepted yet is only pencilled in.
	const status = cancelled
		? ICalEventStatus.CANCELLED
		: order.status === 'Requested'
			? ICalEventStatus.TENTATIVE
			: ICalEventStatus.CONFIRMED
	calendar.createEvent({
		id: `${order.id}@spielzimmer`,
		start: order.checkIn,
		end: order.checkOut,
		summary: t('booking:ics.summary', { playroom: order.playroomName }),
		description: t('booking:ics.description', { code: order.code, url }),
		location: order.location,
		url,
		status,
	})
	return calendar.toString()
}
