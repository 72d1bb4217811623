/** English: the books — the DATEV export for the tax advisor and the money to-do of the dashboard (issue 34, ADR 0180). */
export const adminBooks = {
	exports: {
		intro:
			"A month's bookings in DATEV format for the tax advisor: guest payments, refunds, gift vouchers sold and redeemed, orders settled, commission invoices and host payouts (calendar month, German time).",
		month: 'Month (YYYY-MM)',
		download: 'Download the DATEV Buchungsstapel',
		accountsTitle: 'Accounts (SKR03)',
		accountsHint:
			'The accounts and the consultant and client numbers are the platform setting "datevAccounts".',
		accounts: {
			consultantNumber: 'Consultant number',
			clientNumber: 'Client number',
			bank: 'Bank',
			stripeClearing: 'Card payments in transit (Stripe)',
			guestPrepayments: "Guests' money (transitory items)",
			hostPayables: 'Owed to hosts',
			voucherLiability: 'Gift vouchers sold',
			revenue19: 'Commission revenue, 19 % VAT',
			vat19: 'VAT 19 %',
		},
	},
	todo: {
		title: 'Money to do',
		nothing: 'Nothing to do',
		summary: '{{count}} · {{amount}}',
		items: {
			refundsDue: 'Refunds due',
			payoutsToExecute: 'Payouts to execute',
			unmatchedTransfers: 'Unmatched transfers',
			overdueInvoices: 'Overdue invoices',
		},
		exports: 'DATEV export for the tax advisor',
		unmatchedFilter: 'Unmatched transfers only',
	},
}
