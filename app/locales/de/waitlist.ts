/** German: the slot waitlist — joining on the playroom page, the guest's "Warteliste" tab, the offer e-mail. */
export const waitlist = {
	tab: 'Warteliste',
	statuses: {
		Waiting: 'Wartet',
		Offered: 'Angeboten bis {{until}}',
		Booked: 'Gebucht',
		Expired: 'Abgelaufen',
	},
	join: {
		title: 'Ihre Wunschzeit ist vergeben?',
		intro:
			'Tragen Sie sich auf die Warteliste ein. Wird die Zeit frei, bekommen Sie als Erste bzw. Erster eine E-Mail und die Zeit wird 30 Minuten lang für Sie reserviert.',
		start: 'Wunschzeit',
		startOption: '{{time}} Uhr',
		submit: 'Auf die Warteliste',
		loginHint: 'Zum Eintragen müssen Sie angemeldet sein – wir benachrichtigen Sie per E-Mail.',
		joined: 'Sie stehen auf der Warteliste. Wir schreiben Ihnen, sobald die Zeit frei wird.',
		already: 'Sie stehen für diese Zeit bereits auf der Warteliste.',
		loginNeeded:
			'Bitte melden Sie sich an, um sich auf die Warteliste zu setzen – so können wir Sie benachrichtigen, wenn die Zeit frei wird.',
	},
	list: {
		title: 'Meine Wartelisten',
		empty: 'Sie stehen auf keiner Warteliste.',
		when: '{{date}}, {{time}} Uhr · {{bookingType}}',
		book: 'Jetzt buchen',
		leave: 'Warteliste verlassen',
		left: 'Sie haben die Warteliste verlassen.',
	},
	email: {
		subject: 'Ihre Wunschzeit bei {{playroom}} ist frei geworden',
		heading: 'Gute Nachricht, {{name}}!',
		body: 'Die Zeit, auf die Sie gewartet haben, ist frei: {{playroom}}, {{date}} um {{time}} Uhr ({{bookingType}}).',
		hold: 'Wir halten sie bis {{until}} nur für Sie frei. Danach bekommt die nächste Person auf der Warteliste das Angebot.',
		action: 'Jetzt buchen',
		footer: 'Sie erhalten diese E-Mail, weil Sie sich auf die Warteliste gesetzt haben.',
	},
	errors: {
		notFound: 'Dieser Wartelisten-Eintrag wurde nicht gefunden.',
		notAStart: 'Zu dieser Zeit kann man hier nicht beginnen.',
		slotFree: 'Diese Zeit ist frei – Sie können sie direkt buchen.',
		heldForOther: 'Diese Zeit ist gerade für eine andere Person von der Warteliste reserviert.',
	},
}
