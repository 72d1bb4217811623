import { useTranslation } from 'react-i18next'
import { data } from 'react-router'
import type { Route } from './+types/template-texts.ts'
import { loadAdminTablePage } from './admin-table.server.ts'
import { DataTablePage } from '#app/components/data-table.tsx'
import { LocaleLink } from '#app/components/locale-link.tsx'
import {
	listPlatformTemplates,
	templateTextTable,
	type AdminTemplateTextItem,
} from '#app/models/admin/admin-template-texts.server.ts'
import { formatDateTime } from '#app/utils/format-instant.ts'
import { pageTitle } from '#app/utils/page-title.ts'
import { useLocale } from '#app/hooks/use-root-data.ts'

/**
 * /admin/templateTexts (issue 14, ADR 0096): the platform's default texts per
 * type and language (what a guest gets when the host has no own text).
 */
export async function loader(args: Route.LoaderArgs) {
	const { page } = await loadAdminTablePage(args, templateTextTable, listPlatformTemplates)
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
		<DataTablePage
			title={title}
			testId="admin-template-texts"
			page={loaderData}
			rowKey={(text) => text.id}
			cell={cell}
			rowTestId="template-row"
			exportPath="/api/Admin/TemplateTexts/Export"
		/>
	)
}
