import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'react-router'
import { useHydrated } from '#app/hooks/use-hydrated.ts'
import { useSessionUser } from '#app/hooks/use-root-data.ts'
import { stripLocale } from '#app/utils/locale.ts'
import { Icon } from './icon.tsx'
import { LocaleLink } from './locale-link.tsx'
import { useRealtimeEvent } from './realtime-provider.tsx'

/** Who gets the support widget: every logged-in user but admins (they answer in /admin/support). */
export function showsSupportWidget(user: { role: string } | null): boolean {
	return Boolean(user && user.role !== 'Admin')
}

/**
 * The support chat widget (issue 32, ADR 0163). Without JavaScript the support thread is a link
 * in the account menu (site header); with JavaScript this small floating button on every page
 * leads to /support and shows the unread replies — read from /api/Support/Thread once, then
 * from the hub's SupportHasNewMessage hints. Above the phone's booking bar; not on /support.
 */
export function SupportWidget() {
	const { t } = useTranslation('chat')
	const user = useSessionUser()
	const hydrated = useHydrated()
	const { pathname } = useLocation()
	const [unread, setUnread] = useState(0)
	const shown = hydrated && showsSupportWidget(user) && stripLocale(pathname) !== '/support'
	useEffect(() => {
		if (!shown) return
		const controller = new AbortController()
		fetch('/api/Support/Thread', { signal: controller.signal, credentials: 'same-origin' })
			.then((response) => (response.ok ? response.json() : null))
			.then((body: { value?: { unreadCount?: number } | null } | null) =>
				setUnread(body?.value?.unreadCount ?? 0),
			)
			.catch(() => {})
		return () => controller.abort()
	}, [shown, pathname])
	useRealtimeEvent('SupportHasNewMessage', (event) => {
		if (event.type === 'SupportHasNewMessage') setUnread(event.count)
	})
	if (!shown) return null
	return (
		<LocaleLink
			to="/support"
			className="btn-primary fixed right-3 bottom-20 z-30 gap-1 rounded-full px-3 py-2 shadow-lg lg:bottom-4"
			aria-label={
				unread > 0
					? `${t('support.widget.label')} (${t('support.widget.unread', { count: unread })})`
					: t('support.widget.label')
			}
			data-testid="support-widget"
		>
			<Icon name="chat" />
			<span className="text-sm">{t('support.widget.open')}</span>
			{unread > 0 ? (
				<span
					className="rounded-full bg-surface px-1.5 text-xs font-semibold text-ink"
					data-testid="support-widget-unread"
				>
					{unread}
				</span>
			) : null}
		</LocaleLink>
	)
}
