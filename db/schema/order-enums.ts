/**
 * Value lists of the orders schema (orders.ts re-exports them). No Node imports here: pages in the
 * browser use them too.
 */
export const ORDER_STATUSES = [
	'Requested',
	'AwaitingPayment',
	'Confirmed',
	'Declined',
	'Expired',
	'Cancelled',
	'Completed',
] as const
export type OrderStatus = (typeof ORDER_STATUSES)[number]

/**
 * The host's VAT status an order was priced under (ADR 0150): `Regular` prices contain 19 % VAT,
 * `SmallBusiness` (§ 19 UStG, "Kleinunternehmer") charge none and show no VAT.
 */
export const TAX_STATUSES = ['Regular', 'SmallBusiness'] as const
export type TaxStatus = (typeof TAX_STATUSES)[number]

/** The German standard VAT rate that `Regular` prices contain (app/domain/pricing.ts). */
export const VAT_RATE_PERCENT = 19
