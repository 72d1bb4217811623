import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Form, Link, useLocation } from 'react-router'
import type { SearchFormValues, SearchNotice } from '#app/models/catalogue/catalogue-pages.server.ts'
import { BOOKING_TYPE_LIST, withQuery } from '#app/utils/catalogue-urls.ts'
import { useLocalizePath } from '#app/hooks/use-root-data.ts'
import { RATING_AGE_FIT_VALUES } from '#app/schemas/ratings.ts'
import { SpriteIcon } from './icon.tsx'

/**
 * The search form (a plain GET form: every filter is in the URL, it works
 * without JavaScript), notices about ignored parameters, and pagination.
 */
export type SearchFormOptions = {
	features: { key: string; name: string }[]
	cities: { slug: string; name: string }[]
	states: { slug: string; name: string }[]
}

export type SearchFormVariant = 'hero' | 'full' | 'place'

const fieldClass = 'flex flex-col gap-1 text-sm font-medium'
const inputClass = 'rounded-lg border border-line bg-surface px-3 py-2 text-base font-normal text-ink'

function Select({
	name,
	label,
	value,
	options,
	any,
}: {
	name: string
	label: string
	value: string
	options: { value: string; label: string }[]
	any?: string
}) {
	return (
		<label className={fieldClass}>
			{label}
			<select name={name} defaultValue={value} className={inputClass}>
				{any ? <option value="">{any}</option> : null}
				{options.map((o) => (
					<option key={o.value} value={o.value}>
						{o.label}
					</option>
				))}
			</select>
		</label>
	)
}

