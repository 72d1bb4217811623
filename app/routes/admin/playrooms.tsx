import { useTranslation } from 'react-i18next'
import { data } from 'react-router'
import type { Route } from './+types/playrooms.ts'
import { loadAdminTablePage } from './admin-table.server.ts'
import { DataTablePage } from '#app/components/data-table.tsx'
import { LocaleLink } from '#app/components/locale-link.tsx'
import { PlayroomStatusBadge } from '#app/components/playroom-status.tsx'
import {
	listAdminPlayrooms,
	playroomTable,
	type AdminPlayroomItem,
} from '#app/models/admin/admin-playrooms.server.ts'
import { formatDateTime } from '#app/utils/format-instant.ts'
import { pageTitle } from '#app/utils/page-title.ts'
import { useLocale } from '#app/hooks/use-root-data.ts'

/**
 * /admin/playrooms (issue 14): every playroom in the data table — filters by
 * status, place and host; free text over name, path and place; sorting,
 * paging, columns.
 */
export async function loader(args: Route.LoaderArgs) {
	const { page } = await loadAdminTablePage(args, playroomTable, listAdminPlayrooms)
	return data(page.data, { status: page.status })
}

export default function AdminPlayroomsPage({ loaderData }: Route.ComponentProps) {
	const { t } = useTranslation()
	const locale = useLocale()
	const title = pageTitle(t, 'admin/playrooms')
	const cell = (key: string, playroom: AdminPlayroomItem): React.ReactNode => {
		switch (key) {
			case 'name':
				return (
					<LocaleLink to={`/admin/playrooms/${playroom.id}`} className="font-medium underline">
						{playroom.name}
					</LocaleLink>
				)
			case 'status':
				return <PlayroomStatusBadge status={playroom.status} />
			case 'host':
				return (
					<LocaleLink to={`/admin/hosts/${playroom.hostId}`} className="underline">
						{playroom.hostName}
					</LocaleLink>
				)
			case 'city':
				return playroom.city
			case 'rating':
				return playroom.ratingAverage === null
					? '–'
					: `${playroom.ratingAverage.toFixed(1)} (${playroom.ratingCount})`
			case 'orders':
				return playroom.orders
			case 'createdAt':
				return formatDateTime(playroom.createdAt, locale)
			default:
				return null
		}
	}
	return (
		<DataTablePage
			title={title}
			exportPath="/api/Admin/Playrooms/Export"
			testId="admin-playrooms"
			page={loaderData}
			rowKey={(playroom) => playroom.id}
			cell={cell}
			rowTestId="playroom-row"
		/>
	)
}
