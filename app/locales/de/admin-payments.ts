/** German: control transactions — incoming bank transfers an admin records (issue 14, ADR 0094). */
export const adminPayments = {
	controlTransaction: {
		intro:
			'Erfassen Sie eine eingegangene Überweisung so, wie die Bank sie zeigt. Die Buchung wird über den Buchungscode im Verwendungszweck zugeordnet.',
		amount: 'Betrag (€)',
		amountHint: 'z. B. 120,50 oder 1.234,00',
		bookingDate: 'Buchungsdatum',
		reference: 'Verwendungszweck',
		referenceHint: 'Enthält er einen Buchungscode (SZ-XXXXXX), wird die Buchung zugeordnet.',
		payerName: 'Auftraggeber',
		submit: 'Überweisung erfassen',
		preview: {
			title: 'Zugeordnete Buchung',
			none: 'Im Verwendungszweck ist noch kein bekannter Buchungscode.',
			code: 'Buchung',
			guest: 'Gast',
			status: 'Status',
			total: 'Gesamtbetrag',
			due: 'Noch offen',
		},
		duplicate: {
			title: 'Diese Überweisung wurde schon erfasst',
			text: 'Eine Überweisung mit demselben Verwendungszweck, Betrag und Buchungsdatum ist bereits erfasst. Nur erneut erfassen, wenn es wirklich ein zweiter Eingang ist.',
			confirm: 'Ja, diese Überweisung ein weiteres Mal erfassen',
		},
		toast: {
			confirmed: 'Zahlung für {{code}} erfasst; die Buchung ist bestätigt.',
			partial: 'Teilzahlung für {{code}} erfasst; noch offen: {{due}}.',
			overpaid: 'Zahlung für {{code}} erfasst; Überzahlung von {{excess}} wird erstattet.',
			recorded: 'Zahlung für {{code}} erfasst.',
			unmatched:
				'Überweisung ohne zuordenbaren Buchungscode erfasst ({{amount}}); sie steht als nicht zugeordnet in den Zahlungen.',
		},
	},
	errors: {
		amount: 'Bitte einen Betrag größer als 0 eingeben.',
		orderClosedCancelled: 'Die Buchung {{code}} ist storniert: Die Überweisung wurde nicht erfasst.',
		orderClosedDeclined: 'Die Buchung {{code}} wurde abgelehnt: Die Überweisung wurde nicht erfasst.',
		orderClosedExpired: 'Die Buchung {{code}} ist abgelaufen: Die Überweisung wurde nicht erfasst.',
		orderClosedCompleted:
			'Die Buchung {{code}} ist abgeschlossen und abgerechnet: Die Überweisung wurde nicht erfasst.',
		transferKeyReused:
			'Dieses Formular wurde bereits für eine andere Überweisung verwendet. Bitte laden Sie die Seite neu.',
		bookingDateFuture: 'Das Buchungsdatum darf nicht in der Zukunft liegen.',
		bookingDateBeforeOrder:
			'Das Buchungsdatum liegt mehr als eine Woche vor dem Eingang der Buchung {{code}}. Bitte prüfen Sie das Datum.',
		bookingDateTooOld: 'Das Buchungsdatum liegt mehr als ein Jahr zurück. Bitte prüfen Sie das Datum.',
		alreadyAssigned:
			'Diese Überweisung ist bereits der Buchung {{code}} zugeordnet. Sie wurde nicht noch einmal gezählt.',
		notUnmatched: 'Nur eine nicht zugeordnete eingehende Überweisung kann einer Buchung zugeordnet werden.',
		assignOrderMissing: 'Diese Buchung gibt es nicht (mehr). Bitte suchen Sie erneut.',
	},
}
