/** German: the books — the DATEV export for the tax advisor and the money to-do of the dashboard (issue 34, ADR 0180). */
export const adminBooks = {
	exports: {
		intro:
			'Der Buchungsstapel eines Monats im DATEV-Format für die Steuerberatung: Zahlungen der Gäste, Erstattungen, Gutscheinverkäufe und -einlösungen, Abrechnungen der Buchungen, Provisionsrechnungen und Auszahlungen an Gastgeber (Kalendermonat, deutsche Zeit).',
		month: 'Monat (JJJJ-MM)',
		download: 'DATEV-Buchungsstapel herunterladen',
		accountsTitle: 'Konten (SKR03)',
		accountsHint:
			'Die Konten und die Berater- und Mandantennummer stehen in der Plattform-Einstellung „datevAccounts“.',
		accounts: {
			consultantNumber: 'Beraternummer',
			clientNumber: 'Mandantennummer',
			bank: 'Bank',
			stripeClearing: 'Geldtransit Kartenzahlungen (Stripe)',
			guestPrepayments: 'Gelder der Gäste (durchlaufende Posten)',
			hostPayables: 'Verbindlichkeiten gegenüber Gastgebern',
			voucherLiability: 'Verkaufte Gutscheine',
			revenue19: 'Provisionserlöse 19 % USt',
			vat19: 'Umsatzsteuer 19 %',
		},
	},
	todo: {
		title: 'Geld: zu erledigen',
		nothing: 'Nichts zu tun',
		summary: '{{count}} · {{amount}}',
		items: {
			refundsDue: 'Fällige Erstattungen',
			payoutsToExecute: 'Auszahlungen auszuführen',
			unmatchedTransfers: 'Nicht zugeordnete Überweisungen',
			overdueInvoices: 'Überfällige Rechnungen',
		},
		exports: 'DATEV-Export für die Steuerberatung',
		unmatchedFilter: 'Nur nicht zugeordnete Überweisungen',
	},
}
