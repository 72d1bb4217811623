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
