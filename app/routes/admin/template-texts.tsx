import { useTranslation } from 'react-i18next'
import { data } from 'react-router'
import type { Route } from './+types/template-texts.ts'
import { DataTable } from '#app/components/data-table.tsx'
import { LocaleLink } from '#app/components/locale-link.tsx'
import {
	listPlatformTemplates,
	templateTextTable,
	type AdminTemplateTextItem,
} from '#app/models/admin-template-texts.server.ts'
import { requireRole } from '#app/utils/auth.server.ts'
import { loadTablePage } from '#app/utils/data-table.server.ts'
import { formatDateTime } from '#app/utils/format-instant.ts'
import { getT } from '#app/utils/i18n.server.ts'
import { looseT } from '#app/utils/loose-t.ts'
import { pageTitle } from '#app/utils/page-title.ts'
import { useLocale } from '#app/utils/use-root-data.ts'

/**
 * /admin/templateTexts (issue 14, ADR 0096): the platform's default texts per
 * type and language (what a guest gets when the host has no own text).
 */
export async function loader(args: Route.LoaderArgs) {
	const admin = await requireRole(args, 'Admin')
	const page = loadTablePage(templateTextTable, args.request, looseT(getT(args.context)), (query) =>
		listPlatformTemplates(admin, query),
	)
	return data(page.data, { status: page.status })
}

export default function AdminTemplateTextsPage({ loaderData }: Route.ComponentProps) {
	const { t } = useTranslation()
	const { t: th } = useTranslation('hostAccess')
	const locale = useLocale()
	const title = pageTitle(t, 'admin/templateTexts')
	const cell = (key: string, text: AdminTemplateTextItem): React.ReactNode => {
		switch (key) {
			case 'type':
				return (
					<LocaleLink to={`/admin/templateTexts/${text.id}`} className="font-medium underline">
						{th(`templateTypes.${text.type}`)}
					</LocaleLink>
				)
			case 'locale':
				return th(`locales.${text.locale}`)
			case 'subject':
				return text.subject
			case 'body':
				return text.excerpt
			case 'updatedAt':
				return formatDateTime(text.updatedAt, locale)
			default:
				return null
		}
	}
	return (
		<main id="main" data-testid="admin-template-texts">
			<title>{`${title} | ${t('appName')}`}</title>
			<h1 className="mb-4 text-3xl font-bold">{title}</h1>
			<DataTable
				label={title}
				view={loaderData.view}
				items={loaderData.items}
				totalCount={loaderData.totalCount}
				rowKey={(text) => text.id}
				cell={cell}
				error={loaderData.error}
				rowTestId="template-row"
			/>
		</main>
	)
}
