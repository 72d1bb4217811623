// @vitest-environment jsdom
import { act, cleanup, render, waitFor } from '@testing-library/react'
import { createRoutesStub } from 'react-router'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { RealtimeContext, type RealtimeState } from '#app/components/realtime-provider.tsx'
import { requestStatusRefresh } from '#app/utils/chat-live.ts'
import type { RealtimeEvent } from '#app/utils/realtime.ts'
import { useStatusPolling } from './use-status-polling.ts'

/**
 * The sidebar badges follow a chat message or a read at once (issue 32, ADR 0162): a chat hub
 * event and `requestStatusRefresh()` (the live thread after MarkRead) ask the status endpoint
 * now, not at the next 30-second tick.
 */
afterEach(() => cleanup())

function setup() {
	const listeners = new Set<(event: RealtimeEvent) => void>()
	const realtime: RealtimeState = {
		status: 'Online',
		subscribe: (type, listener) => {
			const wrapped = (event: RealtimeEvent) => {
				if (event.type === type) listener(event)
			}
			listeners.add(wrapped)
			return () => listeners.delete(wrapped)
		},
	}
	const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(
		async () =>
			new Response(
				JSON.stringify({
					success: true,
					value: { unreadMessageCount: 0, unreadChatMessageCount: 1, newOrderCount: 0 },
				}),
				{ headers: { 'Content-Type': 'application/json' } },
			),
	)
	function Badges() {
		const counts = useStatusPolling('/api/Customer/Status', {
			unreadMessageCount: 0,
			unreadChatMessageCount: 1,
			newOrderCount: 0,
		})
		return <p>{counts?.unreadChatMessageCount}</p>
	}
	const Stub = createRoutesStub([{ path: '/', Component: Badges }])
	render(
		<RealtimeContext.Provider value={realtime}>
			<Stub />
		</RealtimeContext.Provider>,
	)
	const polls = () => fetchSpy.mock.calls.filter(([url]) => url === '/api/Customer/Status').length
	return {
		polls,
		emit: (event: RealtimeEvent) => listeners.forEach((listener) => listener(event)),
	}
}

describe('useStatusPolling: prompt refresh', () => {
	test('a chat hub event asks the status endpoint at once', async () => {
		const { polls, emit } = setup()
		await waitFor(() => expect(document.body.textContent).toContain('1'))
		expect(polls()).toBe(0)
		act(() => emit({ type: 'HostHasNewChatMessage', guestId: 'GUEST', count: 2 }))
		await waitFor(() => expect(polls()).toBe(1))
		act(() => emit({ type: 'GuestHasNewChatMessage', hostId: 'HOST', count: 1 }))
		await waitFor(() => expect(polls()).toBe(2))
	})

	test('a read in the live thread (requestStatusRefresh) asks at once', async () => {
		const { polls } = setup()
		await waitFor(() => expect(document.body.textContent).toContain('1'))
		act(() => requestStatusRefresh())
		await waitFor(() => expect(polls()).toBe(1))
	})
})
