/**
 * The admin's money to-do (issue 34, ADR 0180): the four things owed or waiting, and the ONE place
 * that says which list opens exactly the rows behind each count. When a list gains a filter (the
 * refunds queue, the payout and invoice pages), its URL is fixed here and nowhere else.
 */
export const MONEY_TODO_ITEMS = [
	'refundsDue',
	'payoutsToExecute',
	'unmatchedTransfers',
	'overdueInvoices',
] as const
export type MoneyTodoItem = (typeof MONEY_TODO_ITEMS)[number]

/** The list of each item's rows (unlocalised path; the page localises it). */
export function moneyTodoHref(item: MoneyTodoItem): string {
	switch (item) {
		// Refunds still owed: outgoing payments due (Pending) or a card refund Stripe refused (Failed),
		// the refunds queue's filter (ADR 0176).
		case 'refundsDue':
			return '/admin/paymentTransactions?refunds=due,failed'
		// Payout runs created, their SEPA file not yet marked as executed.
		case 'payoutsToExecute':
			return '/admin/payouts?status=Created'
		// The payment list's `unmatched` flag: incoming transfers recorded without an order, not yet assigned.
		case 'unmatchedTransfers':
			return '/admin/paymentTransactions?unmatched=true'
		// Open invoices past their due date (Berlin today).
		case 'overdueInvoices':
			return '/admin/invoices?status=overdue'
	}
}
