import {
	HUB_CLOSE_SESSION_ENDED,
	HUB_CLOSE_TOO_MANY_CONNECTIONS,
	HUB_CONNECT_DELAY_MS,
	HUB_PATH,
	HUB_RECONNECT_DELAYS_MS,
	HUB_SERVER_TIMEOUT_MS,
	type RealtimeEvent,
	type WebSocketStatus,
} from './realtime.ts'

type SocketLike = {
	onopen: ((event: unknown) => void) | null
	onclose: ((event: unknown) => void) | null
	onmessage: ((event: { data: unknown }) => void) | null
	onerror: ((event: unknown) => void) | null
	close(): void
}

export type RealtimeClientOptions = {
	url: string
	onStatus: (status: WebSocketStatus) => void
	onEvent: (event: RealtimeEvent) => void
	createSocket?: (url: string) => SocketLike
	setTimer?: (callback: () => void, ms: number) => unknown
	clearTimer?: (handle: unknown) => void
}

/** The one retry after the server ended the session (4401) waits this long. */
export const SESSION_ENDED_RETRY_MS = 1_000

const KNOWN_EVENTS = new Set([
	'SeedProgress',
	'GuestHasNewChatMessage',
	'HostHasNewChatMessage',
	'SupportHasNewMessage',
])

/**
 * The browser side of the realtime channel (spec §4): connects 1 s after
 * start, reports Online/Offline, reconnects after 0, 2, 10 and 30 s, then
 * stops. A connection silent for longer than the server timeout counts as lost.
 * Closed because its session ended (4401), it tries once more after a second — the tab may
 * hold a new session, as after changing the password here — and stops if that fails.
 */
export function createRealtimeClient(options: RealtimeClientOptions) {
	const createSocket = options.createSocket ?? ((url) => new WebSocket(url) as unknown as SocketLike)
	const setTimer = options.setTimer ?? ((cb, ms) => setTimeout(cb, ms))
	const clearTimer = options.clearTimer ?? ((handle) => clearTimeout(handle as number))
	let socket: SocketLike | null = null
	let reconnectAttempt = 0
	let stopped = false
	let pending: unknown = null
	let watchdog: unknown = null
	/** The current attempt is the one retry after the server ended the session (4401). */
	let retryingEndedSession = false

	const resetWatchdog = () => {
		if (watchdog !== null) clearTimer(watchdog)
		watchdog = setTimer(() => socket?.close(), HUB_SERVER_TIMEOUT_MS)
	}

	const connect = () => {
		pending = null
		if (stopped) return
		const current = createSocket(options.url)
		socket = current
		let opened = false
		current.onopen = () => {
			opened = true
			retryingEndedSession = false
			reconnectAttempt = 0
			options.onStatus('Online')
			resetWatchdog()
		}
		current.onmessage = (message) => {
			resetWatchdog()
			if (typeof message.data !== 'string') return
			try {
				const event = JSON.parse(message.data) as RealtimeEvent
				if (KNOWN_EVENTS.has(event.type)) options.onEvent(event)
			} catch {
				// Not JSON: ignore.
			}
		}
		current.onerror = () => {}
		current.onclose = (event) => {
			if (socket !== current) return
			socket = null
			if (watchdog !== null) clearTimer(watchdog)
			watchdog = null
			options.onStatus('Offline')
			if (stopped) return
			const code = (event as { code?: unknown } | null)?.code
			// Over the server's connection cap (too many tabs): retrying would only be refused again.
			if (code === HUB_CLOSE_TOO_MANY_CONNECTIONS) return
			// The session is over and the retry with this tab's cookies failed too: logged out.
			if (retryingEndedSession && !opened) return
			if (code === HUB_CLOSE_SESSION_ENDED) {
				retryingEndedSession = true
				// After a moment: when this tab renewed its session (a password change), the close can
				// arrive before the response that sets the new cookie.
				pending = setTimer(connect, SESSION_ENDED_RETRY_MS)
				return
			}
			const delay = HUB_RECONNECT_DELAYS_MS[reconnectAttempt]
			if (delay === undefined) return // out of attempts: stay offline
			reconnectAttempt++
			pending = setTimer(connect, delay)
		}
	}

	pending = setTimer(connect, HUB_CONNECT_DELAY_MS)

	return {
		close() {
			stopped = true
			if (pending !== null) clearTimer(pending)
			if (watchdog !== null) clearTimer(watchdog)
			socket?.close()
			socket = null
		},
	}
}

export function hubUrl(location: { protocol: string; host: string }) {
	return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}${HUB_PATH}`
}
