import { and, type SQL } from 'drizzle-orm'
import { localDateOf } from '#app/domain/berlin-time.ts'
import { CSV_BOM, csvLine } from './csv.ts'
import { CSV_TIME_ZONE_SUFFIX, csvFormat } from './csv-format.ts'
import {
	afterRow,
	criteriaOf,
	criteriaOrder,
	visibleColumns,
	whereOf,
	type ColumnDefinition,
	type DataTable,
	type TableQuery,
} from './data-table.server.ts'
import { getDb, type DbOrTx } from './db.server.ts'
import { getFixedT } from './i18n.server.ts'
import { isLocale, type Locale } from './locale.ts'
import { looseT, type LooseT } from './loose-t.ts'

/** The data table's CSV export (docs/subsystems/data-table.md): the same query as the page, streamed. */

/**
 * `t` for the export's cells: a column translates an enum value per row (status, payment status …),
 * 100,000 times the same few keys; i18next's lookup was a quarter of the export's time. Calls without
 * options are remembered (at most 1,000 keys, so data-built keys cannot grow it without bound).
 */
function rememberingT(t: LooseT): LooseT {
	const known = new Map<string, string>()
	return (key, options) => {
		if (options) return t(key, options)
		let text = known.get(key)
		if (text === undefined) {
			text = t(key)
			if (known.size < 1_000) known.set(key, text)
		}
		return text
	}
}

/**
 * The language of an export (ADR 0174): the page's locale, which the admin pages' export links
 * carry as `lang=de|en`; without it (an API client) the request's (Accept-Language, ADR 0002).
 */
export function exportLocale(url: URL, requestLocale: Locale): Locale {
	const lang = url.searchParams.get('lang')
	return isLocale(lang) ? lang : requestLocale
}

/** `gastgeber-2026-11-28.csv`: the file's name in the export's language and the Berlin date. */
export function csvFileName(name: string, now: number): string {
	return `${name}-${localDateOf(now)}.csv`
}

/** Rows per database read of the export: bounded memory, other requests run between reads. */
export const CSV_CHUNK_ROWS = 2_000

/**
 * Every filtered row (no paging) as a streaming CSV download of the visible
 * columns, in `locale`'s language and conventions (csv-format.ts): headers,
 * values, separator, numbers, Berlin times; `file` (a translation key) names
 * the file instead of the table's `csvFile`. Rows are read in keyset chunks when the client pulls
 * (backpressure), so memory stays flat, no chunk re-reads the rows before it,
 * and the connection is never held by one long statement.
 */
export function streamTableCsv<Row, Item>(
	table: DataTable<Row, Item>,
	query: TableQuery,
	options: { locale: Locale; file?: string; scope?: SQL; db?: DbOrTx; now?: number },
): Response {
	const db = options.db ?? getDb()
	const where = whereOf(table, query, options.scope)
	const criteria = criteriaOf(table, query.sortCriterias)
	// The keyset follows the criteria exactly (a default order that is not columns' is not exported).
	const order = criteriaOrder(table, criteria)
	const keys = visibleColumns(table, query).filter((key) => table.columns[key]?.csv)
	const columns = keys.map(
		(key) =>
			table.columns[key] as Required<Pick<ColumnDefinition<Item>, 'csv' | 'label'>> & ColumnDefinition<Item>,
	)
	const encoder = new TextEncoder()
	const plainT = looseT(getFixedT(options.locale))
	const t = rememberingT(plainT)
	const format = csvFormat(options.locale)
	const header = columns.map((c) => plainT(c.label) + (c.csvTime ? CSV_TIME_ZONE_SUFFIX : ''))
	let started = false
	let last: Row | undefined
	const stream = new ReadableStream<Uint8Array>({
		pull(controller) {
			if (!started) {
				started = true
				controller.enqueue(encoder.encode(CSV_BOM + csvLine(header, format.dialect)))
				return
			}
			const after = last === undefined ? undefined : afterRow(table, criteria, last)
			const rows = table
				.rows(db)
				.where(and(where, after))
				.orderBy(...order)
				.limit(CSV_CHUNK_ROWS)
				.all()
			last = rows.at(-1)
			let text = ''
			for (const row of rows) {
				const item = table.toItem(row)
				text += csvLine(
					columns.map((column) => column.csv(item, t, format)),
					format.dialect,
				)
			}
			if (text) controller.enqueue(encoder.encode(text))
			if (rows.length < CSV_CHUNK_ROWS) controller.close()
		},
	})
	const name = plainT(options.file ?? table.csvFile ?? table.id)
	return new Response(stream, {
		headers: {
			'Content-Type': 'text/csv; charset=utf-8',
			'Content-Disposition': `attachment; filename="${csvFileName(name, options.now ?? Date.now())}"`,
			'Cache-Control': 'no-store',
		},
	})
}
