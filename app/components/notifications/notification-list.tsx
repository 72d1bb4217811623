import { useTranslation } from 'react-i18next'
import { useLocation } from 'react-router'
import { formatDateTime } from '#app/utils/format-instant.ts'
import { useLocale } from '#app/hooks/use-root-data.ts'
import { LocaleLink } from '../locale-link.tsx'

/** One notification as the list shows it (the model renders the text in the reader's language). */
export type NotificationListItem = {
	id: string
	text: string
	/** Locale-free path of the order it is about, or null. */
	orderPath: string | null
	read: boolean
	createdAt: Date | string
}

/** A plain form to /resources/notifications (works without JavaScript; redirects back here). */
function MarkReadForm({
	intent,
	notificationId,
	label,
	className,
}: {
	intent: 'read' | 'readAll'
	notificationId?: string
	label: string
	className: string
}) {
	const location = useLocation()
	return (
		<form method="post" action="/resources/notifications">
			<input type="hidden" name="intent" value={intent} />
			{notificationId ? <input type="hidden" name="notificationId" value={notificationId} /> : null}
			<input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
			<button type="submit" className={className}>
				{label}
			</button>
		</form>
	)
}

/**
 * The user's notifications (docs/subsystems/notifications.md): newest first, unread ones
 * highlighted, each linking to its order, a "mark read" form per unread row and "mark all
 * read". Used by the host inbox /host/messages and the guest's notification list.
 */
export function NotificationList({
	items,
	unreadCount,
	empty,
	label,
}: {
	items: NotificationListItem[]
	unreadCount: number
	/** The text when there is nothing to show; nothing at all when omitted. */
	empty?: string
	label: string
}) {
	const { t } = useTranslation('notifications')
	const locale = useLocale()
	if (items.length === 0) {
		return empty ? (
			<div className="card" data-testid="notifications-empty">
				<p>{empty}</p>
			</div>
		) : null
	}
	return (
		<div className="flex flex-col gap-3">
			{unreadCount > 0 ? (
				<div className="flex justify-end">
					<MarkReadForm intent="readAll" label={t('inbox.markAllRead')} className="btn-secondary" />
				</div>
			) : null}
			<ul className="flex flex-col gap-3" aria-label={label}>
				{items.map((item) => (
					<li
						key={item.id}
						className={`card flex flex-wrap items-center justify-between gap-3 ${item.read ? '' : 'border-l-4 border-accent font-semibold'}`}
						data-testid="notification-row"
						data-read={item.read ? 'true' : 'false'}
					>
						<div className="min-w-0 flex-1">
							{item.read ? null : <span className="sr-only">{t('inbox.unread')}: </span>}
							<p className="break-words">
								{item.orderPath ? (
									<LocaleLink to={item.orderPath} className="link">
										{item.text}
									</LocaleLink>
								) : (
									item.text
								)}
							</p>
							<p className="text-sm font-normal text-ink-muted">
								{formatDateTime(new Date(item.createdAt), locale)}
							</p>
						</div>
						{item.read ? null : (
							<MarkReadForm
								intent="read"
								notificationId={item.id}
								label={t('inbox.markRead')}
								className="btn-secondary"
							/>
						)}
					</li>
				))}
			</ul>
		</div>
	)
}

/**
 * The guest's unread notifications as a small section above the threads of /guest/chatMessages
 * (issue 32). Nothing when there are none.
 */
export function GuestNotifications({
	data,
}: {
	data: { items: NotificationListItem[]; unreadCount: number }
}) {
	const { t } = useTranslation('notifications')
	if (data.items.length === 0) return null
	return (
		<section aria-labelledby="guest-notifications-title" className="mb-6" data-testid="guest-notifications">
			<h2 id="guest-notifications-title" className="mb-2 text-xl font-semibold">
				{t('guest.title')}
			</h2>
			<NotificationList items={data.items} unreadCount={data.unreadCount} label={t('guest.title')} />
		</section>
	)
}
