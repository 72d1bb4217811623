// @vitest-environment jsdom
import { act, cleanup, renderHook, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { RealtimeContext, type RealtimeState } from '#app/components/realtime-provider.tsx'
import { isEventOfOpenThread } from '#app/utils/chat-live.ts'
import type { RealtimeEvent, WebSocketStatus } from '#app/utils/realtime.ts'
import { mergeMessages, useLiveThread, type LiveMessage, type LiveThreadConfig } from './use-live-thread.ts'

/**
 * The live thread (issue 32, ADR 0162) against a fake server: the database's rows by id, the
 * Messages/Send/MarkRead endpoints as the API answers them. "Never lost": whatever the hub said
 * or did not say, a reconnect, visibilitychange, online or pageshow brings every row after the
 * last one shown, once and in order.
 */
const API = '/api/Customer/Chat'
const THREAD = 'TTTTTTTTTTTTTTTT'
const LIVE: LiveThreadConfig = {
	api: API,
	threadId: THREAD,
	event: 'GuestHasNewChatMessage',
	otherId: 'HOST',
}

function row(id: number, body = `Nachricht ${id}`, mine = false): LiveMessage {
	return {
		id,
		mine,
		body,
		masked: false,
		systemEvent: null,
		order: null,
		createdAt: new Date(id * 1000).toISOString(),
	}
}

type Call = { path: string; method: string; json?: Record<string, unknown> }

function fakeServer(initialRows: LiveMessage[], pageSize = 2) {
	const rows = [...initialRows]
	const calls: Call[] = []
	const sendIds = new Map<string, number>()
	let otherLastRead = 0
	let failSends = 0
	const request = vi.fn(async (path: string, options: { method?: string; json?: unknown } = {}) => {
		const json = options.json as Record<string, unknown> | undefined
		calls.push({ path, method: options.method ?? 'GET', json })
		const url = new URL(path, 'http://x')
		if (url.pathname.endsWith('/Messages')) {
			const after = Number(url.searchParams.get('after'))
			const newer = rows.filter((message) => message.id > after).sort((a, b) => a.id - b.id)
			const page = newer.slice(0, pageSize)
			return {
				thread: { id: THREAD, otherLastReadMessageId: otherLastRead },
				messages: page,
				hasMore: newer.length > pageSize,
				lastMessageId: page.at(-1)?.id ?? after,
			}
		}
		if (url.pathname.endsWith('/Send')) {
			if (failSends > 0) {
				failSends--
				throw new Error('offline')
			}
			const key = String(json?.clientMessageId)
			let id = sendIds.get(key)
			if (id === undefined) {
				id = Math.max(0, ...rows.map((message) => message.id)) + 1
				sendIds.set(key, id)
				rows.push(row(id, String(json?.body), true))
			}
			return { threadId: THREAD, messageId: id }
		}
		if (url.pathname.endsWith('/MarkRead')) return { threadId: THREAD, lastReadMessageId: json?.messageId }
		throw new Error(`unexpected ${path}`)
	})
	return {
		rows,
		calls,
		request: request as never,
		add: (...messages: LiveMessage[]) => rows.push(...messages),
		failNextSends: (count: number) => (failSends = count),
		setOtherLastRead: (id: number) => (otherLastRead = id),
		sends: () => calls.filter((call) => call.path.endsWith('/Send')),
		markReads: () => calls.filter((call) => call.path.endsWith('/MarkRead')),
	}
}

/** The realtime context by hand: a status and an emit(). */
function hub(initial: WebSocketStatus = 'Online') {
	const listeners = new Set<(event: RealtimeEvent) => void>()
	const value = (status: WebSocketStatus): RealtimeState => ({
		status,
		subscribe: (type, listener) => {
			const wrapped = (event: RealtimeEvent) => {
				if (event.type === type) listener(event)
			}
			listeners.add(wrapped)
			return () => listeners.delete(wrapped)
		},
	})
	const state = { status: initial, value: value(initial) }
	return {
		state,
		setStatus(status: WebSocketStatus) {
			state.status = status
			state.value = { ...state.value, status }
		},
		emit(event: RealtimeEvent) {
			for (const listener of listeners) listener(event)
		},
		wrapper: ({ children }: { children: React.ReactNode }) => (
			<RealtimeContext.Provider value={state.value}>{children}</RealtimeContext.Provider>
		),
	}
}

let visibility: DocumentVisibilityState = 'visible'
let focused = true

beforeEach(() => {
	visibility = 'visible'
	focused = true
	Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility })
	vi.spyOn(document, 'hasFocus').mockImplementation(() => focused)
})
afterEach(() => cleanup())

