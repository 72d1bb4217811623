import { describe, expect, test } from 'vitest'
import { createRealtimeClient, SESSION_ENDED_RETRY_MS } from './realtime-client.ts'
import { HUB_CLOSE_SESSION_ENDED, HUB_CLOSE_TOO_MANY_CONNECTIONS, type WebSocketStatus } from './realtime.ts'

/** Fake sockets and a manual clock, so reconnect timing is tested exactly. */
function setup() {
	const timers: { at: number; callback: () => void; id: number }[] = []
	let now = 0
	let nextId = 1
	const sockets: FakeSocket[] = []
	class FakeSocket {
		onopen: ((e: unknown) => void) | null = null
		onclose: ((e: unknown) => void) | null = null
		onmessage: ((e: { data: unknown }) => void) | null = null
		onerror: ((e: unknown) => void) | null = null
		openedAt = now
		close() {
			this.onclose?.({})
		}
	}
	const statuses: WebSocketStatus[] = []
	const events: unknown[] = []
	const client = createRealtimeClient({
		url: 'ws://x/hub',
		onStatus: (s) => statuses.push(s),
		onEvent: (e) => events.push(e),
		createSocket: () => {
			const socket = new FakeSocket()
			sockets.push(socket)
			return socket
		},
		setTimer: (callback, ms) => {
			const id = nextId++
			timers.push({ at: now + ms, callback, id })
			return id
		},
		clearTimer: (id) => {
			const index = timers.findIndex((t) => t.id === id)
			if (index >= 0) timers.splice(index, 1)
		},
	})
	const advance = (ms: number) => {
		const target = now + ms
		for (;;) {
			timers.sort((a, b) => a.at - b.at)
			const next = timers[0]
			if (!next || next.at > target) break
			timers.shift()
			now = next.at
			next.callback()
		}
		now = target
	}
	return { client, sockets, statuses, events, advance, time: () => now }
}

describe('realtime client', () => {
	test('connects 1 s after start and reports Online', () => {
		const { sockets, statuses, advance } = setup()
		advance(999)
		expect(sockets).toHaveLength(0)
		advance(1)
		expect(sockets).toHaveLength(1)
		sockets[0]?.onopen?.({})
		expect(statuses).toEqual(['Online'])
	})

	test('after four failed reconnects it stops and stays Offline', () => {
		const { sockets, statuses, advance } = setup()
		advance(1000)
		for (let attempt = 0; attempt < 10; attempt++) {
			sockets[sockets.length - 1]?.close()
			advance(60_000)
		}
		expect(sockets).toHaveLength(5) // the first connection + 4 reconnects
		expect(statuses).toEqual(['Offline', 'Offline', 'Offline', 'Offline', 'Offline'])
	})

	test('closed for being over the server’s connection cap (4429), it does not reconnect', () => {
		const { sockets, statuses, advance } = setup()
		advance(1000)
		sockets[0]?.onopen?.({})
		sockets[0]?.onclose?.({ code: HUB_CLOSE_TOO_MANY_CONNECTIONS })
		advance(60_000)
		expect(sockets).toHaveLength(1)
		expect(statuses).toEqual(['Online', 'Offline'])
	})

	test('a connection whose session ended (4401) is retried once after a second; if that fails, no more', () => {
		const { sockets, statuses, advance } = setup()
		advance(1000)
		sockets[0]?.onopen?.({})
		sockets[0]?.onclose?.({ code: HUB_CLOSE_SESSION_ENDED })
		advance(0)
		// Not at once: a renewed session's cookie may still be on its way.
		expect(sockets).toHaveLength(1)
		advance(SESSION_ENDED_RETRY_MS)
		expect(sockets).toHaveLength(2)
		sockets[1]?.onclose?.({ code: 1006 }) // the upgrade was refused: this tab is logged out
		advance(120_000)
		expect(sockets).toHaveLength(2)
		expect(statuses).toEqual(['Online', 'Offline', 'Offline'])
	})

	test('after 4401, a tab that holds a new session reconnects and keeps reconnecting as usual', () => {
		const { sockets, statuses, advance } = setup()
		advance(1000)
		sockets[0]?.onopen?.({})
		sockets[0]?.onclose?.({ code: HUB_CLOSE_SESSION_ENDED })
		advance(SESSION_ENDED_RETRY_MS)
		sockets[1]?.onopen?.({})
		expect(statuses).toEqual(['Online', 'Offline', 'Online'])
		sockets[1]?.onclose?.({ code: 1006 }) // a later network drop: the normal delays again
		advance(0)
		expect(sockets).toHaveLength(3)
	})

	test('the reconnect delays are exactly 0, 2, 10, 30 seconds', () => {
		const { sockets, advance, time } = setup()
		advance(1000)
		const delays: number[] = []
		for (let attempt = 0; attempt < 4; attempt++) {
			const closedAt = time()
			sockets[sockets.length - 1]?.close()
			const count = sockets.length
			let waited = 0
			while (sockets.length === count && waited <= 60_000) {
				advance(waited === 0 ? 0 : 500)
				waited += 500
			}
			delays.push(time() - closedAt)
		}
		expect(delays).toEqual([0, 2_000, 10_000, 30_000])
	})

	test('a successful connection resets the attempts; events are parsed and filtered', () => {
		const { sockets, events, advance } = setup()
		advance(1000)
		sockets[0]?.onopen?.({})
		sockets[0]?.onmessage?.({
			data: JSON.stringify({ type: 'HostHasNewChatMessage', guestId: 'g', count: 2 }),
		})
		sockets[0]?.onmessage?.({ data: JSON.stringify({ type: 'KeepAlive' }) })
		sockets[0]?.onmessage?.({ data: 'not json' })
		expect(events).toEqual([{ type: 'HostHasNewChatMessage', guestId: 'g', count: 2 }])
	})

	test('a silent connection is given up after the 30 s server timeout', () => {
		const { sockets, statuses, advance } = setup()
		advance(1000)
		sockets[0]?.onopen?.({})
		advance(29_000)
		expect(statuses).toEqual(['Online'])
		advance(1_001)
		expect(statuses).toEqual(['Online', 'Offline'])
	})

	test('close() stops everything', () => {
		const { client, sockets, advance } = setup()
		client.close()
		advance(60_000)
		expect(sockets).toHaveLength(0)
	})
})
