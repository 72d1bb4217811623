import { eq, or, sql } from 'drizzle-orm'
import { playrooms } from '#db/schema/catalogue.ts'
import type { OrderActorRole } from '#db/schema/orders.ts'
import { users } from '#db/schema/users.ts'
import { preparedQuery, type DbOrTx } from '#app/utils/db.server.ts'
import { queueEmail, renderEmailLayout } from '#app/utils/email.server.ts'
import { getEnv } from '#app/utils/env.server.ts'
import { formatAmount } from '#app/utils/format.ts'
import { formatDate, formatDateTime, formatStay } from '#app/utils/format-instant.ts'
import { getFixedT } from '#app/utils/i18n.server.ts'
import { localizePath, type Locale } from '#app/utils/locale.ts'
import { looseT, type LooseT } from '#app/utils/loose-t.ts'
import { describePriceLine, describeTax } from '#app/utils/price-lines.ts'
import type { TemplateType, TemplateValues } from '#app/domain/host-access.ts'
import { renderTemplate, toParagraphs } from '#app/utils/mini-template.ts'
import { getSetting } from '#app/models/platform/settings.server.ts'
import { resolveTemplate } from '#app/models/host-office/template-texts.server.ts'
import { buildOrderIcs, orderIcsFilename } from './order-ics.server.ts'
import { amountPayable, type OrderRow } from './order-money.server.ts'

/**
 * The booking e-mails (PRODUCT.md §5; ADR 0043), each in the recipient's
 * language with text and HTML parts, queued inside the transaction that
 * caused them and delivered after commit.
 *
 * Essential messages go out whatever the recipient's allowEmailForBookings
 * says: they carry the contract (confirmation with the .ics, declines,
 * cancellations, expiries), ask for action (payment instructions, a new
 * request the host must answer within 24 h). The others are courtesy notices
 * and honour the setting: request received (the guest just saw it on
 * screen), new booking (the host sees it in /host/orders), payment received
 * (the confirmation follows), a host's expired request.
 */
export type OrderEmailKind =
	| 'requestReceived'
	| 'newRequest'
	| 'newBooking'
	| 'confirmed'
	| 'declined'
	| 'cancelled'
	| 'expired'
	| 'paymentInstructions'
	| 'paymentReceived'
	| 'reminder'
	| 'arrivalInstructions'
	/** A refund left the platform (issue 34, ADR 0176): the admin marked the transfer as sent, or Stripe took it. */
	| 'refundSent'

type Recipient = 'guest' | 'host'

export const ESSENTIAL_ORDER_EMAILS: Record<OrderEmailKind, Record<Recipient, boolean>> = {
	requestReceived: { guest: false, host: false },
	newRequest: { guest: true, host: true },
	newBooking: { guest: false, host: false },
	confirmed: { guest: true, host: true },
	declined: { guest: true, host: true },
	cancelled: { guest: true, host: true },
	expired: { guest: true, host: false },
	paymentInstructions: { guest: true, host: true },
	paymentReceived: { guest: false, host: false },
	reminder: { guest: true, host: false },
	arrivalInstructions: { guest: true, host: false },
	refundSent: { guest: true, host: false },
}

/**
 * The guest's e-mails take subject and first paragraph from the template text
 * of the host (else the platform default; ADR 0085). Host e-mails keep theirs.
 */
const GUEST_TEMPLATES: Partial<Record<OrderEmailKind, TemplateType>> = {
	requestReceived: 'RequestReceived',
	confirmed: 'BookingConfirmation',
	declined: 'Declined',
	cancelled: 'Cancellation',
	expired: 'Expired',
	paymentInstructions: 'PaymentInstructions',
	paymentReceived: 'PaymentReceived',
	reminder: 'Reminder',
	arrivalInstructions: 'ArrivalInstructions',
}

