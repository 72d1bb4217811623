import { useTranslation } from 'react-i18next'
import { Form, useLocation } from 'react-router'
import { useLocale } from '#app/hooks/use-root-data.ts'
import type { TableView } from '#app/schemas/data-table.ts'
import { looseT } from '#app/utils/loose-t.ts'
import { ScrollBox } from './detail-frame.tsx'
import { Pagination } from './pagination.tsx'

/**
 * The data table of the back office (docs/subsystems/data-table.md):
 * a GET form (free text, filters, page size, visible columns), header links
 * that sort, the rows, paging links and the CSV link. Everything is a link or
 * a GET form, so it works without JavaScript and the URL is the bookmarkable
 * state. The loader gives `view` (tableView) and the page of items; the page
 * says how a cell looks.
 */
export type DataTableProps<Item> = {
	view: TableView
	items: Item[]
	totalCount: number
	rowKey: (item: Item) => string
	cell: (key: string, item: Item) => React.ReactNode
	/** Where the CSV of the same query comes from (the list's API export endpoint). */
	exportPath?: string
	/** A translated message when the URL held an invalid table state (the loader answered 400). */
	error?: string | null
	rowTestId?: string
	/** The accessible name of the table and of its filter form. */
	label: string
}

const INPUT = 'rounded-lg border border-line bg-surface px-3 py-2 text-ink'

function withParams(search: string, changes: Record<string, string | null>) {
	const params = new URLSearchParams(search)
	for (const [key, value] of Object.entries(changes)) {
		if (value === null) params.delete(key)
		else params.set(key, value)
	}
	return params.toString()
}

function Filters({ view, label }: { view: TableView; label: string }) {
	const { t: typed } = useTranslation()
	const t = looseT(typed)
	const location = useLocation()
	return (
		<Form method="GET" role="search" aria-label={label} className="mb-4 flex flex-wrap items-end gap-3">
			<div>
				<label htmlFor="table-filter" className="mb-1 block text-sm font-medium">
					{t('admin:table.search')}
				</label>
				<input
					id="table-filter"
					name="tableFilter"
					type="search"
					defaultValue={view.state.tableFilter}
					maxLength={100}
					className={`w-64 max-w-full ${INPUT}`}
				/>
			</div>
			{view.filters.map((filter) => {
				const id = `filter-${filter.name}`
				const [param = filter.name, toParam = `${filter.name}To`] = filter.params
				if (filter.kind === 'dateRange') {
					const [from = '', to = ''] = filter.value.split('..')
					const labels = filter.rangeLabels
					const labelClass = labels ? 'mb-1 block text-sm font-medium' : 'sr-only'
					return (
						<fieldset key={filter.name} className="flex min-w-0 flex-wrap items-end gap-2">
							<legend className="mb-1 text-sm font-medium">{t(filter.label)}</legend>
							<label className="text-sm">
								<span className={labelClass}>{t(labels?.from ?? 'admin:table.from')}</span>
								<input name={param} type="date" defaultValue={from} className={INPUT} />
							</label>
							<span aria-hidden="true" className={labels ? 'pb-2' : undefined}>
								–
							</span>
							<label className="text-sm">
								<span className={labelClass}>{t(labels?.to ?? 'admin:table.to')}</span>
								<input name={toParam} type="date" defaultValue={to} className={INPUT} />
							</label>
						</fieldset>
					)
				}
				if (filter.kind === 'flag') {
					return (
						<label key={filter.name} className="flex items-center gap-2 pb-2 text-sm">
							<input name={param} type="checkbox" value="true" defaultChecked={filter.value === 'true'} />
							{t(filter.label)}
						</label>
					)
				}
				return (
					// A select is as wide as its longest option: on a phone it shrinks to the screen.
					<div key={filter.name} className="max-w-full min-w-0">
						<label htmlFor={id} className="mb-1 block text-sm font-medium">
							{t(filter.label)}
						</label>
						{filter.kind === 'enum' ? (
							<select id={id} name={param} defaultValue={filter.value} className={`max-w-full ${INPUT}`}>
								<option value="">{t(filter.allLabel)}</option>
								{filter.value.includes(',') ? (
									// A set of values from a link (the dashboard's "confirmed or completed"): kept on apply.
									<option value={filter.value}>
										{filter.value
											.split(',')
											.map((value) => t(`${filter.options.find((o) => o.value === value)?.label ?? value}`))
											.join(', ')}
									</option>
								) : null}
								{filter.options.map((option) => (
									<option key={option.value} value={option.value}>
										{t(option.label)}
									</option>
								))}
							</select>
						) : filter.choices ? (
							<select id={id} name={param} defaultValue={filter.value} className={`max-w-full ${INPUT}`}>
								<option value="">{t(filter.allLabel)}</option>
								{filter.choices.map((choice) => (
									<option key={choice.value} value={choice.value}>
										{choice.text}
									</option>
								))}
							</select>
						) : (
							<input
								id={id}
								name={param}
								defaultValue={filter.value}
								{...(filter.kind === 'slug'
									? { maxLength: 80 }
									: { maxLength: 16, pattern: '[A-Za-z0-9_\\-]{16}' })}
								className={`w-48 max-w-full ${filter.kind === 'slug' ? '' : 'font-mono'} ${INPUT}`}
							/>
						)}
					</div>
				)
			})}
			<div>
				<label htmlFor="table-per-page" className="mb-1 block text-sm font-medium">
					{t('admin:table.perPage')}
				</label>
				<select id="table-per-page" name="perPage" defaultValue={view.state.perPage} className={INPUT}>
					{view.perPageChoices.map((n) => (
						<option key={n} value={n}>
							{n}
						</option>
					))}
				</select>
			</div>
			<details className="pb-2 text-sm">
				<summary className="cursor-pointer">{t('admin:table.columns')}</summary>
				<div className="mt-2 flex flex-col gap-1">
					{view.columns.map((column) => (
						<label key={column.key} className="flex items-center gap-2">
							<input type="checkbox" name="cols" value={column.key} defaultChecked={column.visible} />
							{t(column.label)}
						</label>
					))}
				</div>
			</details>
			<input type="hidden" name="sortCriterias" value={view.state.sortCriterias} />
			<button type="submit" className="btn-primary" data-testid="table-apply">
				{t(view.texts.apply)}
			</button>
			<a href={location.pathname} className="btn-ghost">
				{t(view.texts.reset)}
			</a>
		</Form>
	)
}

