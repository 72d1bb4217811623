import { useCallback, useEffect, useRef, useState } from 'react'
import { useRealtimeEvent, useRealtimeStatus } from '#app/components/realtime-provider.tsx'
import { canMarkRead, registerOpenThread, requestStatusRefresh } from '#app/utils/chat-live.ts'
import type { RealtimeEventType } from '#app/utils/realtime.ts'

/**
 * The live thread with JavaScript (issue 32, ADR 0162). The database is the truth; the hub only
 * says "something changed". Starting from the loader's messages, the thread asks its endpoint
 * family for `Messages?threadId&after=<last id>` (looping while `hasMore`) on the hub event, when
 * the connection is back Online after being Offline, on `visibilitychange` to visible, `online`
 * and `pageshow` — so a message missed while the socket was closed or the laptop slept arrives
 * anyway, in id order, never twice. Sending posts `Send` as JSON with a client message id per
 * message: the message shows at once as "sending", then as the server's row ("sent"), or
 * "failed" with a retry that resends the SAME id (one row however often). The read cursor
 * moves only while the tab is visible and focused.
 *
 * Generic over the endpoint family: the guest–host chat passes `/api/Customer/Chat` or
 * `/api/Owner/Chat`, the support chat its own family with the same Messages/Send/MarkRead shapes.
 */
export type LiveThreadConfig = {
	/** The endpoint family, e.g. `/api/Customer/Chat`. */
	api: string
	/** The thread, or null before its first message (then Send uses `target`). */
	threadId: string | null
	/** What Send names while there is no thread yet, e.g. `{ playroomId }` or `{ guestId }`. */
	target?: Record<string, string>
	/** The hub event that announces this thread's messages. */
	event: RealtimeEventType
	/** The other side's id as the event carries it (hostId / guestId): the sound stays quiet for it. */
	otherId?: string
}

export type LiveMessage = {
	id: number
	mine: boolean
	body: string
	masked: boolean
	systemEvent: string | null
	order: { id: string; code: string } | null
	createdAt: string
}

export type PendingMessage = {
	clientMessageId: string
	body: string
	orderId?: string
	createdAt: string
	status: 'sending' | 'failed' | 'sent'
	/** The server's row once accepted: the pending entry disappears when that row is in the list. */
	messageId?: number
}

type MessagesAnswer<M> = {
	thread: { id: string; otherLastReadMessageId: number; lastReadMessageId?: number }
	messages: M[]
	hasMore: boolean
	lastMessageId: number
}

type SendAnswer = { threadId: string; messageId: number }

/** The page's API call (useApi() in the app; a fake in tests). */
export type LiveRequest = <T>(
	path: string,
	options?: { method?: 'GET' | 'POST'; json?: unknown },
) => Promise<T>

/** Appends `incoming` to `current`: one entry per id, ascending. */
export function mergeMessages<M extends { id: number }>(current: M[], incoming: M[]): M[] {
	if (incoming.length === 0) return current
	const byId = new Map(current.map((message) => [message.id, message]))
	for (const message of incoming) byId.set(message.id, message)
	return [...byId.values()].sort((a, b) => a.id - b.id)
}

export function newClientMessageId() {
	return crypto.randomUUID()
}

