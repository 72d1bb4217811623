/** German: user notifications — the host inbox /host/messages and the guest's notifications (docs/subsystems/notifications.md). */
export const notifications = {
	/** One text per USER_NOTIFICATION_KINDS entry, filled from the notification's params. */
	texts: {
		NewRequest: 'Neue Buchungsanfrage {{code}} für {{playroom}} – bitte antworte rechtzeitig.',
		RequestExpiring: 'Die Anfrage {{code}} für {{playroom}} läuft am {{deadline}} ab – antworte jetzt.',
		NewBooking: 'Neue Buchung {{code}} für {{playroom}}.',
		OrderCancelled: 'Die Buchung {{code}} für {{playroom}} wurde storniert.',
		PaymentReceived: 'Zahlung für die Buchung {{code}} ({{playroom}}) ist eingegangen.',
		RatingReceived: 'Neue Bewertung für {{playroom}} (Buchung {{code}}).',
		RatingRequest: 'Wie war es in {{playroom}}? Bewerte deinen Aufenthalt (Buchung {{code}}).',
		RatingPublished: 'Die Bewertung zur Buchung {{code}} für {{playroom}} ist jetzt veröffentlicht.',
		CalendarConflict:
			'Kalenderkonflikt: Ein importierter Termin überschneidet sich mit der Buchung {{code}} für {{playroom}}.',
		RequestAccepted: 'Deine Anfrage {{code}} für {{playroom}} wurde angenommen.',
		RequestDeclined: 'Deine Anfrage {{code}} für {{playroom}} wurde leider abgelehnt.',
		InvoiceIssued: 'Eine neue Rechnung ({{code}}) liegt für dich bereit.',
		ModuleEnding: 'Dein Modul {{module}} endet am {{deadline}}.',
	},
	inbox: {
		intro: 'Hier siehst du, was rund um deine Buchungen passiert ist.',
		empty: 'Keine Mitteilungen – hier erscheinen neue Anfragen, Zahlungen und Stornierungen.',
		unread: 'Ungelesen',
		openOrder: 'Buchung öffnen',
		markRead: 'Als gelesen markieren',
		markAllRead: 'Alle als gelesen markieren',
		markedRead: 'Mitteilung als gelesen markiert.',
		allMarkedRead: 'Alle Mitteilungen als gelesen markiert.',
		notFound: 'Diese Mitteilung gibt es nicht.',
	},
	guest: {
		title: 'Neuigkeiten zu deinen Buchungen',
	},
}
