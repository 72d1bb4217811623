import { instantToLocal, localDateOf } from './berlin-time.ts'

/**
 * DATEV "Buchungsstapel" (EXTF, header version 700, format category 21, format version 13), pure
 * (issue 34, ADR 0180). Line 1 is the header of the batch, line 2 the column names, then one line
 * per booking with all 125 columns (the ones not filled are empty). Amounts are unsigned with a
 * decimal comma (`1234,50`), the Soll/Haben-Kennzeichen says whether `Konto` is debited (S) or
 * credited (H); text is quoted with `"`; lines end in CRLF. The caller encodes the text as
 * Windows-1252 (app/utils/windows-1252.ts). The same batch always gives the same text.
 */
export const DATEV_HEADER_VERSION = 700
export const DATEV_CATEGORY_BUCHUNGSSTAPEL = 21
export const DATEV_FORMAT_VERSION = 13

/** The column names of format version 13, in DATEV's order (the importer reads positions). */
export const DATEV_COLUMNS = [
	'Umsatz (ohne Soll/Haben-Kz)',
	'Soll/Haben-Kennzeichen',
	'WKZ Umsatz',
	'Kurs',
	'Basis-Umsatz',
	'WKZ Basis-Umsatz',
	'Konto',
	'Gegenkonto (ohne BU-Schlüssel)',
	'BU-Schlüssel',
	'Belegdatum',
	'Belegfeld 1',
	'Belegfeld 2',
	'Skonto',
	'Buchungstext',
	'Postensperre',
	'Diverse Adressnummer',
	'Geschäftspartnerbank',
	'Sachverhalt',
	'Zinssperre',
	'Beleglink',
	...Array.from({ length: 8 }, (_, i) => [`Beleginfo - Art ${i + 1}`, `Beleginfo - Inhalt ${i + 1}`]).flat(),
	'KOST1 - Kostenstelle',
	'KOST2 - Kostenstelle',
	'Kost-Menge',
	'EU-Land u. UStID (Bestimmung)',
	'EU-Steuersatz (Bestimmung)',
	'Abw. Versteuerungsart',
	'Sachverhalt L+L',
	'Funktionsergänzung L+L',
	'BU 49 Hauptfunktionstyp',
	'BU 49 Hauptfunktionsnummer',
	'BU 49 Funktionsergänzung',
	...Array.from({ length: 20 }, (_, i) => [
		`Zusatzinformation - Art ${i + 1}`,
		`Zusatzinformation- Inhalt ${i + 1}`,
	]).flat(),
	'Stück',
	'Gewicht',
	'Zahlweise',
	'Forderungsart',
	'Veranlagungsjahr',
	'Zugeordnete Fälligkeit',
	'Skontotyp',
	'Auftragsnummer',
	'Buchungstyp',
	'USt-Schlüssel (Anzahlungen)',
	'EU-Land (Anzahlungen)',
	'Sachverhalt L+L (Anzahlungen)',
	'EU-Steuersatz (Anzahlungen)',
	'Erlöskonto (Anzahlungen)',
	'Herkunft-Kz',
	'Buchungs GUID',
	'KOST-Datum',
	'SEPA-Mandatsreferenz',
	'Skontosperre',
	'Gesellschaftername',
	'Beteiligtennummer',
	'Identifikationsnummer',
	'Zeichnernummer',
	'Postensperre bis',
	'Bezeichnung SoBil-Sachverhalt',
	'Kennzeichen SoBil-Buchung',
	'Festschreibung',
	'Leistungsdatum',
	'Datum Zuord. Steuerperiode',
	'Fälligkeit',
	'Generalumkehr (GU)',
	'Steuersatz',
	'Land',
	'Abrechnungsreferenz',
	'BVV-Position',
	'EU-Land u. UStID (Ursprung)',
	'EU-Steuersatz (Ursprung)',
	'Abw. Skontokonto',
] as const

/** One booking line: `amount` cents > 0 moves `account` on `side` and `contraAccount` on the other. */
export type DatevBooking = {
	amount: number
	side: 'S' | 'H'
	account: number
	contraAccount: number
	/** The instant of the business event; its Berlin date is the Belegdatum. */
	at: number
	/** Belegfeld 1: the invoice number, the order code … (DATEV allows `A-Z 0-9 $ & % * + - /`, 36). */
	document: string
	text: string
}

