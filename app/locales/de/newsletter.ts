/** German: the newsletter — modal, page, consent text, welcome voucher, unsubscribe (issue 33, ADR 0169). */
export const newsletter = {
	/**
	 * The consent text the guest agrees to. Its wording is versioned: change it only together with
	 * NEWSLETTER_TEXT_VERSION (app/domain/newsletter.ts), so every consent record names the text shown.
	 */
	consentText:
		'Ja, schickt mir persönliche Angebote und den Newsletter von Spielzimmer per E-Mail. Ich kann das jederzeit in meinem Konto oder über den Abmeldelink in jeder E-Mail widerrufen.',
	modal: {
		title: 'Dein Willkommensgutschein',
		lead: 'Melde dich für unseren Newsletter an und erhalte 10 € Rabatt auf deine nächste Buchung ab 50 €.',
		imageAlt: 'Willkommensgutschein über 10 €',
		activate: 'Newsletter aktivieren',
		activating: 'Wird aktiviert …',
		decline: 'Nein, danke',
	},
	banner: {
		text: 'Hol dir deinen Willkommensgutschein über 10 €.',
		link: 'Zum Newsletter',
	},
	page: {
		title: 'Newsletter',
		active:
			'Dein Newsletter ist aktiv. Abmelden kannst du dich in deinem Konto oder über den Link in jeder E-Mail.',
		notForYou: 'Der Newsletter mit Willkommensgutschein ist für angemeldete Gäste.',
	},
	activated: 'Newsletter aktiviert. Schön, dass du dabei bist!',
	activatedVoucherWaits:
		'Newsletter aktiviert. Dein Gutschein kommt, sobald du deine E-Mail-Adresse bestätigt hast.',
	dismissed: 'Alles klar, wir fragen nicht mehr.',
	unsubscribe: {
		title: 'Vom Newsletter abmelden',
		confirm: 'Möchtest du keine persönlichen Angebote und keinen Newsletter mehr an {{email}} erhalten?',
		submit: 'Abmelden',
		done: 'Du bist abgemeldet. Du bekommst keine persönlichen Angebote mehr.',
		invalid: 'Dieser Abmeldelink ist ungültig.',
	},
	email: {
		subject: 'Dein Willkommensgutschein: 10 € Rabatt',
		heading: 'Willkommen, {{name}}!',
		body: 'Danke, dass du unseren Newsletter abonniert hast. Hier ist dein Gutschein: {{amount}} Rabatt auf eine Buchung ab {{minimum}}.',
		code: 'Gutscheincode',
		validUntil: 'Gültig bis',
		howTo: 'Gib den Code beim Bezahlen einer Buchung ein. Er gilt einmal und für alle Spielzimmer.',
		action: 'Spielzimmer finden',
		unsubscribe: 'Keine Angebote mehr? Hier abmelden: {{url}}',
		footer: 'Spielzimmer – Spielräume für Familien',
	},
	admin: {
		title: 'Newsletter-Einwilligungen',
		empty: 'Keine Einwilligungen oder Widerrufe.',
		time: 'Zeitpunkt',
		action: 'Aktion',
		source: 'Quelle',
		textVersion: 'Textversion',
		language: 'Sprache',
		ip: 'IP-Adresse',
		email: 'E-Mail',
		actions: { Consent: 'Einwilligung', Withdrawal: 'Widerruf' },
		sources: {
			Modal: 'Dialog',
			Page: 'Newsletter-Seite',
			Account: 'Kontoeinstellungen',
			Unsubscribe: 'Abmeldelink',
			Admin: 'Admin',
		},
	},
}
