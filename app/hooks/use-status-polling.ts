import { useEffect } from 'react'
import { useRevalidator } from 'react-router'
import { useRealtimeEvent } from '#app/components/realtime-provider.tsx'
import { requestStatusRefresh, STATUS_REFRESH_EVENT } from '#app/utils/chat-live.ts'

/**
 * Status polling (spec §4): while the tab is visible, the role area asks the
 * role's status endpoint every 30 s (and at once when the tab becomes visible
 * again) and shows the counts in the sidebar badges. The first counts come
 * from the layout loader, so the badges are there without JavaScript. A
 * changed count revalidates the page: the layout loader then brings the new
 * counts and the dashboard's next activities "reinitialise". A 401/403
 * (logged out meanwhile) stops the polling. A chat message announced by the hub
 * and a thread marked read (the live thread's `requestStatusRefresh`) ask at once
 * (issue 32, ADR 0162), so the chat badges follow within a moment.
 */
export type StatusCounts = {
	unreadMessageCount: number
	unreadChatMessageCount: number
	newOrderCount: number
}

export const STATUS_POLL_MS = 30_000

export function useStatusPolling(endpoint: string | null, initial: StatusCounts | null): StatusCounts | null {
	const revalidator = useRevalidator()
	const shown = initial ? JSON.stringify(pickCounts(initial)) : ''
	useEffect(() => {
		if (!endpoint || !shown) return
		let stopped = false
		const poll = async () => {
			if (stopped || document.visibilityState !== 'visible') return
			try {
				const response = await fetch(endpoint, { headers: { Accept: 'application/json' } })
				if (response.status === 401 || response.status === 403) {
					stopped = true
					return
				}
				if (!response.ok) return
				const body = (await response.json()) as { value: StatusCounts | null }
				if (!body.value || stopped) return
				if (JSON.stringify(pickCounts(body.value)) !== shown) void revalidator.revalidate()
			} catch {
				// Offline for a moment: the next tick tries again.
			}
		}
		const timer = window.setInterval(() => void poll(), STATUS_POLL_MS)
		const onVisible = () => void poll()
		document.addEventListener('visibilitychange', onVisible)
		window.addEventListener(STATUS_REFRESH_EVENT, onVisible)
		return () => {
			stopped = true
			window.clearInterval(timer)
			document.removeEventListener('visibilitychange', onVisible)
			window.removeEventListener(STATUS_REFRESH_EVENT, onVisible)
		}
		// Restarts when the endpoint or the shown counts change (and after a revalidation, which is harmless).
	}, [endpoint, shown, revalidator])
	useRealtimeEvent('GuestHasNewChatMessage', requestStatusRefresh)
	useRealtimeEvent('HostHasNewChatMessage', requestStatusRefresh)
	return initial
}

function pickCounts(status: StatusCounts): StatusCounts {
	return {
		unreadMessageCount: status.unreadMessageCount,
		unreadChatMessageCount: status.unreadChatMessageCount,
		newOrderCount: status.newOrderCount,
	}
}

/** Which count a sidebar entry shows, by the last segment of its route id. */
export function badgeCount(itemId: string, status: StatusCounts | null): number {
	if (!status) return 0
	if (itemId.endsWith('/orders')) return status.newOrderCount
	if (itemId.endsWith('/chatMessages')) return status.unreadChatMessageCount
	// An admin's chat count is the support chat's (ADR 0163).
	if (itemId === 'admin/support') return status.unreadChatMessageCount
	if (itemId.endsWith('/messages')) return status.unreadMessageCount
	return 0
}