export type OrderEmailExtras = {
	reason?: string | null
	refundAmount?: number
	actorRole?: OrderActorRole
	/** Status the order expired from. */
	expiredFrom?: 'Requested' | 'AwaitingPayment'
	/** arrivalInstructions: what the guest needs to get in. */
	arrival?: { accessCode: string; instructions: string }
	/** paymentReceived (issue 34, ADR 0173): the money of this payment and what is still due, in cents. */
	payment?: { received: number; due: number }
}

// The guest's and the host's e-mail of one event read the same rows: load them once per order object.
const peopleOf = new WeakMap<OrderRow, ReturnType<typeof readPeople>>()

function loadPeople(order: OrderRow, db: DbOrTx) {
	let people = peopleOf.get(order)
	if (!people) {
		people = readPeople(order, db)
		peopleOf.set(order, people)
	}
	return people
}

function readPeople(order: OrderRow, db: DbOrTx) {
	const people = preparedQuery(db, 'orderEmails.people', (d) =>
		d
			.select({
				id: users.id,
				email: users.email,
				firstName: users.firstName,
				displayName: users.displayName,
				langPreference: users.langPreference,
				allowEmailForBookings: users.allowEmailForBookings,
				deletedAt: users.deletedAt,
			})
			.from(users)
			.where(or(eq(users.id, sql.placeholder('guestId')), eq(users.id, sql.placeholder('hostId'))))
			.prepare(),
	).all({ guestId: order.guestId, hostId: order.hostId })
	const guest = people.find((person) => person.id === order.guestId)
	const host = people.find((person) => person.id === order.hostId)
	const playroom = preparedQuery(db, 'orderEmails.playroom', (d) =>
		d
			.select({
				name: playrooms.name,
				street: playrooms.street,
				postalCode: playrooms.postalCode,
				city: playrooms.city,
				placeType: playrooms.placeType,
			})
			.from(playrooms)
			.where(eq(playrooms.id, sql.placeholder('id')))
			.prepare(),
	).get({ id: order.playroomId })
	return { guest, host, playroom }
}

/** Where the stay takes place: the playroom, or for a Mobile offer the guest's address. */
export function stayLocation(
	order: Pick<OrderRow, 'contact'>,
	playroom: { name: string; street: string; postalCode: string; city: string; placeType: string },
): string {
	const address = order.contact.eventAddress
	if (playroom.placeType === 'Mobile' && address)
		return `${address.street}, ${address.postalCode} ${address.city}`
	return [playroom.name, playroom.street, `${playroom.postalCode} ${playroom.city}`.trim()]
		.filter(Boolean)
		.join(', ')
}

function details(t: LooseT, order: OrderRow, playroomName: string, locale: Locale, forHost: boolean) {
	const rows = [
		{ label: t('booking:emails.details.code'), value: order.code },
		{ label: t('booking:emails.details.playroom'), value: playroomName },
		{ label: t('booking:emails.details.when'), value: formatStay(order.checkIn, order.checkOut, locale) },
		{
			label: t('booking:emails.details.guests'),
			value: t('booking:checkout.review.guestsValue', { adults: order.adults, children: order.children }),
		},
	]
	for (const line of order.price.lines) {
		const { label, detail } = describePriceLine(line, t, locale)
		rows.push({ label, value: `${detail ? `${detail} = ` : ''}${formatAmount(line.amount, locale)}` })
	}
	// The tax line of the order's frozen price (ADR 0150): VAT contained, or the § 19 UStG note.
	const tax = describeTax(order.price, t, locale)
	rows.push(
		{ label: t('booking:emails.details.total'), value: formatAmount(order.totalAmount, locale) },
		tax.amount === null
			? { label: t('catalogue:priceLines.taxNote'), value: tax.label }
			: { label: tax.label, value: tax.amount },
		{ label: t('booking:emails.details.status'), value: t(`booking:statuses.${order.status}`) },
	)
	if (order.voucherAmount > 0) {
		// A gift voucher pays last (ADR 0167): what it paid and what is left.
		rows.push(
			{
				label: t('vouchers:checkout.giftPays', { code: order.voucherCode ?? '' }),
				value: formatAmount(-order.voucherAmount, locale),
			},
			{ label: t('vouchers:checkout.amountDue'), value: formatAmount(amountPayable(order), locale) },
		)
	}
	if (forHost) {
		rows.push(
			{
				label: t('booking:emails.details.guest'),
				value: `${order.contact.firstName} ${order.contact.lastName}`,
			},
			{ label: t('booking:emails.details.phone'), value: order.contact.phoneNumber ?? '—' },
		)
		const address = order.contact.eventAddress
		if (address) {
			rows.push({
				label: t('booking:emails.details.eventAddress'),
				value: `${address.street}, ${address.postalCode} ${address.city}`,
			})
		}
		if (order.message) rows.push({ label: t('booking:emails.details.message'), value: order.message })
	}
	return rows
}

