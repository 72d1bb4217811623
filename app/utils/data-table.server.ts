import {
	and,
	asc,
	Column,
	desc,
	eq,
	gt,
	gte,
	inArray,
	is,
	like,
	lt,
	lte,
	or,
	sql,
	type Placeholder,
	type SQL,
	type SQLWrapper,
} from 'drizzle-orm'
import type { SQLiteTable } from 'drizzle-orm/sqlite-core'
import { addDays, startOfLocalDay } from '#app/domain/berlin-time.ts'
import {
	PER_PAGE_CHOICES,
	tableFilterFields,
	tableQueryFields,
	type TableTexts,
	type TableView,
} from '#app/schemas/data-table.ts'
import { AppError } from './app-error.ts'
import type { CsvValue } from './csv.ts'
import type { CsvFormat } from './csv-format.ts'
import { getDb, preparedQuery, type DbOrTx } from './db.server.ts'
import type { LooseT } from './loose-t.ts'
import { translateValidationMessage, validationMessage, z, zodIssuesToFields } from './validation.ts'

/**
 * The data table of the back office (issue 14, docs/subsystems/data-table.md,
 * ADR 0090): ONE definition per list serves the page loader, the `…Index` API
 * endpoint and the CSV export. Every admin list and the host's /host/orders use it.
 * The URL holds the whole state:
 *
 *   currentPage, perPage (bounded), sortCriterias ("lastName:asc,createdAt:desc",
 *   whitelisted columns), tableFilter (free text, LIKE with escaped wildcards),
 *   one parameter per filter (enum, id, flag; a date range is <name>From/<name>To
 *   unless it names its own), cols (repeated: the visible columns).
 *
 * Anything invalid is an AppError 400 with field messages — never a 500; a
 * lenient table (ADR 0030) drops an invalid parameter instead.
 */
export type DynamicSelect<R> = {
	where(where: SQL | undefined): DynamicSelect<R>
	orderBy(...columns: SQL[]): DynamicSelect<R>
	limit(limit: number | Placeholder): DynamicSelect<R>
	offset(offset: number | Placeholder): DynamicSelect<R>
	all(): R[]
	prepare(): { all(values?: Record<string, unknown>): R[] }
}

export type ColumnDefinition<Item> = {
	/** Translation key of the header (page and CSV). */
	label: string
	/** The SQL to sort by; absent: not sortable. */
	sort?: SQLWrapper
	/**
	 * The CSV value of the column; absent: not exported (e.g. an actions column). `t` and `format`
	 * are the export's language and conventions (ADR 0174): amounts as `format.money(cents)`, times
	 * as `format.instant(ms)`.
	 */
	csv?: (item: Item, t: LooseT, format: CsvFormat) => CsvValue
	/** The CSV column is a Berlin local time or date: its header names the zone once. */
	csvTime?: boolean
	/** Shown unless the URL chooses columns (default true). */
	visible?: boolean
}

export type FilterDefinition =
	| {
			kind: 'enum'
			column: SQLWrapper
			values: readonly string[]
			label: string
			optionLabel: string
			/** The empty option's text (default `admin:table.all`). */
			allLabel?: string
	  }
	/** An id; the page may offer the values to choose from (`choices` of tableView): then a select. */
	| {
			kind: 'id'
			column: SQLWrapper
			label: string
			allLabel?: string
			/** Values other than ids, e.g. e-mail template names (default: the id pattern). */
			pattern?: RegExp
	  }
	| { kind: 'slug'; column: SQLWrapper; label: string }
	| { kind: 'flag'; column: SQLWrapper; label: string }
	| {
			kind: 'dateRange'
			column: SQLWrapper
			label: string
			/**
			 * With an end column the filter matches rows whose [column, until) overlaps the days (a stay
			 * in a period: `until` after the first day's start, `column` before the last day's end).
			 */
			until?: SQLWrapper
			/** The URL parameters (default `<name>From`, `<name>To`). */
			params?: { from: string; to: string }
			/** Visible labels of the two inputs (translation keys). */
			rangeLabels?: { from: string; to: string }
	  }

