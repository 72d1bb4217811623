/** German: vouchers, voucher orders and the newsletter (issue 33, docs/subsystems/vouchers.md). */
export const vouchers = {
	errors: {
		unknown: 'Diesen Gutscheincode kennen wir nicht. Prüf bitte die Schreibweise.',
		notYetValid: 'Dieser Gutschein gilt noch nicht.',
		expired: 'Dieser Gutschein ist abgelaufen.',
		usedUp: 'Dieser Gutschein ist bereits aufgebraucht.',
		cancelled: 'Dieser Gutschein wurde storniert.',
		notForThisPlayroom: 'Dieser Gutschein gilt nicht für dieses Spielzimmer.',
		belowMinimum: 'Dieser Gutschein gilt erst ab einem Buchungswert von {{amount}}.',
		alreadyUsedByYou: 'Du hast diesen Gutschein bereits eingelöst.',
		tooManyAttempts: 'Zu viele ungültige Gutscheincodes. Versuch es bitte in 15 Minuten noch einmal.',
		adjustGiftOnly: 'Nur das Guthaben eines Geschenkgutscheins lässt sich korrigieren (Betrag ungleich 0).',
		adjustBelowZero: 'Das Guthaben darf nicht unter 0 fallen.',
	},
	checkout: {
		discountApplied: 'Rabattcode {{code}}: {{amount}} Rabatt',
		giftPays: 'Bezahlt mit Gutschein {{code}}',
		amountDue: 'Noch zu zahlen',
		fullyCovered: 'Der Gutschein deckt den ganzen Betrag – du musst nichts mehr bezahlen.',
	},
}