function bodyOf(
	kind: OrderEmailKind,
	t: LooseT,
	order: OrderRow,
	values: Record<string, unknown>,
	extras: OrderEmailExtras,
	recipient: Recipient,
	locale: Locale,
	db: DbOrTx,
): string[] {
	const key = `booking:emails.${kind}`
	switch (kind) {
		case 'cancelled': {
			const refund = extras.refundAmount ?? 0
			const reason = extras.reason ? t('booking:detail.reason', { reason: extras.reason }) : ''
			return [
				t(`${key}.body`, {
					...values,
					role: t(`booking:actorRoles.${extras.actorRole ?? 'System'}`),
					reason,
				}).trim(),
				refund > 0 ? t(`${key}.refund`, { amount: formatAmount(refund, locale) }) : t(`${key}.noRefund`),
			]
		}
		case 'expired':
			return [
				t(
					recipient === 'host'
						? `${key}.bodyHost`
						: extras.expiredFrom === 'AwaitingPayment'
							? `${key}.bodyAwaitingPayment`
							: `${key}.bodyRequested`,
					values,
				),
			]
		case 'requestReceived':
			return [t(`${key}.body`, values), t(`${key}.payment`)]
		case 'refundSent':
			return [t(`${key}.body`, { ...values, amount: formatAmount(extras.refundAmount ?? 0, locale) })]
		case 'paymentReceived':
			// What is still due by when follows whatever the host's template says (ADR 0173).
			return extras.payment && extras.payment.due > 0
				? [
						t(`${key}.body`, values),
						t(order.paymentDeadline ? `${key}.stillDue` : `${key}.stillDueNoDeadline`, values),
					]
				: [t(`${key}.body`, values)]
		case 'reminder':
		case 'arrivalInstructions':
			// Template texts only (no built-in body).
			return []
		case 'paymentInstructions': {
			if (order.paymentMethod === 'Card') return [t(`${key}.card`, values)]
			// Bank details only when payment is due, never for a request the host may decline.
			if (order.status !== 'AwaitingPayment') return [t(`${key}.body`, values)]
			const bank = getSetting('bankDetails', db)
			return [t(`${key}.body`, values), t(`${key}.bank`, { ...bank, reference: order.code })]
		}
		default:
			return [t(`${key}.body`, values)]
	}
}

/** The placeholder values of a guest's template text (HTML escaping is the layout's job). */
function templateValues(
	order: OrderRow,
	context: { guest: string; host: string; playroom: Parameters<typeof stayLocation>[1]; locale: Locale },
	values: { code: string; amount: string; amountReceived: string; amountDue: string; deadline: string },
	t: LooseT,
	extras: OrderEmailExtras,
): TemplateValues {
	return {
		guestName: context.guest,
		playroomName: context.playroom.name,
		address: stayLocation(order, context.playroom),
		checkIn: formatDateTime(order.checkIn, context.locale),
		checkOut: formatDateTime(order.checkOut, context.locale),
		orderCode: values.code,
		hostName: context.host,
		amount: values.amount,
		amountReceived: values.amountReceived,
		amountDue: values.amountDue,
		deadline: values.deadline,
		reason: extras.reason ? t('booking:detail.reason', { reason: extras.reason }) : '',
		accessCode: extras.arrival?.accessCode ?? '',
		arrivalInstructions: extras.arrival?.instructions ?? '',
	}
}