/**
 * What a list's order may depend on besides the URL. `now` is epoch milliseconds or, in a prepared
 * page, the placeholder bound to them: use it only as a value in SQL.
 */
export type TableContext = { now: number | Placeholder }

/**
 * What `tableFilter` is matched against: a text column or expression (`lower(x) LIKE '%text%'`), or a
 * condition built with that same match (e.g. `playroom_id IN (SELECT id FROM playrooms WHERE …)`,
 * so a joined table's text needs no join in the count).
 */
export type SearchTarget = SQLWrapper | ((matches: (column: SQLWrapper) => SQL) => SQL)

export type DataTableDefinition<Row, Item> = {
	/** Identifies the table (the API's resource, tests). */
	id: string
	/**
	 * Translation key of the CSV file's name, in the export's language: "buchungen" / "orders"
	 * (the file is `<name>-<Berlin date>.csv`); absent: the id.
	 */
	csvFile?: string
	columns: Record<string, ColumnDefinition<Item>>
	filters?: Record<string, FilterDefinition>
	/** Text columns `tableFilter` is matched against (case-insensitive substring). */
	search: SearchTarget[]
	/**
	 * The order when the URL names none: sort criteria ("createdAt:desc"), or an order that is not
	 * a column's (the host's orders: requests first, then by the time of the request). A CSV
	 * export without a sort in the URL is then in the tiebreaker's order.
	 */
	defaultSort: string | ((context: TableContext) => SQL[])
	/** Unique column appended to every ORDER BY, so pages never overlap. */
	tiebreaker: SQLWrapper
	defaultPerPage: number
	/**
	 * The list query (select + joins) in dynamic mode: `db.select(…).from(…).$dynamic()`.
	 * Its rows hold every sortable column under the column's key and the tiebreaker under `id`
	 * (the export's keyset); sortable columns are NOT NULL.
	 */
	rows: (db: DbOrTx) => DynamicSelect<Row>
	/**
	 * Set when filters, search and sorts use only this table's columns (the joins of `rows` only add
	 * shown columns): a page then picks its rows' rowids on this table alone and joins just those
	 * (a "deferred join" — an OFFSET or a sort does not join every skipped or sorted row). ADR 0107.
	 */
	keyTable?: SQLiteTable
	/** The same FROM with `count()`; join only what the filters need, and what `search` needs when searching. */
	count: (db: DbOrTx, options: { searching: boolean }) => DynamicSelect<{ n: number }>
	toItem: (row: Row) => Item
	/**
	 * ADR 0030: an invalid parameter (a date out of bounds, a page number of letters, an unknown
	 * sort …) is dropped as if not given, instead of answering 400 (the host's order filters).
	 */
	lenient?: boolean
	/** The chrome's texts where the list has its own (translation keys). */
	texts?: Partial<TableTexts>
}

export type TableQuery = {
	currentPage: number
	perPage: number
	sortCriterias: string
	tableFilter: string
	/** Filter name → value (a date range: "from..to", either side may be empty). */
	filters: Record<string, string>
	/** Visible column keys, or null for the defaults. */
	cols: string[] | null
}

export type ListPage<T> = { items: T[]; totalCount: number; currentPage: number; perPage: number }

export type DataTable<Row, Item> = DataTableDefinition<Row, Item> & { schema: z.ZodType }

function filterSchema(filter: FilterDefinition): Record<string, z.ZodType> {
	switch (filter.kind) {
		case 'enum':
			return { value: tableFilterFields.enum(filter.values as [string, ...string[]]) }
		case 'id':
			return { value: tableFilterFields.id(filter.pattern) }
		case 'slug':
			return { value: tableFilterFields.slug() }
		case 'flag':
			return { value: tableFilterFields.flag() }
		case 'dateRange':
			return { from: tableFilterFields.date(), to: tableFilterFields.date() }
	}
}

