/**
 * The seeded content pages (spec §2 info pages, the privacy policy and the
 * terms of use the registration links, issue 31.10), in
 * German and English, as Markdown. Admins can edit and add pages later; the
 * catch-all and /info/* render them (app/models/catalogue/content.server.ts).
 */
export type ContentPageSeed = {
	slug: string
	de: { title: string; description: string; body: string }
	en: { title: string; description: string; body: string }
}

export const CONTENT_PAGES: ContentPageSeed[] = [
	{
		slug: 'info/imprint',
		de: {
			title: 'Impressum',
			description: 'Anbieterkennzeichnung von Spielzimmer nach § 5 DDG.',
			body: `## Angaben gemäß § 5 DDG

Spielzimmer GmbH (Demo-Betreiberin)
Beispielstraße 1
50667 Köln

**Vertreten durch:** Anna Admin, Geschäftsführerin

## Kontakt

Telefon: +49 221 000000-0
E-Mail: kontakt@spielzimmer.example

## Registereintrag

Amtsgericht Köln, HRB 000000

## Umsatzsteuer-ID

USt-IdNr. gemäß § 27a UStG: DE000000000

## Verantwortlich für den Inhalt

Anna Admin, Anschrift wie oben.

## Streitschlichtung

Wir sind nicht bereit und nicht verpflichtet, an Streitbeilegungsverfahren vor einer Verbraucherschlichtungsstelle teilzunehmen.

*Dies ist eine Demo-Installation. Betreibst du Spielzimmer selbst, ersetze diese Angaben durch deine eigenen.*`,
		},
		en: {
			title: 'Imprint',
			description: 'Legal information about the provider of Spielzimmer.',
			body: `## Information according to § 5 DDG (German Digital Services Act)

Spielzimmer GmbH (demo operator)
Beispielstraße 1
50667 Köln, Germany

**Represented by:** Anna Admin, managing director

## Contact

Phone: +49 221 000000-0
E-mail: kontakt@spielzimmer.example

## Commercial register

Local court of Cologne, HRB 000000

## VAT ID

VAT identification number according to § 27a UStG: DE000000000

## Responsible for the content

Anna Admin, address as above.

## Dispute resolution

We are neither willing nor obliged to take part in dispute resolution proceedings before a consumer arbitration board.

*This is a demo installation. If you run Spielzimmer yourself, replace these details with your own.*`,
		},
	},
	{
		slug: 'info/about-us',
		de: {
			title: 'Über uns',
			description: 'Wer hinter Spielzimmer steckt und warum es uns gibt.',
			body: `## Spielräume für Familien – einfach buchen

Spielzimmer bringt Familien und Gastgeber zusammen, die Räume zum Spielen, Toben und Feiern anbieten: vom Bällebad für den dritten Geburtstag über die Kletterhalle für Schulkinder bis zum Spielmobil, das in den eigenen Garten kommt.

## Warum wir das machen

Wir sind selbst Eltern. Einen Raum für den Kindergeburtstag zu finden hieß für uns: Telefonate, E-Mails, unklare Preise und die Frage, ob am Samstag überhaupt etwas frei ist. Auf Spielzimmer seht ihr sofort, **wann ein Raum frei ist, was er kostet und was euch erwartet** – und könnt direkt buchen.

## Was uns wichtig ist

- **Ehrliche Preise:** Alle Preise sind Endpreise inklusive Mehrwertsteuer. Kaution und Extras werden vor der Buchung angezeigt.
- **Echte Bewertungen:** Bewerten können nur Familien, die wirklich gebucht haben.
- **Faire Bedingungen für Gastgeber:** Gastgeber zahlen nur eine Provision auf abgeschlossene Buchungen.

Fragen, Ideen oder Lob? Schreibt uns an kontakt@spielzimmer.example.`,
		},
		en: {
			title: 'About us',
			description: 'Who is behind Spielzimmer and why it exists.',
			body: `## Playrooms for families – easy to book

Spielzimmer connects families with hosts who offer rooms for playing, romping and celebrating: from the ball pit for a third birthday to the climbing hall for school children and the play bus that comes to your own garden.

## Why we do this

We are parents ourselves. Finding a room for a birthday party used to mean phone calls, e-mails, unclear prices and wondering whether anything is free on Saturday at all. On Spielzimmer you see at once **when a room is free, what it costs and what to expect** – and you can book straight away.

## What matters to us

- **Honest prices:** all prices are final prices including VAT. Deposits and extras are shown before you book.
- **Real ratings:** only families who actually booked can leave a rating.
- **Fair terms for hosts:** hosts only pay a commission on completed bookings.

Questions, ideas or praise? Write to us at kontakt@spielzimmer.example.`,
		},
	},
	{
		slug: 'info/guest-faq',
		de: {
			title: 'Häufige Fragen für Familien',
			description: 'Antworten zu Buchung, Bezahlung, Stornierung und Bewertungen.',
			body: `## Wie buche ich einen Spielraum?

Wählt auf der Seite des Spielraums ein Datum und eine Startzeit, gebt die Anzahl der Gäste an und folgt den Schritten der Buchung. Bei **Sofortbuchung** ist der Termin direkt reserviert; bei einer **Anfrage** bestätigt der Gastgeber innerhalb von 24 Stunden.

## Wie bezahle ich?

Per Überweisung (Verwendungszweck ist eure Buchungsnummer), per Kreditkarte oder – wenn der Gastgeber es anbietet – vor Ort. Die Kaution zahlt ihr immer vor Ort; sie wird nach der Buchung zurückgegeben.

## Was ist in den Preisen enthalten?

Alle Preise sind Endpreise inklusive 19 % Mehrwertsteuer. Die Preisübersicht zeigt Grundpreis, zusätzliche Gäste, Endreinigung und gewählte Extras einzeln.

## Kann ich stornieren?

Ja. Was ihr zurückbekommt, hängt von der Stornobedingung des Spielraums ab:

- **Flexibel:** volle Erstattung bis 24 Stunden vor Beginn.
- **Moderat:** volle Erstattung bis 5 Tage vorher, danach 50 %.
- **Streng:** 50 % bis 7 Tage vorher, danach keine Erstattung.

## Wie komme ich in den Raum?

Die Zugangsinformationen (z. B. den Code für das Schlüsselkästchen) seht ihr ab 24 Stunden vor Beginn in eurer Buchung.

## Kann ich meine Lieblingsräume speichern?

Ja – tippt auf das Herz. Ohne Anmeldung merkt sich euer Browser die Favoriten, nach der Anmeldung sind sie in eurem Konto gespeichert.`,
		},
		en: {
			title: 'Questions from families',
			description: 'Answers about booking, payment, cancellation and ratings.',
			body: `## How do I book a playroom?

On the playroom's page choose a date and a start time, enter the number of guests and follow the booking steps. With **instant booking** the slot is reserved at once; for a **request** the host confirms within 24 hours.

## How do I pay?

By bank transfer (the reference is your order code), by credit card or – if the host offers it – on site. The deposit is always paid on site and returned after your booking.

## What is included in the prices?

All prices are final prices including 19 % VAT. The price overview lists the base price, additional guests, final cleaning and chosen extras separately.

## Can I cancel?

Yes. What you get back depends on the playroom's cancellation policy:

- **Flexible:** full refund until 24 hours before the start.
- **Moderate:** full refund until 5 days before, then 50 %.
- **Strict:** 50 % until 7 days before, then no refund.

## How do I get into the room?

You see the access information (for example the code for the key box) in your booking from 24 hours before the start.

## Can I save my favourite rooms?

Yes – tap the heart. Without logging in your browser remembers your favourites; once you log in they are kept in your account.`,
		},
	},
	{
		slug: 'info/host-faq',
		de: {
			title: 'Häufige Fragen für Gastgeber',
			description: 'Alles zu Inseraten, Verfügbarkeit, Buchungen und Auszahlungen.',
			body: `## Wer kann Gastgeber werden?

Jede Person oder Firma, die einen geeigneten, sicheren Raum für Kinder und Familien anbietet – oder ein mobiles Spielangebot, das zu den Familien kommt.

## Wie lege ich einen Spielraum an?

Registriert euch als Gastgeber, bestätigt eure E-Mail-Adresse und folgt dem Hinweis „Ersten Spielraum anlegen". Im Editor pflegt ihr Grunddaten, Details, Preise, Regeln, Verfügbarkeit sowie Zahlung und Rechnung. Erst wenn ihr veröffentlicht, ist der Raum öffentlich sichtbar.

## Wie steuere ich, wann gebucht werden kann?

Ihr legt Öffnungszeiten pro Wochentag fest, ein Zeitraster (30 oder 60 Minuten), eine Pufferzeit nach jeder Buchung zum Aufräumen, eine Vorlaufzeit und wie weit im Voraus gebucht werden darf. Einzelne Tage könnt ihr im Kalender sperren oder einen externen Kalender (iCal) einbinden.

## Sofortbuchung oder Anfrage?

Mit **Sofortbuchung** ist eine Buchung sofort verbindlich. Ohne sie erhaltet ihr eine Anfrage, die ihr innerhalb von 24 Stunden annehmen oder ablehnen könnt.

## Wann bekomme ich mein Geld?

Zahlungen per Überweisung und Karte gehen an die Plattform; nach der Buchung wird euer Anteil abzüglich Provision ausgezahlt. Zahlung vor Ort erhaltet ihr direkt. Jeden Monat bekommt ihr eine Rechnung über die Provision.`,
		},
		en: {
			title: 'Questions from hosts',
			description: 'Everything about listings, availability, bookings and payouts.',
			body: `## Who can become a host?

Any person or company offering a suitable, safe room for children and families – or a mobile play offer that comes to the families.

## How do I list a playroom?

Register as a host, confirm your e-mail address and follow the hint "create your first playroom". In the editor you maintain basic information, details, prices, rules, availability, and payment and invoice. Only when you publish does the room become publicly visible.

## How do I control when it can be booked?

You set opening hours per weekday, a time grid (30 or 60 minutes), a buffer after each booking for tidying up, a lead time and how far ahead bookings are allowed. You can block single days in the calendar or connect an external calendar (iCal).

## Instant booking or request?

With **instant booking** a booking is binding at once. Without it you receive a request that you can accept or decline within 24 hours.

## When do I get my money?

Bank transfer and card payments go to the platform; after the booking your share minus commission is paid out. Payment on site you receive directly. Every month you get an invoice for the commission.`,
		},
	},
	{
		slug: 'info/host-info',
		de: {
			title: 'Gastgeber werden',
			description: 'Vermietet euren Spielraum an Familien in eurer Stadt.',
			body: `## Euer Raum, viele glückliche Familien

Ihr habt einen Spielraum, eine Kletterhalle, einen Partyraum oder ein mobiles Spielangebot? Auf Spielzimmer finden euch Familien, die genau so etwas suchen – nach Stadt, Datum, Anzahl der Gäste und Ausstattung.

## So funktioniert es

1. **Kostenlos registrieren** und den Spielraum mit Fotos, Preisen und Öffnungszeiten anlegen.
2. **Veröffentlichen** – ab dann seht ihr Anfragen und Buchungen in eurem Gastgeber-Bereich und unterwegs in der kompakten Ansicht.
3. **Gäste empfangen** – Zugangscodes, Nachrichten und Erinnerungen laufen über die Plattform.

## Was ihr bekommt

- Einen Kalender, der Doppelbuchungen ausschließt – auch mit Pufferzeiten.
- Automatische Bestätigungen, Erinnerungen und Rechnungen.
- Bewertungen, die neuen Familien Vertrauen geben.

Die Preise für Gastgeber findet ihr unter **Preise für Gastgeber**.`,
		},
		en: {
			title: 'Become a host',
			description: 'Rent out your playroom to families in your city.',
			body: `## Your room, many happy families

You have a playroom, a climbing hall, a party room or a mobile play offer? On Spielzimmer families find you who are looking for exactly that – by city, date, number of guests and features.

## How it works

1. **Register for free** and create your playroom with photos, prices and opening hours.
2. **Publish** – from then on you see requests and bookings in your host area, and on the go in the compact view.
3. **Welcome your guests** – access codes, messages and reminders run through the platform.

## What you get

- A calendar that rules out double bookings – buffers included.
- Automatic confirmations, reminders and invoices.
- Ratings that give new families confidence.

You find the prices for hosts under **Prices for hosts**.`,
		},
	},
	{
		slug: 'info/host-price-page',
		de: {
			title: 'Preise für Gastgeber',
			description: 'Was Spielzimmer für Gastgeber kostet.',
			body: `## Keine Grundgebühr

Das Anlegen und Veröffentlichen von Spielräumen ist kostenlos.

## Provision nur bei Erfolg

Für jede abgeschlossene Buchung berechnen wir **10 % des Buchungsbetrags** (zzgl. 19 % MwSt.). Stornierte, abgelehnte oder abgelaufene Buchungen kosten nichts.

## Zusatzmodule (monatlich kündbar)

| Modul | Was es kann |
| --- | --- |
| Telegram | Benachrichtigungen über neue Buchungen und Nachrichten, morgendliche Tagesübersicht |
| Social Media | Fertige Werbebilder mit Foto, Preis, Bewertung und QR-Code für jeden Spielraum |
| Last-Minute-Rabatt | Automatischer Rabatt für kurzfristig freie Zeiten, mit Hinweis in der Suche |

Die Provision und die Modulgebühren stellen wir am Monatsanfang in einer Rechnung zusammen.`,
		},
		en: {
			title: 'Prices for hosts',
			description: 'What Spielzimmer costs for hosts.',
			body: `## No base fee

Creating and publishing playrooms is free.

## Commission only when you earn

For every completed booking we charge **10 % of the booking amount** (plus 19 % VAT). Cancelled, declined or expired bookings cost nothing.

## Add-on modules (cancel monthly)

| Module | What it does |
| --- | --- |
| Telegram | Notifications about new bookings and messages, a morning agenda |
| Social media | Ready-made ad images with photo, price, rating and QR code for each playroom |
| Last-minute discount | An automatic discount for free slots at short notice, shown in search |

We put the commission and module fees together in one invoice at the start of each month.`,
		},
	},
	{
		slug: 'privacy-policy',
		de: {
			title: 'Datenschutzerklärung',
			description: 'Wie Spielzimmer personenbezogene Daten verarbeitet.',
			body: `## 1. Verantwortliche Stelle

Spielzimmer GmbH (Demo-Betreiberin), Beispielstraße 1, 50667 Köln, kontakt@spielzimmer.example.

## 2. Welche Daten wir verarbeiten

- **Konto:** Name, E-Mail-Adresse, Telefonnummer (optional), Sprache, Passwort (nur als sicherer Hash).
- **Buchungen:** gebuchter Spielraum, Zeitraum, Anzahl der Gäste, Nachricht an den Gastgeber, Kontaktdaten und Zahlungsstatus.
- **Nachrichten** zwischen Gästen und Gastgebern.
- **Technische Daten:** IP-Adresse und Zeitpunkt von Anfragen in Server-Protokollen (7 Tage).

## 3. Zwecke und Rechtsgrundlagen

Wir verarbeiten Daten, um Buchungen zu ermöglichen (Art. 6 Abs. 1 lit. b DSGVO), um gesetzliche Aufbewahrungspflichten zu erfüllen (Art. 6 Abs. 1 lit. c DSGVO; Buchungen und Rechnungen 10 Jahre nach § 147 AO) und – nur mit eurer Einwilligung – für Karten und Statistik (Art. 6 Abs. 1 lit. a DSGVO).

## 4. Cookies und Einwilligung

Notwendige Cookies (Anmeldung, Sprache, Einwilligung) setzen wir immer. Funktionale Dienste wie die Karte und Statistik laden wir erst, nachdem ihr im Cookie-Banner zugestimmt habt. Eure Wahl könnt ihr jederzeit in den Cookie-Einstellungen ändern.

## 5. Empfänger

Gastgeber erhalten die Daten, die sie für eure Buchung brauchen. Zahlungen per Karte wickelt ein Zahlungsdienstleister ab. E-Mails versenden wir über unseren E-Mail-Dienst.

## 6. Eure Rechte

Ihr habt das Recht auf Auskunft, Berichtigung, Löschung, Einschränkung, Datenübertragbarkeit und Widerspruch sowie auf Beschwerde bei einer Aufsichtsbehörde. Euer Konto könnt ihr selbst löschen; Buchungen bleiben anonymisiert für die gesetzliche Aufbewahrungsfrist erhalten.`,
		},
		en: {
			title: 'Privacy policy',
			description: 'How Spielzimmer processes personal data.',
			body: `## 1. Controller

Spielzimmer GmbH (demo operator), Beispielstraße 1, 50667 Köln, Germany, kontakt@spielzimmer.example.

## 2. What data we process

- **Account:** name, e-mail address, phone number (optional), language, password (only as a secure hash).
- **Bookings:** booked playroom, period, number of guests, message to the host, contact details and payment status.
- **Messages** between guests and hosts.
- **Technical data:** IP address and time of requests in server logs (7 days).

## 3. Purposes and legal bases

We process data to make bookings possible (Art. 6(1)(b) GDPR), to meet legal retention duties (Art. 6(1)(c) GDPR; bookings and invoices 10 years under § 147 AO) and – only with your consent – for maps and statistics (Art. 6(1)(a) GDPR).

## 4. Cookies and consent

We always set necessary cookies (login, language, consent). Functional services such as the map, and statistics, are loaded only after you agree in the cookie banner. You can change your choice at any time in the cookie settings.

## 5. Recipients

Hosts receive the data they need for your booking. Card payments are handled by a payment provider. We send e-mails through our e-mail service.

## 6. Your rights

You have the right of access, rectification, erasure, restriction, data portability and objection, and the right to lodge a complaint with a supervisory authority. You can delete your account yourself; bookings are kept anonymised for the legal retention period.`,
		},
	},
	{
		slug: 'info/terms',
		de: {
			title: 'Nutzungsbedingungen',
			description: 'Die Regeln für Gäste und Gastgeber auf Spielzimmer.',
			body: `## 1. Geltungsbereich

Diese Bedingungen gelten für die Nutzung von Spielzimmer, betrieben von der Spielzimmer GmbH (Demo-Betreiberin), Beispielstraße 1, 50667 Köln.

## 2. Konto

Für Buchungen und Angebote braucht ihr ein Konto mit einer bestätigten E-Mail-Adresse. Eure Angaben müssen stimmen; euer Passwort gebt ihr nicht weiter.

## 3. Buchungen

Spielzimmer vermittelt: Der Vertrag über die Nutzung eines Spielraums kommt zwischen Gast und Gastgeber zustande – bei Sofortbuchung mit der Buchung, sonst mit der Bestätigung des Gastgebers. Es gelten die Preise, Regeln und Stornobedingungen, die der Spielraum bei der Buchung zeigt.

## 4. Pflichten der Gastgeber

Gastgeber beschreiben ihren Spielraum wahrheitsgemäß, halten ihren Kalender aktuell und sorgen für einen sicheren, sauberen Raum. Sie stellen Rechnungen nach ihrem Steuerstatus aus.

## 5. Provision

Gastgeber zahlen auf abgeschlossene Buchungen die Provision laut [Preisseite für Gastgeber](/info/host-price-page).

## 6. Haftung

Für den Zustand der Spielräume und die Aufsicht über Kinder sind Gastgeber und Gäste verantwortlich. Spielzimmer haftet nur bei Vorsatz und grober Fahrlässigkeit sowie nach dem Produkthaftungsgesetz.

## 7. Gutscheine

Geschenkgutscheine gelten bis zum Ende des dritten Jahres nach dem Kauf. Verlässt ein Gastgeber die Plattform, werden offene Gutscheine für ihn oder eines seiner Spielzimmer zu Guthaben für alle Spielzimmer – der Restbetrag bleibt erhalten; Rabattcodes des Gastgebers enden.

## 8. Schlussbestimmungen

Es gilt deutsches Recht. Datenschutz: siehe [Datenschutzerklärung](/privacy-policy).`,
		},
		en: {
			title: 'Terms of use',
			description: 'The rules for guests and hosts on Playrooms.',
			body: `## 1. Scope

These terms apply to the use of Playrooms, run by Spielzimmer GmbH (demo operator), Beispielstraße 1, 50667 Köln, Germany.

## 2. Account

To book or to offer a playroom you need an account with a confirmed e-mail address. Your details must be correct; do not share your password.

## 3. Bookings

Playrooms arranges bookings: the contract for the use of a playroom is between guest and host – with instant booking when you book, otherwise when the host confirms. The prices, rules and cancellation policy the playroom shows when you book apply.

## 4. Hosts' duties

Hosts describe their playroom truthfully, keep their calendar up to date and provide a safe, clean room. They issue invoices according to their tax status.

## 5. Commission

Hosts pay the commission on completed bookings as stated on the [price page for hosts](/en/info/host-price-page).

## 6. Liability

Hosts and guests are responsible for the condition of the playrooms and for supervising children. Playrooms is liable only for intent and gross negligence and under the Product Liability Act.

## 7. Vouchers

Gift vouchers are valid until the end of the third year after their purchase. If a host leaves the platform, open vouchers for that host or one of their playrooms become credit for every playroom – the remaining balance is kept; the host's discount codes end.

## 8. Final provisions

German law applies. Privacy: see the [privacy policy](/en/privacy-policy).`,
		},
	},
]