/**
 * Queues one booking e-mail to the guest or the host of an order. Returns the
 * outbox id, or null when the recipient opted out of a non-essential one (or
 * the account is gone).
 */
export function queueOrderEmail(
	kind: OrderEmailKind,
	recipient: Recipient,
	order: OrderRow,
	db: DbOrTx,
	extras: OrderEmailExtras = {},
): string | null {
	const { guest, host, playroom } = loadPeople(order, db)
	const person = recipient === 'guest' ? guest : host
	if (!person || person.deletedAt || !playroom) return null
	if (!ESSENTIAL_ORDER_EMAILS[kind][recipient] && !person.allowEmailForBookings) return null
	const locale = person.langPreference
	const t = looseT(getFixedT(locale))
	const path = recipient === 'guest' ? `/guest/orders/${order.id}` : `/host/orders/${order.id}`
	// A payment e-mail (ADR 0173): {{amount}} is the money that arrived, as its texts always said.
	const payment = kind === 'paymentReceived' ? extras.payment : undefined
	const deadline = payment ? order.paymentDeadline : (order.responseDeadline ?? order.paymentDeadline)
	const values = {
		name: person.firstName || person.displayName,
		code: order.code,
		playroom: playroom.name,
		date: formatDate(order.checkIn, locale),
		deadline: deadline ? formatDateTime(deadline, locale) : '',
		// What the guest pays by transfer, card or on site: the total less a gift voucher's part.
		amount: formatAmount(payment ? payment.received : amountPayable(order), locale),
		amountReceived: payment ? formatAmount(payment.received, locale) : '',
		amountDue: formatAmount(payment ? payment.due : amountPayable(order), locale),
		guest: `${order.contact.firstName} ${order.contact.lastName}`,
		status: t(`booking:statuses.${order.status}`),
		reason: extras.reason ?? '',
	}
	const key = `booking:emails.${kind}`
	const templateType = recipient === 'guest' ? GUEST_TEMPLATES[kind] : undefined
	const template = templateType ? resolveTemplate(order.hostId, templateType, locale, db) : null
	const fill = template
		? templateValues(
				order,
				{ guest: values.name, host: host?.displayName ?? '', playroom, locale },
				values,
				t,
				extras,
			)
		: null
	const paragraphs = bodyOf(kind, t, order, values, extras, recipient, locale, db)
	const { text, html } = renderEmailLayout({
		locale,
		heading: t(`${key}.heading`, values),
		paragraphs:
			template && fill
				? [...toParagraphs(renderTemplate(template.body, fill)), ...paragraphs.slice(1)]
				: paragraphs,
		details: details(t, order, playroom.name, locale, recipient === 'host'),
		action: {
			label: t(
				kind === 'paymentInstructions' && order.paymentMethod === 'Card'
					? 'booking:payment.payByCard'
					: 'booking:emails.action',
			),
			url: `${getEnv().PUBLIC_URL}${localizePath(path, locale)}`,
		},
		footer: t('booking:emails.footer', { code: order.code }),
	})
	const attachments =
		kind === 'confirmed' && recipient === 'guest'
			? [
					{
						filename: orderIcsFilename(order.code),
						contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
						content: Buffer.from(
							buildOrderIcs(
								{
									id: order.id,
									code: order.code,
									status: order.status,
									checkIn: order.checkIn,
									checkOut: order.checkOut,
									playroomName: playroom.name,
									location: stayLocation(order, playroom),
								},
								locale,
							),
						).toString('base64'),
					},
				]
			: []
	return queueEmail(
		{
			to: person.email,
			subject: template && fill ? renderTemplate(template.subject, fill) : t(`${key}.subject`, values),
			text,
			html,
			template: `order.${kind}`,
			locale,
			attachments,
			orderId: order.id,
		},
		db,
	)
}