function paramNames(name: string, filter: FilterDefinition): Record<string, string> {
	if (filter.kind !== 'dateRange') return { value: name }
	return filter.params ?? { from: `${name}From`, to: `${name}To` }
}

export function defineDataTable<Row, Item>(definition: DataTableDefinition<Row, Item>): DataTable<Row, Item> {
	const shape: Record<string, z.ZodType> = { ...tableQueryFields }
	for (const [name, filter] of Object.entries(definition.filters ?? {})) {
		const schemas = filterSchema(filter)
		for (const [part, param] of Object.entries(paramNames(name, filter))) {
			const schema = schemas[part]
			if (schema) shape[param] = schema
		}
	}
	return { ...definition, schema: z.object(shape) }
}

function invalid(field: string, key: string, params?: Record<string, string>): never {
	throw new AppError(400, 'ValidationError', { fields: { [field]: [validationMessage(key, params)] } })
}

/** Reads and checks the table state from a URL's query (400 for anything not allowed). */
export function parseTableQuery<Row, Item>(table: DataTable<Row, Item>, search: URLSearchParams): TableQuery {
	const input: Record<string, string | string[]> = {}
	for (const key of new Set(search.keys())) {
		const values = search.getAll(key)
		input[key] = key === 'cols' ? values : values.length > 1 ? values : (values[0] ?? '')
	}
	// The spec's old name for the free text (issue 3 links) is `q`.
	if (input.tableFilter === undefined && typeof input.q === 'string') input.tableFilter = input.q
	let result = table.schema.safeParse(input)
	if (!result.success && table.lenient) {
		for (const issue of result.error.issues) delete input[String(issue.path[0])]
		result = table.schema.safeParse(input)
	}
	if (!result.success) {
		throw new AppError(400, 'ValidationError', { fields: zodIssuesToFields(result.error) })
	}
	const data = result.data as Record<string, unknown>
	let sortCriterias = typeof data.sortCriterias === 'string' && data.sortCriterias ? data.sortCriterias : ''
	try {
		criteriaOf(table, sortCriterias) // validates
	} catch (error) {
		if (!table.lenient || !(error instanceof AppError)) throw error
		sortCriterias = ''
	}
	const filters: Record<string, string> = {}
	for (const [name, filter] of Object.entries(table.filters ?? {})) {
		const params = paramNames(name, filter)
		if (filter.kind === 'dateRange') {
			const from = String(data[params.from ?? ''] ?? '')
			let to = String(data[params.to ?? ''] ?? '')
			if (from && to && from > to) {
				if (!table.lenient) invalid(params.to ?? name, 'admin:table.errors.dateOrder')
				to = ''
			}
			if (from || to) filters[name] = `${from}..${to}`
		} else {
			const raw = data[params.value ?? '']
			// An enum set is kept as "a,b" (ENUM_SET_SEPARATOR), the form its select option sends back.
			const value = Array.isArray(raw) ? raw.join(ENUM_SET_SEPARATOR) : String(raw ?? '')
			if (filter.kind === 'flag') {
				if (value === 'true' || value === 'on' || value === '1') filters[name] = 'true'
			} else if (value) filters[name] = value
		}
	}
	const cols = Array.isArray(data.cols) ? (data.cols as string[]).filter((key) => key in table.columns) : null
	return {
		currentPage: (data.currentPage as number | undefined) ?? 1,
		perPage: (data.perPage as number | undefined) ?? table.defaultPerPage,
		sortCriterias,
		tableFilter: (data.tableFilter as string | undefined) ?? '',
		filters,
		cols: cols && cols.length ? cols : null,
	}
}

/** How a set of enum values is written in one parameter (and kept in `TableQuery.filters`). */
export const ENUM_SET_SEPARATOR = ','

export type Criterion = { key: string; target: SQLWrapper; desc: boolean }

