import { useTranslation } from 'react-i18next'
import { data } from 'react-router'
import type { Route } from './+types/support.ts'
import { loadAdminTablePage } from './admin-table.server.ts'
import { DataTablePage } from '#app/components/data-table.tsx'
import { LocaleLink } from '#app/components/locale-link.tsx'
import { useLocale } from '#app/hooks/use-root-data.ts'
import {
	listSupportThreads,
	supportAssignees,
	supportTable,
	type AdminSupportItem,
} from '#app/models/chat/support.server.ts'
import { SUPPORT_STATUS_VALUES } from '#app/schemas/chat.ts'
import { formatDateTime } from '#app/utils/format-instant.ts'
import { pageTitle } from '#app/utils/page-title.ts'

/**
 * /admin/support (ADR 0163): every user's support thread on the data table — status (open /
 * waiting / resolved), assigned admin ("assigned to me" is the filter with the caller's id),
 * unread count (the users' messages no admin has read), the last message; the same table as
 * /api/Admin/Support/Threads.
 */
export async function loader(args: Route.LoaderArgs) {
	const assignees = supportAssignees()
	const { admin, page } = await loadAdminTablePage(args, supportTable, listSupportThreads, {
		assignedAdminId: assignees.map((a) => ({ value: a.id, text: a.displayName })),
	})
	return data({ ...page.data, me: admin.id }, { status: page.status })
}

export default function AdminSupportPage({ loaderData }: Route.ComponentProps) {
	const { t } = useTranslation()
	const { t: tc } = useTranslation('chat')
	const locale = useLocale()
	const title = pageTitle(t, 'admin/support')
	const cell = (key: string, item: AdminSupportItem): React.ReactNode => {
		switch (key) {
			case 'user':
				return (
					<>
						<LocaleLink to={`/admin/support/${item.id}`} className="font-medium underline">
							{item.userName}
						</LocaleLink>
						<div className="text-ink-muted">{item.userEmail}</div>
					</>
				)
			case 'status':
				return tc(`support.statuses.${item.status}`)
			case 'unread':
				return item.unreadCount > 0 ? (
					<span className="rounded-full bg-accent px-2 py-0.5 text-xs font-semibold text-accent-ink">
						{tc('threads.unread', { count: item.unreadCount })}
					</span>
				) : (
					'0'
				)
			case 'lastMessage':
				return item.lastMessage ? (
					<span className="line-clamp-2 break-words">
						{item.lastMessage.fromUser ? null : tc('support.admin.platformPrefix')}
						{item.lastMessage.body}
					</span>
				) : null
			case 'assignedAdmin':
				return item.assignedAdminName ?? tc('support.admin.nobody')
			case 'lastMessageAt':
				return formatDateTime(item.lastMessageAt, locale)
			default:
				return null
		}
	}
	return (
		<DataTablePage
			title={title}
			testId="admin-support"
			page={loaderData}
			rowKey={(item) => item.id}
			cell={cell}
			rowTestId="support-row"
		>
			<nav aria-label={tc('support.admin.quickFilters')} className="mb-3">
				<ul className="flex flex-wrap gap-2">
					{SUPPORT_STATUS_VALUES.map((status) => (
						<li key={status}>
							<LocaleLink to={`/admin/support?status=${status}`} className="btn border border-line px-3 py-1">
								{tc(`support.statuses.${status}`)}
							</LocaleLink>
						</li>
					))}
					<li>
						<LocaleLink
							to={`/admin/support?assignedAdminId=${loaderData.me}`}
							className="btn border border-line px-3 py-1"
							data-testid="support-assigned-to-me"
						>
							{tc('support.admin.assignedToMe')}
						</LocaleLink>
					</li>
				</ul>
			</nav>
		</DataTablePage>
	)
}