function SortHeader({ view, column }: { view: TableView; column: TableView['columns'][number] }) {
	const { t: typed } = useTranslation()
	const t = looseT(typed)
	const location = useLocation()
	const [first = ''] = view.state.sortCriterias.split(',')
	const [sortedBy, direction] = first.split(':')
	const current = sortedBy === column.key ? (direction === 'desc' ? 'descending' : 'ascending') : undefined
	if (!column.sortable) return <th className="p-2">{t(column.label)}</th>
	const next = current === 'ascending' ? 'desc' : 'asc'
	const href = `${location.pathname}?${withParams(location.search, {
		sortCriterias: `${column.key}:${next}`,
		currentPage: null,
	})}`
	return (
		<th className="p-2" aria-sort={current ?? 'none'}>
			<a href={href} className="underline-offset-2 hover:underline" data-testid={`sort-${column.key}`}>
				{t(column.label)}
				<span aria-hidden="true">
					{current === 'ascending' ? ' ▲' : current === 'descending' ? ' ▼' : ''}
				</span>
			</a>
		</th>
	)
}

/** One row. */
function DataRow<Item>({
	item,
	columns,
	cell,
	testId,
}: {
	item: Item
	columns: TableView['columns']
	cell: DataTableProps<Item>['cell']
	testId: string
}) {
	return (
		<tr className="border-b border-line" data-testid={testId}>
			{columns.map((column) => (
				<td key={column.key} className="p-2 align-top">
					{cell(column.key, item)}
				</td>
			))}
		</tr>
	)
}

export function DataTable<Item>({
	view,
	items,
	totalCount,
	rowKey,
	cell,
	exportPath,
	error,
	rowTestId = 'table-row',
	label,
}: DataTableProps<Item>) {
	const { t: typed } = useTranslation()
	const t = looseT(typed)
	const location = useLocation()
	const locale = useLocale()
	const columns = view.columns.filter((column) => column.visible)
	return (
		<div data-testid="data-table">
			<Filters view={view} label={label} />
			{error ? (
				<p role="alert" className="card mb-4 border-danger text-danger" data-testid="table-error">
					{t('admin:table.invalidQuery')} {error}
				</p>
			) : null}
			<div className="mb-2 flex flex-wrap items-center justify-between gap-2 text-sm text-ink-muted">
				<p data-testid="table-total">{t('admin:table.total', { count: totalCount })}</p>
				{exportPath && !error ? (
					<a
						// The file in the page's language and conventions (ADR 0174).
						href={`${exportPath}?${withParams(location.search, { currentPage: null, lang: locale })}`}
						className="btn-secondary"
						download
						data-testid="table-export"
					>
						{t('admin:table.export')}
					</a>
				) : null}
			</div>
			{items.length === 0 ? (
				<p className="card">{t(view.texts.none)}</p>
			) : (
				<ScrollBox label={label} onPage>
					<table className="w-full text-left text-sm">
						<caption className="sr-only">{label}</caption>
						<thead>
							<tr className="border-b border-line">
								{columns.map((column) => (
									<SortHeader key={column.key} view={view} column={column} />
								))}
							</tr>
						</thead>
						<tbody>
							{items.map((item) => (
								<DataRow key={rowKey(item)} item={item} columns={columns} cell={cell} testId={rowTestId} />
							))}
						</tbody>
					</table>
				</ScrollBox>
			)}
			<Pagination currentPage={view.state.currentPage} perPage={view.state.perPage} totalCount={totalCount} />
		</div>
	)
}

/**
 * A whole back-office list page around the data table: the document title, the
 * heading, anything the page shows above the table (banners, forms) as
 * children, and the table itself fed from the loader's table page
 * (`loadTablePage`). Every admin list and /host/orders use it, so they look and behave alike.
 */
export function DataTablePage<Item>({
	title,
	testId,
	page,
	children,
	...table
}: Omit<DataTableProps<Item>, 'view' | 'items' | 'totalCount' | 'error' | 'label'> & {
	title: string
	testId: string
	page: { view: TableView; items: Item[]; totalCount: number; error: string | null }
	children?: React.ReactNode
}) {
	const { t } = useTranslation()
	return (
		<main id="main" data-testid={testId}>
			<title>{`${title} | ${t('appName')}`}</title>
			<h1 className="mb-4 text-3xl font-bold">{title}</h1>
			{children}
			<DataTable
				{...table}
				label={title}
				view={page.view}
				items={page.items}
				totalCount={page.totalCount}
				error={page.error}
			/>
		</main>
	)
}