/** `sortCriterias` → the sort criteria; an unknown column or direction is a 400. */
export function criteriaOf<Row, Item>(table: DataTable<Row, Item>, sortCriterias: string): Criterion[] {
	const criteria: Criterion[] = []
	const fallback = typeof table.defaultSort === 'string' ? table.defaultSort : ''
	for (const part of (sortCriterias || fallback).split(',')) {
		if (!part.trim()) continue
		const [column = '', direction = 'asc', ...rest] = part.trim().split(':')
		const target = Object.hasOwn(table.columns, column) ? table.columns[column]?.sort : undefined
		if (!target) invalid('sortCriterias', 'admin:table.errors.sortUnknown', { column })
		const dir = direction.toLowerCase()
		if (rest.length || (dir !== 'asc' && dir !== 'desc')) {
			invalid('sortCriterias', 'admin:table.errors.sortDirection', { column })
		}
		criteria.push({ key: column, target, desc: dir === 'desc' })
	}
	return criteria
}

/** The ORDER BY of sort criteria, the tiebreaker last (the export's keyset follows exactly this). */
export function criteriaOrder<Row, Item>(table: DataTable<Row, Item>, criteria: Criterion[]): SQL[] {
	return [...criteria.map((c) => (c.desc ? desc(c.target) : asc(c.target))), asc(table.tiebreaker)]
}

/** The ORDER BY of a page: the URL's sort, or the table's default order. */
export function orderOf<Row, Item>(
	table: DataTable<Row, Item>,
	sortCriterias: string,
	context: TableContext = { now: Date.now() },
): SQL[] {
	if (!sortCriterias && typeof table.defaultSort === 'function') {
		return [...table.defaultSort(context), asc(table.tiebreaker)]
	}
	return criteriaOrder(table, criteriaOf(table, sortCriterias))
}

/**
 * Keyset condition "after this row" in the sort order (the export reads
 * chunk after chunk without OFFSET). Sortable columns are NOT NULL and the
 * row holds each under its column key, the tiebreaker under `id`. The first
 * criterion is repeated as a range (>= / <=) so SQLite can seek its index.
 */
export function afterRow<Row, Item>(
	table: DataTable<Row, Item>,
	criteria: Criterion[],
	row: Row,
): SQL | undefined {
	const values = row as Record<string, unknown>
	const all = [...criteria, { key: 'id', target: table.tiebreaker, desc: false }]
	const branches = all.map((criterion, i) =>
		and(
			...all.slice(0, i).map((before) => eq(before.target, values[before.key])),
			criterion.desc
				? lt(criterion.target, values[criterion.key])
				: gt(criterion.target, values[criterion.key]),
		),
	)
	const [first] = all
	if (!first) return or(...branches)
	const range = first.desc ? lte(first.target, values[first.key]) : gte(first.target, values[first.key])
	return and(range, or(...branches))
}

