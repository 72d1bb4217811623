import { count, isNull } from 'drizzle-orm'
import { templateTexts } from '#db/schema/access.ts'
import type { UserRole } from '#db/schema/users.ts'
import { TEMPLATE_LOCALES, TEMPLATE_TYPES } from '#app/domain/host-access.ts'
import { AppError } from '#app/utils/app-error.ts'
import { streamTableCsv } from '#app/utils/data-table-csv.server.ts'
import type { Locale } from '#app/utils/locale.ts'
import {
	defineDataTable,
	runTableQuery,
	type ListPage,
	type TableQuery,
} from '#app/utils/data-table.server.ts'
import type { DbOrTx } from '#app/utils/db.server.ts'

/**
 * The platform's default template texts for the admin (issue 14, ADR 0096):
 * one row per type and language (host_id null) on the data table. Editing
 * goes through updateTemplateText (the ownership rule admits admins; a
 * default keeps its type and language).
 */
const EXCERPT = 100

function selectRows(db: DbOrTx) {
	return db
		.select({
			id: templateTexts.id,
			type: templateTexts.type,
			locale: templateTexts.locale,
			subject: templateTexts.subject,
			body: templateTexts.body,
			updatedAt: templateTexts.updatedAt,
		})
		.from(templateTexts)
}

type Row = ReturnType<ReturnType<typeof selectRows>['all']>[number]

function toItem(row: Row) {
	const body = row.body.replace(/\s+/g, ' ').trim()
	return {
		id: row.id,
		type: row.type,
		locale: row.locale,
		subject: row.subject,
		excerpt: body.length > EXCERPT ? `${body.slice(0, EXCERPT - 1).trimEnd()}…` : body,
		updatedAt: row.updatedAt.getTime(),
	}
}
export type AdminTemplateTextItem = ReturnType<typeof toItem>

export const templateTextTable = defineDataTable({
	id: 'template-texts',
	csvFile: 'admin:table.files.templateTexts',
	columns: {
		type: {
			label: 'admin:templateTexts.columns.type',
			sort: templateTexts.type,
			csv: (item: AdminTemplateTextItem, t) => t(`hostAccess:templateTypes.${item.type}`),
		},
		locale: {
			label: 'admin:templateTexts.columns.locale',
			sort: templateTexts.locale,
			csv: (item, t) => t(`hostAccess:locales.${item.locale}`),
		},
		subject: { label: 'admin:templateTexts.columns.subject', csv: (item) => item.subject },
		body: { label: 'admin:templateTexts.columns.body', csv: (item) => item.excerpt },
		updatedAt: {
			label: 'admin:templateTexts.columns.updatedAt',
			sort: templateTexts.updatedAt,
			csv: (item, _t, format) => format.instant(new Date(item.updatedAt).getTime()),
			csvTime: true,
		},
	},
	filters: {
		type: {
			kind: 'enum',
			column: templateTexts.type,
			values: TEMPLATE_TYPES,
			label: 'admin:templateTexts.columns.type',
			optionLabel: 'hostAccess:templateTypes.',
		},
		locale: {
			kind: 'enum',
			column: templateTexts.locale,
			values: TEMPLATE_LOCALES,
			label: 'admin:templateTexts.columns.locale',
			optionLabel: 'hostAccess:locales.',
		},
	},
	search: [templateTexts.subject, templateTexts.body],
	defaultSort: 'type:asc,locale:asc',
	tiebreaker: templateTexts.id,
	defaultPerPage: 25,
	rows: (db: DbOrTx) => selectRows(db).$dynamic(),
	count: (db: DbOrTx) => db.select({ n: count() }).from(templateTexts).$dynamic(),
	toItem,
})

/**
 * The platform defaults. Read only: the rows are written at start-up and by the
 * seed (`ensurePlatformTemplates`), never by a GET.
 */
export function listPlatformTemplates(
	actor: { role: UserRole },
	query: TableQuery,
): ListPage<AdminTemplateTextItem> {
	if (actor.role !== 'Admin') throw new AppError(403)
	return runTableQuery(templateTextTable, query, { scope: isNull(templateTexts.hostId) })
}

/** The platform defaults as CSV (/api/Admin/TemplateTexts/Export, issue 34), in `locale`. */
export function exportPlatformTemplates(
	actor: { role: UserRole },
	query: TableQuery,
	locale: Locale,
): Response {
	if (actor.role !== 'Admin') throw new AppError(403)
	return streamTableCsv(templateTextTable, query, { locale, scope: isNull(templateTexts.hostId) })
}