export function SearchForm({
	action,
	values,
	today,
	variant,
	options,
	sorts = [],
	hidden = {},
}: {
	action: string
	values: Partial<SearchFormValues>
	today: string
	variant: SearchFormVariant
	options?: SearchFormOptions
	sorts?: readonly string[]
	hidden?: Record<string, string>
}) {
	const { t } = useTranslation('catalogue')
	const { t: tr } = useTranslation('ratings')
	const localize = useLocalizePath()
	const { search } = useLocation()
	const full = variant === 'full'
	return (
		// Keyed by the query so the fields show the URL's values after a client-side navigation.
		<Form
			key={search}
			method="get"
			action={localize(action)}
			className="card flex flex-col gap-4"
			role="search"
			data-testid="search-form"
		>
			{Object.entries(hidden).map(([name, value]) => (
				<input key={name} type="hidden" name={name} value={value} />
			))}
			<div
				className={`grid gap-3 ${full ? 'sm:grid-cols-2 lg:grid-cols-4' : 'sm:grid-cols-2 lg:grid-cols-5'}`}
			>
				{variant === 'place' ? (
					<>
						<label className={`${fieldClass} lg:col-span-2`}>
							{t('fixedPlace.where')}
							<input
								name="where"
								type="text"
								defaultValue={values.where}
								required
								maxLength={120}
								autoComplete="street-address"
								placeholder={t('fixedPlace.wherePlaceholder')}
								className={inputClass}
							/>
						</label>
						<Select
							name="radius"
							label={t('fixedPlace.radius')}
							value={values.radius ?? '25'}
							options={['5', '10', '25', '50', '100'].map((km) => ({
								value: km,
								label: t('fixedPlace.km', { km }),
							}))}
						/>
					</>
				) : (
					<label className={`${fieldClass} ${full ? 'sm:col-span-2' : 'lg:col-span-2'}`}>
						{t('search.where')}
						<input
							name="q"
							type="search"
							defaultValue={values.q}
							maxLength={200}
							placeholder={t('search.wherePlaceholder')}
							className={inputClass}
						/>
					</label>
				)}
				{full && options ? (
					<>
						<Select
							name="city"
							label={t('search.city')}
							value={values.city ?? ''}
							any={t('search.anyCity')}
							options={options.cities.map((c) => ({ value: c.slug, label: c.name }))}
						/>
						<Select
							name="state"
							label={t('search.state')}
							value={values.state ?? ''}
							any={t('search.anyState')}
							options={options.states.map((s) => ({ value: s.slug, label: s.name }))}
						/>
					</>
				) : null}
				<label className={fieldClass}>
					{t('search.date')}
					<input
						name="checkIn"
						type="date"
						min={today}
						defaultValue={values.checkIn}
						className={inputClass}
					/>
				</label>
				<label className={fieldClass}>
					{t('search.guests')}
					<input
						name="guests"
						type="number"
						min={1}
						max={500}
						inputMode="numeric"
						defaultValue={values.guests}
						className={inputClass}
					/>
				</label>
				<label className={fieldClass}>
					{t('search.childAge')}
					<input
						name="childAge"
						type="number"
						min={0}
						max={17}
						inputMode="numeric"
						defaultValue={values.childAge}
						className={inputClass}
					/>
				</label>
				<Select
					name="bookingType"
					label={t('search.bookingType')}
					value={values.bookingType ?? ''}
					any={t('search.anyBookingType')}
					options={BOOKING_TYPE_LIST.map((b) => ({ value: b, label: t(`bookingTypes.${b}`) }))}
				/>
				{full ? (
					<>
						<Select
							name="ageFit"
							label={tr('page.ageFit')}
							value={values.ageFit ?? ''}
							any={tr('form.ageFitNone')}
							options={RATING_AGE_FIT_VALUES.map((value) => ({ value, label: tr(`ageFits.${value}`) }))}
						/>
						<label className={fieldClass}>
							{t('search.maxPrice')}
							<input
								name="maxPrice"
								type="number"
								min={0}
								step="any"
								inputMode="decimal"
								defaultValue={values.maxPrice}
								className={inputClass}
							/>
						</label>
						<Select
							name="sort"
							label={t('search.sort')}
							value={values.sort ?? ''}
							options={sorts.map((s) => ({ value: s, label: t(`sort.${s}` as 'sort.price') }))}
						/>
					</>
				) : null}
			</div>
			{full && options ? (
				<fieldset className="flex flex-col gap-2">
					<legend className="mb-1 text-sm font-medium">{t('search.features')}</legend>
					<div className="flex flex-wrap gap-2">
						{options.features.map((f) => (
							<label
								key={f.key}
								className="flex items-center gap-2 rounded-full border border-line px-3 py-1 text-sm has-checked:border-accent has-checked:bg-accent-soft"
							>
								<input
									type="checkbox"
									name="features"
									value={f.key}
									defaultChecked={values.features?.includes(f.key)}
									className="accent-accent"
								/>
								{f.name}
							</label>
						))}
					</div>
				</fieldset>
			) : null}
			<div className="flex flex-wrap items-center gap-3">
				<button type="submit" className="btn-primary" data-testid="search-submit">
					<SpriteIcon name="search" className="h-4 w-4" />
					{variant === 'full' ? t('search.apply') : t('search.submit')}
				</button>
				{full ? (
					<Link to={localize(action)} className="link text-sm">
						{t('search.reset')}
					</Link>
				) : null}
			</div>
		</Form>
	)
}

/** The filters each form variant shows (a page's fixed city or state is not one; nor is the sort). */
const VARIANT_FILTERS = {
	hero: ['q', 'checkIn', 'guests', 'childAge', 'bookingType'],
	place: ['where', 'checkIn', 'guests', 'childAge', 'bookingType'],
	full: ['q', 'city', 'state', 'checkIn', 'guests', 'childAge', 'ageFit', 'bookingType', 'maxPrice'],
} as const satisfies Record<SearchFormVariant, readonly (keyof SearchFormValues)[]>

/** How many of its filters a search form's values set (each feature counts). */
export function activeFilterCount(values: Partial<SearchFormValues>, variant: SearchFormVariant): number {
	const set = VARIANT_FILTERS[variant].filter((name) => Boolean(values[name]))
	return set.length + (variant === 'full' ? (values.features?.length ?? 0) : 0)
}