export type DatevBatch = {
	consultantNumber: number
	clientNumber: number
	accountLength: number
	/** `YYYY-MM-DD` (Berlin) of the first day of the fiscal year, and of the batch's first and last day. */
	fiscalYearStart: string
	from: string
	to: string
	/** The "Erzeugt am" instant (the only clock in the file). */
	createdAt: number
	/** Bezeichnung of the batch (≤ 30 characters). */
	name: string
	bookings: readonly DatevBooking[]
}

const CRLF = '\r\n'
const TEXT_MAX = 60
const DOCUMENT_MAX = 36

/** A DATEV text field: quoted, inner quotes doubled, no line breaks, at most `max` characters. */
export function datevText(value: string, max = TEXT_MAX): string {
	const clean = [...value.replace(/[\r\n\t]+/g, ' ').trim()].slice(0, max).join('')
	return `"${clean.replaceAll('"', '""')}"`
}

/** Belegfeld 1: the characters DATEV accepts (others become "-"), upper case, at most 36. */
export function datevDocument(value: string): string {
	return datevText(value.toUpperCase().replace(/[^A-Z0-9$&%*+\-/]/g, '-'), DOCUMENT_MAX)
}

/** Unsigned cents with a decimal comma and no thousands separator: 123450 → "1234,50". */
export function datevAmount(cents: number): string {
	if (!Number.isInteger(cents) || cents <= 0)
		throw new RangeError(`DATEV amounts are positive cents: ${cents}`)
	return `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')}`
}

/** Belegdatum "DDMM" of an instant's Berlin date (the year is the batch's). */
export function datevDayMonth(instant: number): string {
	const date = localDateOf(instant)
	return `${date.slice(8, 10)}${date.slice(5, 7)}`
}

const compact = (date: string) => date.replaceAll('-', '')

/** "Erzeugt am": YYYYMMDDHHMMSSFFF in Berlin time. */
export function datevTimestamp(instant: number): string {
	const local = instantToLocal(instant)
	const hours = String(Math.floor(local.minute / 60)).padStart(2, '0')
	const minutes = String(local.minute % 60).padStart(2, '0')
	const seconds = String(Math.floor((instant % 60_000) / 1000)).padStart(2, '0')
	const millis = String(instant % 1000).padStart(3, '0')
	return `${compact(local.date)}${hours}${minutes}${seconds}${millis}`
}

function headerLine(batch: DatevBatch): string {
	return [
		'"EXTF"',
		DATEV_HEADER_VERSION,
		DATEV_CATEGORY_BUCHUNGSSTAPEL,
		'"Buchungsstapel"',
		DATEV_FORMAT_VERSION,
		datevTimestamp(batch.createdAt),
		'', // Importiert (DATEV fills it)
		'"RE"', // Herkunft: Rechnungswesen
		'"Spielzimmer"', // Exportiert von
		'""', // Importiert von
		batch.consultantNumber,
		batch.clientNumber,
		compact(batch.fiscalYearStart),
		batch.accountLength,
		compact(batch.from),
		compact(batch.to),
		datevText(batch.name, 30),
		'""', // Diktatkürzel
		1, // Buchungstyp: Finanzbuchführung
		0, // Rechnungslegungszweck: unabhängig
		0, // Festschreibung: no, the tax advisor may still correct the batch
		'"EUR"',
		'',
		'""', // Derivatskennzeichen
		'',
		'',
		'"03"', // SKR
		'', // Branchen-Lösungs-ID
		'',
		'""',
		'""', // Anwendungsinformation
	].join(';')
}

function bookingLine(booking: DatevBooking): string {
	const cells: string[] = Array.from({ length: DATEV_COLUMNS.length }, () => '')
	cells[0] = datevAmount(booking.amount)
	cells[1] = `"${booking.side}"`
	cells[2] = '"EUR"'
	cells[6] = String(booking.account)
	cells[7] = String(booking.contraAccount)
	cells[9] = datevDayMonth(booking.at)
	cells[10] = datevDocument(booking.document)
	cells[13] = datevText(booking.text)
	return cells.join(';')
}

/** The whole batch as text (CRLF after every line, the last included). */
export function datevBuchungsstapel(batch: DatevBatch): string {
	const lines = [headerLine(batch), DATEV_COLUMNS.join(';'), ...batch.bookings.map(bookingLine)]
	return lines.join(CRLF) + CRLF
}