/** Free text as text: `%`, `_` and `\` are escaped; quotes and operators are just characters. */
export function likePattern(text: string): string {
	return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

/**
 * How a value enters a page's SQL: as itself (a parameter of a query built for this request), or
 * as a named placeholder of a prepared query (typed as the value it stands for), its driver
 * value kept in `values`. `column` encodes the value (an instant's epoch milliseconds).
 */
export type Bind = <T>(name: string, value: T, column?: SQLWrapper) => T

const inline: Bind = (_name, value) => value

function placeholders(values: Record<string, unknown>): Bind {
	return <T>(name: string, value: T, column?: SQLWrapper): T => {
		// Drizzle does not encode a placeholder's value: bind the column's driver value.
		values[name] = is(column, Column) ? column.mapToDriverValue(value) : value
		return sql.placeholder(name) as unknown as T
	}
}

function conditionsOf<Row, Item>(table: DataTable<Row, Item>, query: TableQuery, bind: Bind): SQL[] {
	const conditions: (SQL | undefined)[] = []
	const text = query.tableFilter.trim()
	if (text) {
		const pattern = likePattern(text)
		const matches = (column: SQLWrapper) => like(sql`lower(${column})`, sql`${pattern} ESCAPE '\\'`)
		conditions.push(
			or(...table.search.map((target) => (typeof target === 'function' ? target(matches) : matches(target)))),
		)
	}
	for (const [name, value] of Object.entries(query.filters)) {
		const filter = table.filters?.[name]
		if (!filter) continue
		if (filter.kind === 'flag') conditions.push(eq(filter.column, true))
		else if (filter.kind === 'dateRange') {
			const [from = '', to = ''] = value.split('..')
			if (from) {
				const start = new Date(startOfLocalDay(from))
				conditions.push(
					filter.until
						? gt(filter.until, bind(`${name}From`, start, filter.until))
						: gte(filter.column, bind(`${name}From`, start, filter.column)),
				)
			}
			if (to) {
				const end = new Date(startOfLocalDay(addDays(to, 1)))
				conditions.push(lt(filter.column, bind(`${name}To`, end, filter.column)))
			}
		} else if (filter.kind === 'enum' && value.includes(ENUM_SET_SEPARATOR)) {
			const values = value.split(ENUM_SET_SEPARATOR)
			conditions.push(
				inArray(
					filter.column,
					values.map((one, i) => bind(`${name}${i}`, one, filter.column)),
				),
			)
		} else conditions.push(eq(filter.column, bind(name, value, filter.column)))
	}
	return conditions.filter((condition) => condition !== undefined)
}

export function whereOf<Row, Item>(
	table: DataTable<Row, Item>,
	query: TableQuery,
	scope?: SQL,
): SQL | undefined {
	return and(scope, ...conditionsOf(table, query, inline))
}

/** A free text with at most this many matches finds them first and sorts only them (see runTableQuery). */
const FEW_MATCHES = 5_000

/** The rowids of one page, chosen on the key table alone (the deferred join of `keyTable`). */
function pageKeys(keyTable: SQLiteTable, filter: SQL, order: SQL[], limit: unknown, offset: unknown): SQL {
	return sql`(SELECT rowid FROM ${keyTable} WHERE ${filter} ORDER BY ${sql.join(order, sql`, `)} LIMIT ${limit} OFFSET ${offset})`
}

/**
 * A free text cannot use an index order: walking the sort's index and testing each row costs a row
 * read per row passed, which for a rare text is nearly every row. So the matches' rowids are read
 * first (through a covering index where there is one, the text tested once): up to FEW_MATCHES of
 * them are the count and the only rows sorted. More matches are dense, so the ordered walk fills a
 * page quickly; they are counted as usual.
 */
function fewMatches(db: DbOrTx, keyTable: SQLiteTable, where: SQL | undefined) {
	const found = db.all<{ r: number }>(
		sql`SELECT rowid AS r FROM ${keyTable} WHERE ${where ?? sql`1`} LIMIT ${FEW_MATCHES + 1}`,
	)
	if (found.length > FEW_MATCHES) return null
	return {
		count: found.length,
		filter: sql`rowid IN (SELECT value FROM json_each(${JSON.stringify(found.map((row) => row.r))}))`,
	}
}

/**
 * A scope written through `bind` (`(bind) => eq(orders.hostId, bind('hostId', host.id, orders.hostId))`)
 * under a key that always names the same scope SQL: its values can then be placeholders, and the
 * page is prepared once per shape (ADR 0046). A plain SQL scope is built per request.
 */
export type BoundScope = { key: string; where: (bind: Bind) => SQL | undefined }

/** Prepared page shapes per table at most (filters given × sort); beyond, pages are built per request. */
const MAX_PREPARED_SHAPES = 64
const preparedShapes = new Map<string, Set<string>>()

/** The shape of a query without its values: which filters (and sides of a range) are given, the sort. */
function shapeOf<Row, Item>(table: DataTable<Row, Item>, query: TableQuery): string {
	const given = Object.entries(table.filters ?? {}).map(([name, filter]) => {
		const value = query.filters[name] ?? ''
		// An enum set binds one placeholder per value: its size is part of the shape.
		if (filter.kind === 'enum') return value ? String(value.split(ENUM_SET_SEPARATOR).length) : '0'
		if (filter.kind !== 'dateRange') return value ? '1' : '0'
		const [from = '', to = ''] = value.split('..')
		return `${from ? 1 : 0}${to ? 1 : 0}`
	})
	return `${given.join('')}:${query.sortCriterias}`
}

function mayPrepare(tableId: string, shape: string): boolean {
	let shapes = preparedShapes.get(tableId)
	if (!shapes) preparedShapes.set(tableId, (shapes = new Set()))
	if (shapes.has(shape)) return true
	if (shapes.size >= MAX_PREPARED_SHAPES) return false
	shapes.add(shape)
	return true
}

const isBound = (scope: SQL | BoundScope | undefined): scope is BoundScope =>
	typeof (scope as BoundScope | undefined)?.where === 'function'

/** A page's two queries, prepared once per shape: the values are bound per call. */
function preparedPage<Row, Item>(
	db: DbOrTx,
	table: DataTable<Row, Item>,
	query: TableQuery,
	scope: BoundScope,
	shape: string,
	now: number,
) {
	const values: Record<string, unknown> = {}
	const bind = placeholders(values)
	// Built every call (cheap: conditions, no query), as it binds this call's values.
	const where = and(scope.where(bind), ...conditionsOf(table, query, bind))
	const context = { now: bind('tableNow', now) }
	const limit = bind('tableLimit', query.perPage)
	const offset = bind('tableOffset', (query.currentPage - 1) * query.perPage)
	const statements = preparedQuery(db, `table:${table.id}:${scope.key}|${shape}`, (d) => {
		const order = orderOf(table, query.sortCriterias, context)
		const keyTable = table.keyTable
		return {
			count: table.count(d, { searching: false }).where(where).prepare(),
			rows: keyTable
				? table
						.rows(d)
						.where(sql`${keyTable}.rowid IN ${pageKeys(keyTable, where ?? sql`1`, order, limit, offset)}`)
						.orderBy(...order)
						.prepare()
				: table
						.rows(d)
						.where(where)
						.orderBy(...order)
						.limit(limit)
						.offset(offset)
						.prepare(),
		}
	})
	return { totalCount: statements.count.all(values)[0]?.n ?? 0, rows: statements.rows.all(values) }
}

/**
 * One page of rows and the total count of the filtered rows. A bound scope without a free text
 * runs prepared queries (see BoundScope); anything else is built for the request.
 */
export function runTableQuery<Row, Item>(
	table: DataTable<Row, Item>,
	query: TableQuery,
	options: { scope?: SQL | BoundScope; db?: DbOrTx; now?: number } = {},
): ListPage<Item> {
	const db = options.db ?? getDb()
	const searching = Boolean(query.tableFilter.trim())
	const page = { currentPage: query.currentPage, perPage: query.perPage }
	const now = options.now ?? Date.now()
	const { scope } = options
	if (isBound(scope) && !searching) {
		const shape = shapeOf(table, query)
		if (mayPrepare(table.id, `${scope.key}|${shape}`)) {
			const { totalCount, rows } = preparedPage(db, table, query, scope, shape, now)
			return { items: rows.map(table.toItem), totalCount, ...page }
		}
	}
	const where = whereOf(table, query, isBound(scope) ? scope.where(inline) : scope)
	const order = orderOf(table, query.sortCriterias, { now })
	const few = table.keyTable && searching ? fewMatches(db, table.keyTable, where) : null
	const totalCount = few ? few.count : (table.count(db, { searching }).where(where).all()[0]?.n ?? 0)
	const offset = (query.currentPage - 1) * query.perPage
	if (!table.keyTable) {
		const rows = table
			.rows(db)
			.where(where)
			.orderBy(...order)
			.limit(query.perPage)
			.offset(offset)
			.all()
		return { items: rows.map(table.toItem), totalCount, ...page }
	}
	const keys = pageKeys(table.keyTable, few?.filter ?? where ?? sql`1`, order, query.perPage, offset)
	const rows = table
		.rows(db)
		.where(sql`${table.keyTable}.rowid IN ${keys}`)
		.orderBy(...order)
		.all()
	return { items: rows.map(table.toItem), totalCount, ...page }
}

export function visibleColumns<Row, Item>(table: DataTable<Row, Item>, query: TableQuery): string[] {
	return Object.entries(table.columns)
		.filter(([key, column]) => (query.cols ? query.cols.includes(key) : column.visible !== false))
		.map(([key]) => key)
}

/** Per filter, the values a page offers to choose from, with their names as they are (an `id` filter). */
export type TableChoices = Record<string, { value: string; text: string }[]>

const DEFAULT_TEXTS: TableTexts = {
	apply: 'admin:table.apply',
	reset: 'admin:table.reset',
	none: 'admin:table.none',
}

/** What the page component needs to draw the table (serialisable; labels are translation keys). */
export function tableView<Row, Item>(
	table: DataTable<Row, Item>,
	query: TableQuery,
	choices: TableChoices = {},
): TableView {
	const visible = visibleColumns(table, query)
	return {
		columns: Object.entries(table.columns).map(([key, column]) => ({
			key,
			label: column.label,
			sortable: Boolean(column.sort),
			visible: visible.includes(key),
		})),
		filters: Object.entries(table.filters ?? {}).map(([name, filter]) => ({
			name,
			kind: filter.kind,
			label: filter.label,
			params: Object.values(paramNames(name, filter)),
			value: query.filters[name] ?? '',
			options:
				filter.kind === 'enum'
					? filter.values.map((value) => ({ value, label: `${filter.optionLabel}${value}` }))
					: [],
			...(filter.kind === 'id' && choices[name] ? { choices: choices[name] } : {}),
			allLabel:
				(filter.kind === 'enum' || filter.kind === 'id' ? filter.allLabel : undefined) ?? 'admin:table.all',
			...(filter.kind === 'dateRange' && filter.rangeLabels ? { rangeLabels: filter.rangeLabels } : {}),
		})),
		perPageChoices: [...new Set([table.defaultPerPage, ...PER_PAGE_CHOICES])].sort((a, b) => a - b),
		texts: { ...DEFAULT_TEXTS, ...table.texts },
		state: {
			currentPage: query.currentPage,
			perPage: query.perPage,
			sortCriterias: query.sortCriterias || (typeof table.defaultSort === 'string' ? table.defaultSort : ''),
			tableFilter: query.tableFilter,
			cols: query.cols,
		},
	}
}

/** The page data of a list: the view, one page, or a translated message when the URL's state is invalid. */
export type TablePageData<Item> = ListPage<Item> & { view: TableView; error: string | null }

/**
 * For page loaders: runs `list` with the URL's table state. An invalid state
 * (unknown sort column, bad page number …) is no 500 and no error page: the
 * page renders the empty table with a translated message and status 400.
 */
export function loadTablePage<Row, Item>(
	table: DataTable<Row, Item>,
	url: URL,
	t: LooseT,
	list: (query: TableQuery) => ListPage<Item>,
	choices: TableChoices = {},
): { data: TablePageData<Item>; status: 200 | 400 } {
	try {
		const query = parseTableQuery(table, url.searchParams)
		return { data: { ...list(query), view: tableView(table, query, choices), error: null }, status: 200 }
	} catch (error) {
		if (!(error instanceof AppError) || error.status !== 400) throw error
		const query = parseTableQuery(table, new URLSearchParams())
		const messages = Object.values(error.fields ?? {})
			.flat()
			.map((message) => translateValidationMessage(t as never, message))
		return {
			data: {
				items: [],
				totalCount: 0,
				currentPage: 1,
				perPage: query.perPage,
				view: tableView(table, query, choices),
				error: messages.join(' ') || t('apiErrors.ValidationError'),
			},
			status: 400,
		}
	}
}