function setup(
	initialRows = [row(1), row(2)],
	options: { pageSize?: number; status?: WebSocketStatus } = {},
) {
	const server = fakeServer(initialRows, options.pageSize)
	const realtime = hub(options.status)
	const view = renderHook(
		() =>
			useLiveThread({
				live: LIVE,
				initial: { messages: initialRows, otherLastReadMessageId: 0, lastReadMessageId: 2 },
				request: server.request,
			}),
		{ wrapper: realtime.wrapper },
	)
	const ids = () => view.result.current.messages.map((message) => message.id)
	return { server, realtime, view, ids }
}

describe('mergeMessages', () => {
	test('one entry per id, ascending, a newer copy of a row wins', () => {
		expect(
			mergeMessages([row(1), row(3)], [row(2), row(3, 'neu'), row(4)]).map((m) => [m.id, m.body]),
		).toEqual([
			[1, 'Nachricht 1'],
			[2, 'Nachricht 2'],
			[3, 'neu'],
			[4, 'Nachricht 4'],
		])
	})
})

describe('useLiveThread: never lost', () => {
	test('a hub event fetches after=<last id>, page by page while hasMore, appended in order', async () => {
		const { server, realtime, ids } = setup()
		server.add(row(3), row(4), row(5))
		act(() => realtime.emit({ type: 'GuestHasNewChatMessage', hostId: 'HOST', count: 3 }))
		await waitFor(() => expect(ids()).toEqual([1, 2, 3, 4, 5]))
		const asked = server.calls.filter((call) => call.path.includes('/Messages')).map((call) => call.path)
		expect(asked).toEqual([
			`${API}/Messages?threadId=${THREAD}&after=2`,
			`${API}/Messages?threadId=${THREAD}&after=4`,
		])
	})

	test('a hint that arrives while the read cursor is being posted fetches once more', async () => {
		const { server, realtime, ids } = setup()
		const request = server.request as unknown as ReturnType<typeof vi.fn>
		const original = request.getMockImplementation() as (path: string, options?: unknown) => Promise<unknown>
		let release = () => {}
		const gate = new Promise<void>((resolve) => (release = resolve))
		request.mockImplementation(async (path: string, options?: unknown) => {
			if (path.endsWith('/MarkRead')) await gate
			return original(path, options)
		})
		server.add(row(3))
		act(() => realtime.emit({ type: 'GuestHasNewChatMessage', hostId: 'HOST', count: 1 }))
		await waitFor(() => expect(ids()).toEqual([1, 2, 3]))
		// The cursor post for 3 hangs; message 4 and its hint arrive meanwhile.
		server.add(row(4))
		act(() => realtime.emit({ type: 'GuestHasNewChatMessage', hostId: 'HOST', count: 1 }))
		release()
		await waitFor(() => expect(ids()).toEqual([1, 2, 3, 4]))
	})

	test('the socket was closed while 3 messages came: back Online, all 3 arrive in order, none twice', async () => {
		const { server, realtime, view, ids } = setup()
		act(() => realtime.setStatus('Offline'))
		view.rerender()
		server.add(row(3, 'eins'), row(4, 'zwei'), row(5, 'drei'))
		// No hub event: it was lost with the socket.
		act(() => realtime.setStatus('Online'))
		view.rerender()
		await waitFor(() => expect(ids()).toEqual([1, 2, 3, 4, 5]))
		expect(view.result.current.messages.slice(2).map((message) => message.body)).toEqual([
			'eins',
			'zwei',
			'drei',
		])
		// A late hub event for rows already shown adds nothing.
		act(() => realtime.emit({ type: 'GuestHasNewChatMessage', hostId: 'HOST', count: 3 }))
		await waitFor(() => expect(server.calls.at(-1)?.path).toContain('after=5'))
		expect(ids()).toEqual([1, 2, 3, 4, 5])
	})

	test.each(['visibilitychange', 'online', 'pageshow'] as const)(
		'%s alone fetches what was missed',
		async (name) => {
			const { server, ids } = setup()
			server.add(row(3), row(4), row(5))
			act(() => {
				if (name === 'visibilitychange') document.dispatchEvent(new Event(name))
				else window.dispatchEvent(new Event(name))
			})
			await waitFor(() => expect(ids()).toEqual([1, 2, 3, 4, 5]))
		},
	)

	test('a hidden tab does not fetch on visibilitychange to hidden', async () => {
		const { server } = setup()
		visibility = 'hidden'
		act(() => document.dispatchEvent(new Event('visibilitychange')))
		await new Promise((resolve) => setTimeout(resolve, 20))
		expect(server.calls).toEqual([])
	})

	test('the read receipts follow the other side’s cursor from the Messages answer', async () => {
		const { server, realtime, view } = setup([row(1, 'a', true), row(2, 'b', true)])
		server.setOtherLastRead(2)
		act(() => realtime.emit({ type: 'GuestHasNewChatMessage', hostId: 'HOST', count: 0 }))
		await waitFor(() => expect(view.result.current.otherLastReadMessageId).toBe(2))
	})
})

