import { ID_PATTERN } from '#db/schema/ids.ts'
import { slugify } from '#app/domain/search-text.ts'
import { z } from '#app/utils/validation.ts'
import { intParam, localDateField, safeString } from './fields.ts'

/**
 * The URL state of a data table (docs/subsystems/data-table.md): the common
 * parameters of every list (page, API `…Index` endpoint, CSV export) and the
 * field blocks of its filters. Client-safe; the server part is
 * app/utils/data-table.server.ts.
 */
export const MAX_PER_PAGE = 100
export const PER_PAGE_CHOICES = [10, 25, 50, 100] as const

export const tableQueryFields = {
	currentPage: intParam(1, 1_000_000).optional(),
	perPage: intParam(1, MAX_PER_PAGE).optional(),
	/** "lastName:asc,createdAt:desc"; the columns are checked against the table's whitelist. */
	sortCriterias: z
		.string()
		.trim()
		.max(200)
		.regex(/^[A-Za-z0-9:,]*$/)
		.optional(),
	tableFilter: safeString().max(100).optional(),
	/** The visible columns (repeated parameter). */
	cols: z
		.array(
			z
				.string()
				.trim()
				.regex(/^[A-Za-z0-9]{1,40}$/),
		)
		.max(40)
		.optional(),
}

/** Filter field blocks: "" means "no filter" (an empty select or input of a GET form). */
export const tableFilterFields = {
	/**
	 * One value, or a set of them (issue 31.11: the dashboard's "confirmed or completed"): the
	 * parameter repeated (`status=a&status=b`) or comma-separated (`status=a,b`, what a select's
	 * option for the set sends back). Each value must be one of `values`; a set is read as "any of".
	 */
	enum: (values: readonly [string, ...string[]]) =>
		z
			.preprocess(
				(value) => {
					const parts = (Array.isArray(value) ? value : typeof value === 'string' ? [value] : [value])
						.flatMap((part) => (typeof part === 'string' ? part.split(',') : [part]))
						.map((part) => (typeof part === 'string' ? part.trim() : part))
						.filter((part) => part !== '')
					if (parts.length === 0) return value === undefined ? undefined : ''
					return parts.length === 1 ? parts[0] : [...new Set(parts)]
				},
				z.union([z.literal(''), z.enum(values), z.array(z.enum(values)).min(2).max(values.length)]),
			)
			.optional(),
	id: (pattern: RegExp = ID_PATTERN) => z.union([z.literal(''), z.string().trim().regex(pattern)]).optional(),
	/**
	 * A URL slug (lower case, digits, hyphens), e.g. a city's: exact match. A name is read as its
	 * slug (issue 31.13): "München", "MÜNCHEN" and "muenchen" are all `muenchen`.
	 */
	slug: () =>
		z
			.preprocess(
				(value) =>
					typeof value === 'string' && value.trim() ? slugify(value.slice(0, 200)) || value : value,
				z.union([z.literal(''), z.string().regex(/^[a-z0-9-]{1,80}$/)]),
			)
			.optional(),
	flag: () => z.enum(['', 'true', 'false', 'on', '1', '0']).optional(),
	/** A local date within the bounds of ADR 0143; "" (an empty date input) is none. */
	date: () => z.preprocess((value) => (value === '' ? undefined : value), localDateField.optional()),
}

export type TableFilterKind = 'enum' | 'id' | 'slug' | 'flag' | 'dateRange'

/** The texts of a table's chrome a list may name itself (translation keys; default `admin:table.*`). */
export type TableTexts = { apply: string; reset: string; none: string }

/** What a page component gets to draw a table (labels are translation keys). */
export type TableView = {
	columns: { key: string; label: string; sortable: boolean; visible: boolean }[]
	filters: {
		name: string
		kind: TableFilterKind
		label: string
		/** The URL parameters: [name], or a date range's [from, to]. */
		params: string[]
		/** enum/id/flag: the value (an enum set: "a,b"); dateRange: "from..to". */
		value: string
		/** enum: the values (labels are translation keys). */
		options: { value: string; label: string }[]
		/** id: the values to choose from with their names as they are (e.g. the host's playrooms): a select. */
		choices?: { value: string; text: string }[]
		/** The empty option of a select ("all"). */
		allLabel: string
		/** dateRange: visible labels of its two inputs (default: hidden "from"/"to"). */
		rangeLabels?: { from: string; to: string }
	}[]
	perPageChoices: number[]
	texts: TableTexts
	state: {
		currentPage: number
		perPage: number
		sortCriterias: string
		tableFilter: string
		cols: string[] | null
	}
}
