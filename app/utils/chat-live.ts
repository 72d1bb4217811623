import type { RealtimeEvent, RealtimeEventType } from './realtime.ts'

/**
 * The live chat's shared rules (issue 32, ADR 0162), browser-safe and free of React:
 * which threads are open in this tab, which hub events mean "a chat message arrived",
 * and who hears the pling. The thread itself (app/hooks/use-live-thread.ts) and the sound
 * (app/components/chat-sound.tsx) both read them.
 */

/** Hub events that announce a new chat message: they play the sound (spec §2). */
export const CHAT_MESSAGE_EVENTS: readonly RealtimeEventType[] = [
	'GuestHasNewChatMessage',
	'HostHasNewChatMessage',
	'SupportHasNewMessage',
]

/** A thread open in this tab: the event type that announces its messages and the other side's id. */
export type OpenThread = { event: RealtimeEventType; otherId?: string }

const openThreads = new Set<OpenThread>()

/** Marks a thread open while its page is mounted; returns the unregister function. */
export function registerOpenThread(thread: OpenThread): () => void {
	openThreads.add(thread)
	return () => {
		openThreads.delete(thread)
	}
}

/** Whether `event` announces a message of a thread open in this tab (matched by the other side's id). */
export function isEventOfOpenThread(
	event: RealtimeEvent,
	threads: Iterable<OpenThread> = openThreads,
): boolean {
	const values = Object.values(event) as unknown[]
	for (const thread of threads) {
		if (thread.event !== event.type) continue
		if (thread.otherId === undefined || values.includes(thread.otherId)) return true
	}
	return false
}

/** Test users ("…Test") never hear the sound (spec §2). */
export function isSilentUser(user: { displayName: string } | null | undefined): boolean {
	return !user || user.displayName.trimEnd().endsWith('Test')
}

/**
 * Who hears the pling (spec §2, issue 32): a logged-in user who is not a test user, for a
 * chat-message event — but not while that very thread is open and the tab is visible.
 */
export function shouldPlayChatSound(input: {
	event: RealtimeEvent
	user: { displayName: string } | null | undefined
	visible: boolean
	openThreads?: Iterable<OpenThread>
}): boolean {
	if (!CHAT_MESSAGE_EVENTS.includes(input.event.type)) return false
	if (isSilentUser(input.user)) return false
	if (input.visible && isEventOfOpenThread(input.event, input.openThreads ?? openThreads)) return false
	return true
}

/** The sidebar badges ask the status endpoint again at once (after a read or a new message). */
export const STATUS_REFRESH_EVENT = 'sz:status-refresh'

export function requestStatusRefresh() {
	if (typeof window !== 'undefined') window.dispatchEvent(new Event(STATUS_REFRESH_EVENT))
}

/** The browser may move a read cursor: the thread is visible and focused (issue 32). */
export function canMarkRead(doc: Pick<Document, 'visibilityState' | 'hasFocus'> = document): boolean {
	return doc.visibilityState === 'visible' && doc.hasFocus()
}
