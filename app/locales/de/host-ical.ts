/** German: iCal export and import (/host/calendar/feeds, the feed itself, the overlap e-mail). */
export const hostIcal = {
	page: {
		intro:
			'Verbinde deine Spielräume mit anderen Kalendern: Exportiere deine Buchungen und Sperren als Kalender-Abo und importiere belegte Zeiten aus anderen Kalendern (zum Beispiel anderer Buchungsportale).',
		back: 'Zurück zum Kalender',
		noPlayrooms: 'Du hast noch keinen Spielraum. Lege zuerst einen an.',
		allPlayrooms: 'Alle Spielräume',
	},
	export: {
		title: 'Kalender exportieren',
		intro:
			'Eine geheime Adresse, die Google Kalender, Apple Kalender oder Outlook abonnieren können. Sie enthält jede Buchung, die den Termin belegt, und jede Sperre – von Gästen nur den Vornamen.',
		none: 'Noch keine Export-Adresse.',
		since:
			'Aktive Export-Adresse seit {{date}}. Aus Sicherheitsgründen wird sie nur beim Erzeugen angezeigt.',
		generate: 'Export-Adresse erzeugen',
		regenerate: 'Neue Export-Adresse erzeugen (die alte funktioniert dann nicht mehr)',
		revoke: 'Export beenden',
		created: 'Deine neue Export-Adresse – kopiere sie jetzt, sie wird nur dieses eine Mal angezeigt:',
		urlLabel: 'Export-Adresse für {{scope}}',
		revoked: 'Der Export ist beendet; die Adresse funktioniert nicht mehr.',
		calendarNameAll: 'Spielzimmer – alle Spielräume',
		calendarNameOne: 'Spielzimmer – {{playroom}}',
		orderSummary: 'Buchung {{name}} – {{playroom}}',
		orderDescription: 'Buchung {{code}}\n{{url}}',
		blockSummary: 'Gesperrt – {{playroom}}',
		guest: 'Gast',
	},
	import: {
		title: 'Kalender importieren',
		intro:
			'Füge die iCal-Adresse (.ics) eines anderen Kalenders hinzu. Seine Termine werden alle 30 Minuten abgeholt und als belegte Zeiten eingetragen; in dieser Zeit kann niemand buchen.',
		url: 'iCal-Adresse (http oder https)',
		add: 'Kalender hinzufügen',
		added: 'Der Kalender ist hinzugefügt.',
		none: 'Noch kein importierter Kalender.',
		syncNow: 'Jetzt abgleichen',
		remove: 'Entfernen',
		removed: 'Der Kalender und seine belegten Zeiten sind entfernt.',
		neverSynced: 'Noch nicht abgeglichen',
		lastOk: 'Zuletzt abgeglichen {{date}}: {{count}} belegte Zeiten',
		lastFailed: 'Abgleich am {{date}} fehlgeschlagen: {{error}}',
		synced: 'Abgeglichen: {{count}} belegte Zeiten.',
		syncFailed: 'Der Abgleich ist fehlgeschlagen: {{error}}',
		syncBusy: 'Dieser Kalender wird gerade abgeglichen. Bitte versuche es gleich noch einmal.',
		coolDown_one:
			'Dieser Kalender wurde gerade erst abgeglichen. Du kannst ihn in {{count}} Sekunde wieder abgleichen.',
		coolDown_other:
			'Dieser Kalender wurde gerade erst abgeglichen. Du kannst ihn in {{count}} Sekunden wieder abgleichen.',
		feedsOf: 'Importierte Kalender von {{playroom}}',
	},
	errors: {
		privateAddress: 'Diese Adresse zeigt auf ein internes Netz und wird nicht abgerufen.',
		unreachable: 'Diese Adresse ist nicht erreichbar. Prüfe sie bitte.',
		duplicate: 'Dieser Kalender ist schon hinzugefügt.',
		tooMany: 'Pro Spielraum sind höchstens {{max}} Kalender möglich.',
		tooManyForHost: 'Du kannst über alle deine Spielräume zusammen höchstens {{max}} Kalender importieren.',
		url: 'Bitte gib eine http- oder https-Adresse ein.',
	},
	syncErrors: {
		scheme: 'Nur http- und https-Adressen werden abgerufen.',
		blockedAddress: 'Die Adresse zeigt auf ein internes Netz und wird nicht abgerufen.',
		tooLarge: 'Abgebrochen: Der Kalender ist größer als {{megabytes}} MB.',
		timeout: 'Abgebrochen: Keine vollständige Antwort innerhalb von {{seconds}} Sekunden.',
		httpStatus: 'Der Server hat mit Status {{status}} geantwortet.',
		tooManyRedirects: 'Zu viele Weiterleitungen.',
		network: 'Der Server war nicht erreichbar.',
		parse: 'Die Antwort ist kein lesbarer iCal-Kalender.',
		tooManyEvents: 'Der Kalender hat mehr als {{max}} Termine im Buchungszeitraum.',
		tooManyComponents: 'Der Kalender hat mehr als {{max}} Termine; so große Kalender werden nicht gelesen.',
		tooManyRules: 'Der Kalender hat mehr als {{max}} Serientermine; so viele werden nicht gelesen.',
		parseTimeout: 'Abgebrochen: Der Kalender ließ sich nicht innerhalb von {{seconds}} Sekunden lesen.',
		parseMemory: 'Abgebrochen: Der Kalender braucht zum Lesen mehr als {{megabytes}} MB Speicher.',
		unknown: 'Unbekannter Fehler beim Abgleich.',
	},
	overlapEmail: {
		subject: 'Überschneidung mit Buchung {{code}} – {{playroom}}',
		heading: 'Ein importierter Termin überschneidet sich mit einer Buchung',
		intro:
			'Beim Abgleich des Kalenders {{url}} für {{playroom}} sind Termine dazugekommen, die sich mit bestehenden Buchungen überschneiden:',
		item: '„{{event}}“ ({{eventTime}}) überschneidet sich mit Buchung {{code}} ({{orderTime}}).',
		untitled: 'Ohne Titel',
		advice:
			'Die Buchungen bleiben bestehen. Bitte kläre die Doppelbelegung – zum Beispiel, indem du den Termin im anderen Kalender verschiebst.',
		action: 'Buchung {{code}} öffnen',
		footer: 'Spielzimmer – Spielräume für Familien. Du erhältst diese E-Mail, weil du Kalender importierst.',
	},
}
