import { and, type SQL } from 'drizzle-orm'
import { CSV_BOM, csvLine } from './csv.ts'
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
import type { LooseT } from './loose-t.ts'

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

/** Rows per database read of the export: bounded memory, other requests run between reads. */
export const CSV_CHUNK_ROWS = 2_000

/**
 * Every filtered row (no paging) as a streaming CSV download of the visible
 * columns. Rows are read in keyset chunks when the client pulls
 * (backpressure), so memory stays flat, no chunk re-reads the rows before it,
 * and the connection is never held by one long statement.
 */
export function streamTableCsv<Row, Item>(
	table: DataTable<Row, Item>,
	query: TableQuery,
	options: { t: LooseT; scope?: SQL; db?: DbOrTx; now?: number },
): Response {
	const db = options.db ?? getDb()
	const where = whereOf(table, query, options.scope)
	const criteria = criteriaOf(table, query.sortCriterias)
	// The keyset follows the criteria exactly (a default order that is not columns' is not exported).
	const order = criteriaOrder(table, criteria)
	const keys = visibleColumns(table, query).filter((key) => table.columns[key]?.csv)
	const columns = keys.map(
		(key) => table.columns[key] as Required<Pick<ColumnDefinition<Item>, 'csv' | 'label'>>,
	)
	const encoder = new TextEncoder()
	const t = rememberingT(options.t)
	let started = false
	let last: Row | undefined
	const stream = new ReadableStream<Uint8Array>({
		pull(controller) {
			if (!started) {
				started = true
				controller.enqueue(encoder.encode(CSV_BOM + csvLine(columns.map((c) => options.t(c.label)))))
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
				text += csvLine(columns.map((column) => column.csv(item, t)))
			}
			if (text) controller.enqueue(encoder.encode(text))
			if (rows.length < CSV_CHUNK_ROWS) controller.close()
		},
	})
	const date = new Date(options.now ?? Date.now()).toISOString().slice(0, 10)
	return new Response(stream, {
		headers: {
			'Content-Type': 'text/csv; charset=utf-8',
			'Content-Disposition': `attachment; filename="${table.id}-${date}.csv"`,
			'Cache-Control': 'no-store',
		},
	})
}
