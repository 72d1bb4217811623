import { useTranslation } from 'react-i18next'
import type { Route } from './+types/messages.ts'
import { NotificationList } from '#app/components/notifications/notification-list.tsx'
import { Pagination } from '#app/components/pagination.tsx'
import { notificationListData } from '#app/models/notifications/notifications.server.ts'
import { notificationsQuerySchema } from '#app/schemas/notifications.ts'
import { requireRole } from '#app/utils/auth.server.ts'
import { getLocale } from '#app/utils/i18n.server.ts'
import { pageTitle } from '#app/utils/page-title.ts'

/**
 * /host/messages: the host inbox (spec §2, PRODUCT.md §3 "System messages",
 * docs/subsystems/notifications.md) — the host's notifications newest first, unread highlighted,
 * each linking to its order, "mark read" per row and "mark all read" as plain forms.
 */
export async function loader(args: Route.LoaderArgs) {
	const host = await requireRole(args, 'Owner')
	const query = notificationsQuerySchema.parse(Object.fromEntries(args.url.searchParams))
	return notificationListData(host, { locale: getLocale(args.context), page: query.currentPage })
}

export default function HostMessagesPage({ loaderData }: Route.ComponentProps) {
	const { t: tc } = useTranslation()
	const { t } = useTranslation('notifications')
	const title = pageTitle(tc, 'host/messages')
	return (
		<main id="main" data-testid="host-messages">
			<title>{`${title} | ${tc('appName')}`}</title>
			<h1 className="mb-2 text-3xl font-bold">{title}</h1>
			<p className="mb-4 text-ink-muted">{t('inbox.intro')}</p>
			<NotificationList
				items={loaderData.items}
				unreadCount={loaderData.unreadCount}
				empty={t('inbox.empty')}
				label={title}
			/>
			<Pagination
				currentPage={loaderData.currentPage}
				perPage={loaderData.perPage}
				totalCount={loaderData.totalCount}
			/>
		</main>
	)
}