describe('useLiveThread: sending', () => {
	test('shown as sending at once, then replaced by the server row', async () => {
		const { server, view, ids } = setup()
		let sent!: Promise<void>
		act(() => {
			sent = view.result.current.send('Hallo!')
		})
		expect(view.result.current.pending.map((item) => [item.body, item.status])).toEqual([
			['Hallo!', 'sending'],
		])
		await act(() => sent)
		expect(ids()).toEqual([1, 2, 3])
		expect(view.result.current.pending).toEqual([])
		expect(view.result.current.messages.at(-1)).toMatchObject({ id: 3, body: 'Hallo!', mine: true })
		expect(server.sends()[0]?.json).toMatchObject({ threadId: THREAD, body: 'Hallo!' })
	})

	test('failed — retry resends the same clientMessageId: one row however often', async () => {
		const { server, view, ids } = setup()
		server.failNextSends(1)
		await act(() => view.result.current.send('Noch da?'))
		expect(view.result.current.pending.map((item) => [item.body, item.status])).toEqual([
			['Noch da?', 'failed'],
		])
		const id = view.result.current.pending[0]!.clientMessageId
		// A double click on "retry": the second click finds it on its way and does nothing.
		await act(() => Promise.all([view.result.current.retry(id), view.result.current.retry(id)]))
		await act(() => view.result.current.retry(id))
		const sends = server.sends().map((call) => call.json?.clientMessageId)
		expect(sends).toEqual([id, id])
		expect(server.rows.filter((message) => message.body === 'Noch da?')).toHaveLength(1)
		expect(ids()).toEqual([1, 2, 3])
		expect(view.result.current.pending).toEqual([])
	})

	test('before the thread exists, Send names the target and the thread id comes back', async () => {
		const server = fakeServer([])
		const realtime = hub()
		const none: LiveMessage[] = []
		const view = renderHook(
			() =>
				useLiveThread({
					live: { ...LIVE, threadId: null, target: { playroomId: 'PPPPPPPPPPPPPPPP' } },
					initial: { messages: none, otherLastReadMessageId: 0 },
					request: server.request,
				}),
			{ wrapper: realtime.wrapper },
		)
		await act(() => view.result.current.send('Erste Frage'))
		expect(server.sends()[0]?.json).toMatchObject({ playroomId: 'PPPPPPPPPPPPPPPP', body: 'Erste Frage' })
		expect(view.result.current.threadId).toBe(THREAD)
		expect(view.result.current.messages.map((message) => message.body)).toEqual(['Erste Frage'])
	})
})

describe('useLiveThread: the read cursor moves only while visible and focused', () => {
	test('no MarkRead while unfocused; focus marks the newest message read', async () => {
		const { server, realtime, ids } = setup()
		focused = false
		server.add(row(3))
		act(() => realtime.emit({ type: 'GuestHasNewChatMessage', hostId: 'HOST', count: 1 }))
		await waitFor(() => expect(ids()).toEqual([1, 2, 3]))
		expect(server.markReads()).toEqual([])
		focused = true
		act(() => window.dispatchEvent(new Event('focus')))
		await waitFor(() =>
			expect(server.markReads().map((call) => call.json)).toEqual([{ threadId: THREAD, messageId: 3 }]),
		)
	})

	test('visible and focused: a new message is marked read at once, once', async () => {
		const { server, realtime, ids } = setup()
		server.add(row(3))
		act(() => realtime.emit({ type: 'GuestHasNewChatMessage', hostId: 'HOST', count: 1 }))
		await waitFor(() => expect(ids()).toEqual([1, 2, 3]))
		await waitFor(() => expect(server.markReads()).toHaveLength(1))
		act(() => window.dispatchEvent(new Event('focus')))
		await new Promise((resolve) => setTimeout(resolve, 20))
		expect(server.markReads()).toHaveLength(1)
	})

	test('a hidden tab does not mark read', async () => {
		const { server, realtime, ids } = setup()
		visibility = 'hidden'
		server.add(row(3))
		act(() => realtime.emit({ type: 'GuestHasNewChatMessage', hostId: 'HOST', count: 1 }))
		await waitFor(() => expect(ids()).toEqual([1, 2, 3]))
		expect(server.markReads()).toEqual([])
	})

	test('the open thread is registered for the sound while mounted', () => {
		const { view } = setup()
		const event = { type: 'GuestHasNewChatMessage', hostId: 'HOST', count: 1 } as const
		expect(isEventOfOpenThread(event)).toBe(true)
		expect(isEventOfOpenThread({ ...event, hostId: 'OTHER' })).toBe(false)
		view.unmount()
		expect(isEventOfOpenThread(event)).toBe(false)
	})
})
