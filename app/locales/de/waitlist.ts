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
		title: 'Deine Wunschzeit ist vergeben?',
		intro:
			'Trag dich auf die Warteliste ein. Wird die Zeit frei, bekommst du als Erste bzw. Erster eine E-Mail und die Zeit wird 30 Minuten lang für dich reserviert.',
		start: 'Wunschzeit',
		startOption: '{{time}} Uhr',
		submit: 'Auf die Warteliste',
		loginHint: 'Zum Eintragen musst du angemeldet sein – wir benachrichtigen dich per E-Mail.',
		joined: 'Du stehst auf der Warteliste. Wir schreiben dir, sobald die Zeit frei wird.',
		already: 'Du stehst für diese Zeit bereits auf der Warteliste.',
		loginNeeded:
			'Bitte melde dich an, um dich auf die Warteliste zu setzen – so können wir dich benachrichtigen, wenn die Zeit frei wird.',
	},
	list: {
		title: 'Meine Wartelisten',
		empty: 'Du stehst auf keiner Warteliste.',
		when: '{{date}}, {{time}} Uhr · {{bookingType}}',
		book: 'Jetzt buchen',
		leave: 'Warteliste verlassen',
		left: 'Du hast die Warteliste verlassen.',
	},
	email: {
		subject: 'Deine Wunschzeit bei {{playroom}} ist frei geworden',
		heading: 'Gute Nachricht, {{name}}!',
		body: 'Die Zeit, auf die du gewartet hast, ist frei: {{playroom}}, {{date}} um {{time}} Uhr ({{bookingType}}).',
		hold: 'Wir halten sie bis {{until}} nur für dich frei. Danach bekommt die nächste Person auf der Warteliste das Angebot.',
		action: 'Jetzt buchen',
		footer: 'Du bekommst diese E-Mail, weil du dich auf die Warteliste gesetzt hast.',
	},
	errors: {
		notFound: 'Dieser Wartelisten-Eintrag wurde nicht gefunden.',
		notAStart: 'Zu dieser Zeit kann man hier nicht beginnen.',
		slotFree: 'Diese Zeit ist frei – du kannst sie direkt buchen.',
		heldForOther: 'Diese Zeit ist gerade für eine andere Person von der Warteliste reserviert.',
	},
}