/**
 * A result page's filters behind one control on a phone (issue 31.14): the
 * results come first, "Filter (n)" opens the form — a <details>, so it opens
 * without JavaScript too. From md up the control is hidden and the form is
 * always shown (the details' content stays visible while closed), as before.
 * Keyed by the query: after a search the panel is closed again.
 */
export function FilterDisclosure({ active, children }: { active: number; children: ReactNode }) {
	const { t } = useTranslation('catalogue')
	const { search } = useLocation()
	return (
		<details
			key={search}
			className="group md:details-content:[content-visibility:visible]"
			data-testid="filter-panel"
		>
			<summary
				className="btn-secondary cursor-pointer list-none group-open:mb-3 md:hidden [&::-webkit-details-marker]:hidden"
				data-testid="filter-toggle"
			>
				<SpriteIcon name="search" className="h-4 w-4" />
				{active ? t('search.filtersActive', { count: active }) : t('search.filters')}
			</summary>
			{children}
		</details>
	)
}

/** Parameters that were ignored, and other hints, in the page's language. */
export function SearchNotices({
	invalid,
	notices,
}: {
	invalid: readonly string[]
	notices: readonly SearchNotice[]
}) {
	const { t } = useTranslation('catalogue')
	if (!invalid.length && !notices.length) return null
	return (
		<div role="status" className="card border-warning text-sm" data-testid="search-notices">
			<ul className="flex flex-col gap-1">
				{invalid.length ? (
					<li>
						{t('notices.invalid', { fields: invalid.map((f) => t(`fields.${f}` as 'fields.q')).join(', ') })}
					</li>
				) : null}
				{notices.map((n) => (
					<li key={n}>{t(`notices.${n}`)}</li>
				))}
			</ul>
		</div>
	)
}

/** Page links (?page=n), keeping every other parameter. */
/**
 * "12 Spielräume (am …)": the heading of a result list. An h2, so the cards'
 * h3 names below it skip no level (Lighthouse accessibility, issue 11).
 */
export function ResultCount({
	count,
	dateLabel,
	live = false,
}: {
	count: number
	dateLabel: string | null
	live?: boolean
}) {
	const { t } = useTranslation('catalogue')
	return (
		<h2
			className="text-base font-semibold"
			data-testid="result-count"
			aria-live={live ? 'polite' : undefined}
		>
			{dateLabel ? t('search.resultsOnDate', { count, date: dateLabel }) : t('search.results', { count })}
		</h2>
	)
}

export function Pagination({ page, pages }: { page: number; pages: number }) {
	const { t } = useTranslation('catalogue')
	const location = useLocation()
	if (pages <= 1) return null
	const href = (p: number) =>
		`${location.pathname}${withQuery(location.search, { page: p === 1 ? undefined : p })}`
	const shown = [...new Set([1, page - 1, page, page + 1, pages])]
		.filter((p) => p >= 1 && p <= pages)
		.sort((a, b) => a - b)
	const arrow = (target: number, label: string, icon: string) =>
		target >= 1 && target <= pages ? (
			<li>
				<Link
					to={href(target)}
					className="btn-secondary px-2"
					aria-label={label}
					rel={target < page ? 'prev' : 'next'}
				>
					<SpriteIcon name={icon} className="h-4 w-4" />
				</Link>
			</li>
		) : null
	return (
		<nav aria-label={t('pagination.label')} className="flex justify-center">
			<ul className="flex flex-wrap items-center gap-1">
				{arrow(Math.min(page, pages + 1) - 1, t('pagination.previous'), 'chevron-left')}
				{shown.map((p, i) => (
					<li key={p} className="flex items-center gap-1">
						{i > 0 && p - (shown[i - 1] ?? p) > 1 ? <span aria-hidden="true">…</span> : null}
						<Link
							to={href(p)}
							aria-current={p === page ? 'page' : undefined}
							aria-label={t('pagination.page', { page: p })}
							className={p === page ? 'btn-primary px-3' : 'btn-secondary px-3'}
						>
							{p}
						</Link>
					</li>
				))}
				{arrow(page + 1, t('pagination.next'), 'chevron-right')}
			</ul>
		</nav>
	)
}
