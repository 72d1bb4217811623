/** German: the guest–host chat (issue 32, docs/subsystems/chat.md). */
export const chat = {
	threads: {
		empty: 'Noch keine Nachrichten. Schreib einem Gastgeber über die Seite eines Spielzimmers.',
		emptyFilter: 'Keine Unterhaltungen in dieser Ansicht.',
		unread: '{{count}} ungelesen',
		noMessages: 'Noch keine Nachrichten',
		you: 'Du: ',
		filterLabel: 'Unterhaltungen filtern',
		filters: { all: 'Alle', unread: 'Ungelesen', needsReply: 'Antwort offen' },
		back: 'Alle Unterhaltungen',
	},
	thread: {
		title: 'Unterhaltung mit {{name}}',
		empty: 'Noch keine Nachrichten. Stell deine Frage!',
		loadNew: 'Neue Nachrichten laden',
		earlier: 'Ältere Nachrichten sind ausgeblendet.',
		bodyLabel: 'Nachricht',
		send: 'Senden',
		orderLabel: 'Bezieht sich auf Buchung',
		noOrder: 'Keine Buchung',
		orders: 'Buchungen',
		masked:
			'Telefonnummern, E-Mail-Adressen und Links werden bis zur bestätigten Buchung ausgeblendet, damit eure Buchung über Spielzimmer abgesichert bleibt.',
		read: 'Gelesen',
		sent: 'Gesendet',
		contactHost: 'Gastgeber kontaktieren',
		order: 'Buchung {{code}}',
	},
	system: {
		RequestSent: 'Buchungsanfrage gesendet',
		RequestAccepted: 'Anfrage angenommen',
		PaymentReceived: 'Zahlung eingegangen',
		OrderCancelled: 'Buchung storniert',
		AccessCodeAvailable: 'Zugangscode verfügbar',
	},
	errors: {
		threadNotFound: 'Diese Unterhaltung gibt es nicht.',
		orderNotInThread: 'Diese Buchung gehört nicht zu dieser Unterhaltung.',
		bodyEmpty: 'Bitte schreib eine Nachricht.',
		bodyTooLong: 'Eine Nachricht darf höchstens 4.000 Zeichen lang sein.',
	},
}
