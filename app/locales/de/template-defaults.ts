/**
 * Deutsch: die Standard-Textvorlagen der Plattform (issue 13, ADR 0085), je
 * Typ Betreff und Text mit {{Platzhaltern}}. Sie gelten, wenn ein Gastgeber
 * keine eigene Vorlage hat und ein Admin den Standard nicht geändert hat. Sie
 * werden nicht über i18next übersetzt (die Platzhalter füllt die
 * Vorlagen-Engine, app/utils/mini-template.ts).
 */
export const templateDefaults = {
	BookingConfirmation: {
		subject: 'Deine Buchung {{orderCode}} ist bestätigt',
		body: 'Deine Buchung von {{playroomName}} am {{checkIn}} ist bestätigt. Die Termindatei hängt an dieser E-Mail.',
	},
	ArrivalInstructions: {
		subject: 'Deine Anreise-Infos für {{playroomName}}',
		body: 'Morgen geht es los: {{checkIn}} bis {{checkOut}} in {{playroomName}} ({{address}}).\n\n{{arrivalInstructions}}\n\nDein Zugangscode: {{accessCode}}\n\nViel Spaß! {{hostName}}',
	},
	Reminder: {
		subject: 'Erinnerung: {{playroomName}} am {{checkIn}}',
		body: 'Wir erinnern dich an deine Buchung {{orderCode}}: {{playroomName}} ({{address}}), {{checkIn}} bis {{checkOut}}. Bis bald! {{hostName}}',
	},
	Cancellation: {
		subject: 'Buchung {{orderCode}} storniert',
		body: 'Deine Buchung von {{playroomName}} am {{checkIn}} wurde storniert. {{reason}}',
	},
	ChatQuickReply: {
		subject: 'Antwort zu {{orderCode}}',
		body: 'Danke für deine Nachricht! Ich melde mich so schnell wie möglich. {{hostName}}',
	},
	RequestReceived: {
		subject: 'Deine Anfrage {{orderCode}} ist eingegangen',
		body: 'Deine Anfrage für {{playroomName}} am {{checkIn}} ist beim Gastgeber. Er antwortet bis {{deadline}}.',
	},
	Declined: {
		subject: 'Deine Anfrage {{orderCode}} wurde abgelehnt',
		body: 'Der Gastgeber kann deine Anfrage für {{playroomName}} am {{checkIn}} leider nicht annehmen. {{reason}}',
	},
	Expired: {
		subject: 'Deine Buchung {{orderCode}} ist verfallen',
		body: 'Deine Buchung von {{playroomName}} am {{checkIn}} ist verfallen und der Termin wieder frei.',
	},
	PaymentInstructions: {
		subject: 'Zahlung für {{orderCode}}',
		body: 'Für deine Buchung von {{playroomName}} am {{checkIn}} sind {{amount}} zu zahlen (bis {{deadline}}).',
	},
	PaymentReceived: {
		subject: 'Zahlung für {{orderCode}} erhalten',
		body: 'Wir haben deine Zahlung von {{amountReceived}} für {{playroomName}} am {{checkIn}} erhalten. Danke!',
	},
}
