/** The areas with chat pages (issue 32, docs/subsystems/chat.md). Browser-safe. */
export type ChatArea = 'guest' | 'host' | 'owner'

/** Where a thread lives in an area (locale-free). */
export function chatThreadPath(area: ChatArea, thread: { guestId: string; hostId: string }) {
	if (area === 'guest') return `/guest/chatMessages?hostId=${thread.hostId}`
	if (area === 'owner') return `/owner/chatMessages/${thread.guestId}`
	return `/host/chatMessages?guestId=${thread.guestId}`
}
