import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react'
import { createRealtimeClient, hubUrl } from '#app/utils/realtime-client.ts'
import type { RealtimeEvent, RealtimeEventType, WebSocketStatus } from '#app/utils/realtime.ts'

type Listener = (event: RealtimeEvent) => void
export type RealtimeState = {
	status: WebSocketStatus
	subscribe: (type: RealtimeEventType, listener: Listener) => () => void
}

/** Exported for tests that drive status and events by hand; the app uses RealtimeProvider. */
export const RealtimeContext = createContext<RealtimeState>({
	status: 'Unknown',
	subscribe: () => () => {},
})

/** Holds the realtime connection of a logged-in tab and hands events to subscribers. */
export function RealtimeProvider({ enabled, children }: { enabled: boolean; children: React.ReactNode }) {
	const [status, setStatus] = useState<WebSocketStatus>('Unknown')
	const listeners = useRef(new Map<RealtimeEventType, Set<Listener>>())

	useEffect(() => {
		if (!enabled) return
		const client = createRealtimeClient({
			url: hubUrl(window.location),
			onStatus: setStatus,
			onEvent: (event) => {
				for (const listener of listeners.current.get(event.type) ?? []) listener(event)
			},
		})
		return () => client.close()
	}, [enabled])

	const subscribe = useCallback((type: RealtimeEventType, listener: Listener) => {
		const set = listeners.current.get(type) ?? new Set()
		set.add(listener)
		listeners.current.set(type, set)
		return () => {
			set.delete(listener)
		}
	}, [])
	// Without a login there is no connection: the status is Unknown, whatever it was before.
	const effectiveStatus: WebSocketStatus = enabled ? status : 'Unknown'
	const value = useMemo(() => ({ status: effectiveStatus, subscribe }), [effectiveStatus, subscribe])

	return <RealtimeContext.Provider value={value}>{children}</RealtimeContext.Provider>
}

export function useRealtimeStatus() {
	return useContext(RealtimeContext).status
}

/** Calls `listener` for every event of `type` while the component is mounted. */
export function useRealtimeEvent(type: RealtimeEventType, listener: Listener) {
	const { subscribe } = useContext(RealtimeContext)
	const latest = useRef(listener)
	useEffect(() => {
		latest.current = listener
	})
	useEffect(() => subscribe(type, (event) => latest.current(event)), [subscribe, type])
}
