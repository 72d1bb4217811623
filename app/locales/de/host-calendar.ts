/** German: the host calendar — month and week views, blocks, imported busy times. */
export const hostCalendar = {
	intro: 'Buchungen und Sperren aller Spielzimmer, in deutscher Zeit (Europe/Berlin).',
	views: { month: 'Monat', week: 'Woche', label: 'Ansicht' },
	nav: {
		label: 'Zeitraum wählen',
		previousMonth: 'Vorheriger Monat',
		nextMonth: 'Nächster Monat',
		previousWeek: 'Vorherige Woche',
		nextWeek: 'Nächste Woche',
		today: 'Heute',
		weekTitle: '{{from}} – {{to}}',
	},
	filter: { label: 'Spielzimmer', all: 'Alle Spielzimmer', apply: 'Anzeigen' },
	feeds: 'Kalender-Abos (iCal-Export und -Import)',
	noPlayrooms: 'Du hast noch kein Spielzimmer – lege zuerst eines an.',
	events: {
		order: '{{time}} {{guest}} · {{code}} ({{status}})',
		block: '{{time}} Gesperrt',
		imported: '{{time}} Belegt (importiert)',
		waitlist: '{{time}} Warteliste: {{guest}}',
		waitlistOffered: '{{time}} Warteliste: {{guest}} (Angebot läuft)',
		allDay: 'ganztägig',
		edit: 'Sperre bearbeiten: {{time}}',
		importedHint: 'Aus einem importierten Kalender – dort ändern.',
		taken: '{{time}} Belegt (Buchung des vorherigen Gastgebers)',
		takenHint:
			'Eine Buchung aus der Zeit vor dem Betreiberwechsel: Sie bleibt beim vorherigen Gastgeber, die Zeit ist belegt.',
	},
	legend: { title: 'Legende', booking: 'Buchung', block: 'Sperre', imported: 'Importiert (iCal)' },
	month: {
		dayLabel: '{{date}}: Woche öffnen',
		blockDay: 'Diesen Tag sperren: {{date}}',
		more: '+{{count}} weitere',
		entries: '{{date}}: {{count}} Einträge – Woche öffnen',
	},
	agenda: { blockDay: 'Tag sperren', nothing: 'Keine Buchungen oder Sperren' },
	owner: {
		intro:
			'Deine Woche: Buchungen und Sperren aller Spielzimmer. Unten sperrst du eine Zeit, zum Beispiel heute.',
		fullCalendar: 'Zum ganzen Kalender',
	},
	week: {
		caption: 'Woche vom {{from}} bis {{to}}, Stunden in deutscher Zeit',
		hour: 'Uhrzeit',
		repeated: '{{time}} (2. Mal)',
		blockFrom: 'Ab {{time}} sperren ({{date}})',
		dragHint: 'Tipp: Ziehe über freie Stunden eines Tages, um eine Sperre vorzubereiten.',
	},
	form: {
		newTitle: 'Zeit sperren',
		editTitle: 'Sperre bearbeiten',
		intro:
			'Gesperrte Zeiten kann niemand buchen. Eine Sperre über einer bestehenden Buchung ist nicht möglich.',
		playroom: 'Spielzimmer',
		allDay: 'Ganze Tage (Enddatum eingeschlossen)',
		startDate: 'Von (Datum)',
		startTime: 'Von (Uhrzeit)',
		endDate: 'Bis (Datum)',
		endTime: 'Bis (Uhrzeit)',
		note: 'Grund (nur für dich sichtbar)',
		create: 'Sperren',
		save: 'Speichern',
		delete: 'Sperre entfernen',
		cancel: 'Abbrechen',
	},
	toasts: {
		created: 'Die Zeit ist gesperrt.',
		updated: 'Die Sperre ist gespeichert.',
		deleted: 'Die Sperre ist entfernt.',
	},
	errors: {
		time: 'Bitte eine Uhrzeit wie 09:30 angeben',
		noSuchTime: 'Diese Uhrzeit gibt es an diesem Tag nicht (Beginn der Sommerzeit)',
		endBeforeStart: 'Das Ende muss nach dem Beginn liegen',
		tooLong: 'Eine Sperre darf höchstens ein Jahr dauern',
		overlapsOrder:
			'Diese Zeit überschneidet sich mit der Buchung {{code}} von {{guest}} ({{time}}). Sage die Buchung zuerst ab oder wähle eine andere Zeit.',
		imported: 'Importierte Zeiten änderst du im Kalender, aus dem sie stammen.',
		overlapsTaken:
			'Diese Zeit ist bereits gebucht ({{time}}) – eine Buchung des vorherigen Gastgebers. Bitte wähle eine andere Zeit.',
	},
}
