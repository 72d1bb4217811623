/** German: refunds due until sent (issue 34, ADR 0176) — the guest's labels and account, the admin's queue. */
export const refunds = {
	guest: {
		onItsWay: 'Erstattung unterwegs: {{amount}}',
		sentOn: 'Erstattet am {{date}}: {{amount}}',
		statusOnItsWay: 'Erstattung unterwegs',
		statusSentOn: 'Erstattet am {{date}}',
		accountGiven: 'Die Erstattung geht an {{holder}}, {{iban}}.',
	},
	account: {
		title: 'Konto für die Erstattung',
		cancelIntro:
			'Du hast per Überweisung bezahlt, also überweisen wir die Erstattung zurück. Auf welches Konto? Du kannst es auch später auf dieser Seite angeben.',
		askTitle: 'Wohin sollen wir {{amount}} überweisen?',
		askIntro: 'Gib das Konto an, auf das wir deine Erstattung überweisen sollen.',
		holder: 'Kontoinhaber*in',
		iban: 'IBAN',
		ibanHint:
			'Wir speichern das Konto nur für diese Erstattung; nach der Überweisung bleiben nur die letzten vier Stellen.',
		submit: 'Konto speichern',
		saved: 'Danke! Wir überweisen die Erstattung auf dieses Konto.',
	},
	admin: {
		filter: 'Erstattungen',
		filterAll: 'Alle Zahlungen',
		states: { due: 'Offen (zu senden)', failed: 'Fehlgeschlagen (erneut senden)', sent: 'Gesendet' },
		accountTitle: 'Konto für die Erstattung',
		holder: 'Kontoinhaber*in',
		iban: 'IBAN',
		completedAt: 'Gesendet am',
		noAccount:
			'Der Gast hat noch kein Konto angegeben. Auf seiner Buchungsseite wird er danach gefragt; bis dahin kann die Erstattung nicht gesendet werden.',
		markSentIntro:
			'Überweisen Sie {{amount}} an dieses Konto (Verwendungszweck {{reference}}) und markieren Sie die Erstattung dann als gesendet. Der Gast erhält eine E-Mail; die IBAN wird bis auf die letzten vier Stellen gelöscht.',
		markSent: 'Als gesendet markieren',
		markSentToast: 'Erstattung von {{amount}} als gesendet markiert.',
		alreadySent: 'Diese Erstattung war schon als gesendet markiert.',
		retryIntro:
			'Die Kartenerstattung ist noch nicht bei Stripe durch. Ein neuer Versuch nutzt denselben Schlüssel, Stripe erstattet also höchstens einmal.',
		retry: 'Kartenerstattung erneut senden',
		retryToast: 'Kartenerstattung von {{amount}} gesendet.',
		retryFailed: 'Stripe hat die Erstattung wieder abgelehnt. Der Grund steht in der Notiz.',
		unmatchedTitle: 'Zurücküberweisen',
		unmatchedIntro:
			'Lässt sich die Überweisung keiner Buchung zuordnen, senden Sie sie zurück: Geben Sie das Konto des Auftraggebers an. Es entsteht eine offene Erstattung ohne Buchung; die Überweisung kann danach nicht mehr zugeordnet werden.',
		unmatchedSubmit: 'Als Erstattung anlegen',
		unmatchedToast:
			'Erstattung von {{amount}} angelegt. Markieren Sie sie als gesendet, sobald sie überwiesen ist.',
		refundedAs: 'Zurücküberwiesen als Erstattung',
		refundOf: 'Erstattung der Überweisung',
	},
	errors: {
		iban: 'Diese IBAN ist nicht gültig – bitte prüfe sie.',
		holderRequired: 'Bitte gib auch die Kontoinhaberin oder den Kontoinhaber an.',
		ibanRequired: 'Bitte gib auch die IBAN an.',
		noRefundDue: 'Für diese Buchung ist keine Erstattung per Überweisung offen.',
		notBankRefund: 'Das ist keine Erstattung per Überweisung.',
		notCardRefund: 'Das ist keine Kartenerstattung.',
		notDue: 'Diese Erstattung ist nicht offen.',
		accountMissing: 'Der Gast hat noch kein Konto angegeben – die Erstattung kann nicht gesendet werden.',
		cardNotConfigured: 'Kartenzahlungen (Stripe) sind nicht eingerichtet.',
		notUnmatched: 'Diese Überweisung ist nicht (mehr) ohne Buchung und kann nicht zurücküberwiesen werden.',
	},
}
