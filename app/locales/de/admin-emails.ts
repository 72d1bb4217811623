/** German: the e-mail log and the e-mail health banner of the admin (issue 34, ADR 0175). */
export const adminEmails = {
	columns: {
		status: 'Status',
		to: 'Empfänger',
		template: 'Vorlage',
		subject: 'Betreff',
		createdAt: 'Erstellt',
		sentAt: 'Gesendet',
		error: 'Fehler',
	},
	statuses: {
		stored: 'Gespeichert (nicht versandt)',
		queued: 'Wartet auf Versand',
		sent: 'Gesendet',
		failed: 'Fehlgeschlagen',
	},
	log: {
		taskRuns: 'Läufe der Aufgabe „E-Mails senden“',
	},
	detail: {
		title: 'E-Mail: {{subject}}',
		facts: 'Angaben',
		locale: 'Sprache',
		attachments: 'Anhänge',
		order: 'Buchung',
		openOrder: 'Buchung öffnen',
		text: 'Textteil',
		noError: 'Kein Fehler.',
		resend: 'Erneut senden',
		resent: 'Eine Kopie der E-Mail wurde zum Versand angelegt.',
		resendInvalid: 'Das Formular ist abgelaufen. Bitte lade die Seite neu und versuche es noch einmal.',
		back: 'Zum E-Mail-Protokoll',
	},
	banner: {
		notConfigured_one:
			'Der E-Mail-Versand ist nicht eingerichtet (SMTP_URL fehlt): {{count}} E-Mail wartet und wird nicht versandt.',
		notConfigured_other:
			'Der E-Mail-Versand ist nicht eingerichtet (SMTP_URL fehlt): {{count}} E-Mails warten und werden nicht versandt.',
		failing_one:
			'Der E-Mail-Versand schlägt fehl: {{failed}} Fehler in den letzten 24 Stunden, {{count}} E-Mail wartet.',
		failing_other:
			'Der E-Mail-Versand schlägt fehl: {{failed}} Fehler in den letzten 24 Stunden, {{count}} E-Mails warten.',
		openLog: 'E-Mail-Protokoll öffnen',
	},
}