export function useLiveThread<M extends LiveMessage>({
	live,
	initial,
	request,
}: {
	live: LiveThreadConfig | undefined
	/** The loader's thread; a new `messages` array (a revalidation) is merged in. */
	initial: { messages: M[]; otherLastReadMessageId: number; lastReadMessageId?: number }
	request: LiveRequest
}) {
	const [messages, setMessages] = useState<M[]>(initial.messages)
	const [otherLastRead, setOtherLastRead] = useState(initial.otherLastReadMessageId)
	const [pending, setPending] = useState<PendingMessage[]>([])
	const [threadId, setThreadId] = useState(live?.threadId ?? null)
	const lastId = useRef(initial.messages.at(-1)?.id ?? 0)
	const markedUpTo = useRef(initial.lastReadMessageId ?? initial.messages.at(-1)?.id ?? 0)
	const threadRef = useRef(threadId)
	const fetching = useRef<Promise<void> | null>(null)
	const again = useRef(false)
	const mounted = useRef(true)
	const latest = useRef({ live, request })
	const pendingRef = useRef(pending)
	useEffect(() => {
		latest.current = { live, request }
		pendingRef.current = pending
	})
	useEffect(() => {
		mounted.current = true
		return () => {
			mounted.current = false
		}
	}, [])

	const apply = useCallback((incoming: M[]) => {
		if (incoming.length === 0) return
		lastId.current = Math.max(lastId.current, ...incoming.map((message) => message.id))
		setMessages((current) => mergeMessages(current, incoming))
	}, [])

	// New loader data (a revalidation, the form post without the live path) joins the list.
	const [loaded, setLoaded] = useState(initial.messages)
	if (loaded !== initial.messages) {
		setLoaded(initial.messages)
		setMessages((current) => mergeMessages(current, initial.messages))
		setOtherLastRead((current) => Math.max(current, initial.otherLastReadMessageId))
	}
	useEffect(() => {
		lastId.current = Math.max(lastId.current, messages.at(-1)?.id ?? 0)
	}, [messages])

	const markRead = useCallback(async () => {
		const { live: config, request: call } = latest.current
		const id = threadRef.current
		if (!config || !id || !canMarkRead()) return
		const upTo = lastId.current
		if (upTo <= markedUpTo.current) return
		markedUpTo.current = upTo
		try {
			await call(`${config.api}/MarkRead`, { method: 'POST', json: { threadId: id, messageId: upTo } })
			requestStatusRefresh()
		} catch {
			// Not marked: the next focus or message tries again.
			markedUpTo.current = Math.min(markedUpTo.current, upTo - 1)
		}
	}, [])

	/** Everything after the last id, in pages, then the read cursor if the thread is looked at. */
	const fetchNew = useCallback((): Promise<void> => {
		if (fetching.current) {
			again.current = true
			return fetching.current
		}
		const run = async () => {
			do {
				again.current = false
				const { live: config, request: call } = latest.current
				const id = threadRef.current
				if (!config || !id) return
				let more = true
				while (more && mounted.current) {
					const answer = await call<MessagesAnswer<M>>(
						`${config.api}/Messages?threadId=${encodeURIComponent(id)}&after=${lastId.current}`,
					)
					apply(answer.messages)
					setOtherLastRead((current) => Math.max(current, answer.thread.otherLastReadMessageId))
					more = answer.hasMore && answer.messages.length > 0
				}
				// Inside the loop: a hint that arrives while the cursor is posted fetches once more.
				await markRead()
			} while (again.current && mounted.current)
		}
		fetching.current = run()
			.catch(() => {
				// Offline or the server away: the next trigger (online, reconnect, visibility) fetches again.
			})
			.finally(() => {
				fetching.current = null
			})
		return fetching.current
	}, [apply, markRead])

	// The hub says "something changed" for this thread's kind of event.
	useRealtimeEvent(live?.event ?? 'GuestHasNewChatMessage', () => {
		if (live) void fetchNew()
	})

	// Back Online after being Offline: a reconnect may have missed events.
	const status = useRealtimeStatus()
	const previousStatus = useRef(status)
	useEffect(() => {
		const before = previousStatus.current
		previousStatus.current = status
		if (status === 'Online' && before === 'Offline') void fetchNew()
	}, [status, fetchNew])

	// Woken up, back online, restored from the back/forward cache, focused again.
	useEffect(() => {
		if (!live) return
		const onVisibility = () => {
			if (document.visibilityState === 'visible') void fetchNew()
		}
		const onWake = () => void fetchNew()
		const onFocus = () => void markRead()
		document.addEventListener('visibilitychange', onVisibility)
		window.addEventListener('online', onWake)
		window.addEventListener('pageshow', onWake)
		window.addEventListener('focus', onFocus)
		return () => {
			document.removeEventListener('visibilitychange', onVisibility)
			window.removeEventListener('online', onWake)
			window.removeEventListener('pageshow', onWake)
			window.removeEventListener('focus', onFocus)
		}
	}, [live, fetchNew, markRead])

	// This thread is open: the sound stays quiet for its messages while the tab is visible.
	const liveEvent = live?.event
	const otherId = live?.otherId
	useEffect(() => {
		if (!liveEvent) return
		return registerOpenThread({ event: liveEvent, otherId })
	}, [liveEvent, otherId])

	const post = useCallback(
		async (message: PendingMessage) => {
			const { live: config, request: call } = latest.current
			if (!config) return
			const id = threadRef.current
			const where = id ? { threadId: id } : (config.target ?? {})
			try {
				const answer = await call<SendAnswer>(`${config.api}/Send`, {
					method: 'POST',
					json: {
						...where,
						body: message.body,
						clientMessageId: message.clientMessageId,
						...(message.orderId ? { orderId: message.orderId } : {}),
					},
				})
				threadRef.current = answer.threadId
				setThreadId(answer.threadId)
				setPending((list) =>
					list.map((item) =>
						item.clientMessageId === message.clientMessageId
							? { ...item, status: 'sent', messageId: answer.messageId }
							: item,
					),
				)
				await fetchNew()
			} catch {
				setPending((list) =>
					list.map((item) =>
						item.clientMessageId === message.clientMessageId ? { ...item, status: 'failed' } : item,
					),
				)
			}
		},
		[fetchNew],
	)

	/** Shows the message as "sending" at once and posts it; the caller may clear the textarea then. */
	const send = useCallback(
		(body: string, orderId?: string) => {
			const message: PendingMessage = {
				clientMessageId: newClientMessageId(),
				body,
				orderId,
				createdAt: new Date().toISOString(),
				status: 'sending',
			}
			setPending((list) => [...list, message])
			return post(message)
		},
		[post],
	)

	/** Resends a failed message with the same client message id: never two rows. */
	const retry = useCallback(
		(clientMessageId: string) => {
			const found = pendingRef.current.find((item) => item.clientMessageId === clientMessageId)
			// Only a failed message; a second click while it is on its way does nothing.
			if (found?.status !== 'failed') return Promise.resolve()
			pendingRef.current = pendingRef.current.map((item) =>
				item === found ? { ...item, status: 'sending' } : item,
			)
			setPending((list) =>
				list.map((item) =>
					item.clientMessageId === clientMessageId ? { ...item, status: 'sending' } : item,
				),
			)
			return post(found)
		},
		[post],
	)

	const shownIds = new Set(messages.map((message) => message.id))
	return {
		messages,
		/** Messages not (yet) in the list: sending, failed, or accepted but not fetched yet. */
		pending: pending.filter((item) => item.messageId === undefined || !shownIds.has(item.messageId)),
		otherLastReadMessageId: otherLastRead,
		threadId,
		send,
		retry,
		fetchNew,
	}
}
