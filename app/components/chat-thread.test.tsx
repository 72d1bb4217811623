// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { renderWithApp } from '#tests/helpers/render.tsx'
import { ChatThread, loadNewHref, type ChatThreadData, type ChatThreadMessage } from './chat-thread.tsx'

/**
 * The thread's send form with JavaScript (issue 32, ADR 0162): the message shows at once, the
 * textarea empties only then; a failed send says so with a retry that resends the SAME
 * clientMessageId; the server's row replaces it as "sent". A message that fails the schema is
 * not sent at all and the text stays.
 */
const THREAD = 'TTTTTTTTTTTTTTTT'
const API = '/api/Customer/Chat'

function row(id: number, body: string, mine: boolean): ChatThreadMessage {
	return {
		id,
		mine,
		body,
		masked: false,
		systemEvent: null,
		order: null,
		createdAt: '2026-11-27T10:00:00.000Z',
	}
}

const thread: ChatThreadData = {
	header: {
		otherDisplayName: 'Gastgeberin',
		confirmed: false,
		otherLastReadMessageId: 0,
		lastReadMessageId: 1,
	},
	messages: [row(1, 'Hallo, ist Samstag frei?', true)],
	hasEarlier: false,
	lastMessageId: 1,
	orders: [],
	clientMessageId: 'form-id-00000001',
}

afterEach(() => cleanup())

function server() {
	const rows: ChatThreadMessage[] = [...thread.messages]
	const sends: Record<string, unknown>[] = []
	let offline = true
	const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
		const url = new URL(String(input), 'http://localhost')
		const answer = (value: unknown) =>
			new Response(JSON.stringify({ success: true, value }), {
				headers: { 'Content-Type': 'application/json' },
			})
		if (url.pathname === `${API}/Send`) {
			const body = JSON.parse(String(init?.body)) as Record<string, unknown>
			sends.push(body)
			if (offline) throw new TypeError('Failed to fetch')
			const id = rows.length + 1
			rows.push(row(id, String(body.body), true))
			return answer({ threadId: THREAD, messageId: id })
		}
		if (url.pathname === `${API}/Messages`) {
			const after = Number(url.searchParams.get('after'))
			return answer({
				thread: { id: THREAD, otherLastReadMessageId: 0 },
				messages: rows.filter((message) => message.id > after),
				hasMore: false,
				lastMessageId: rows.at(-1)?.id ?? after,
			})
		}
		return answer({ threadId: THREAD, lastReadMessageId: 0 })
	})
	return { sends, spy, goOnline: () => (offline = false) }
}

describe('ChatThread with live', () => {
	test('sending, failed — retry with the same clientMessageId, then the server row', async () => {
		const fake = server()
		await renderWithApp(
			<ChatThread
				thread={thread}
				orderPath={(id) => `/guest/orders/${id}`}
				live={{ api: API, threadId: THREAD, event: 'GuestHasNewChatMessage', otherId: 'HOST' }}
			/>,
		)
		const box = screen.getByRole('textbox', { name: 'Nachricht' }) as HTMLTextAreaElement
		fireEvent.input(box, { target: { value: 'Bringt ihr Handtücher mit?' } })
		await act(async () => {
			fireEvent.click(screen.getByRole('button', { name: 'Senden' }))
		})
		const list = screen.getByTestId('chat-messages')
		const item = () => within(list).getByText('Bringt ihr Handtücher mit?').closest('li') as HTMLElement
		await waitFor(() => expect(item().dataset.status).toBe('failed'))
		expect(box.value).toBe('')
		expect(item().textContent).toContain('Nicht gesendet')
		fake.goOnline()
		await act(async () => {
			fireEvent.click(within(item()).getByRole('button', { name: 'Erneut senden' }))
		})
		await waitFor(() => expect(item().dataset.status).toBe('sent'))
		expect(item().id).toBe('message-2')
		expect(within(list).getAllByText('Bringt ihr Handtücher mit?')).toHaveLength(1)
		expect(fake.sends).toHaveLength(2)
		expect(fake.sends[0]?.clientMessageId).toBe(fake.sends[1]?.clientMessageId)
		expect(fake.sends[0]).toMatchObject({ threadId: THREAD, body: 'Bringt ihr Handtücher mit?' })
	})

	test('an empty message is not sent and nothing is added', async () => {
		const fake = server()
		await renderWithApp(
			<ChatThread
				thread={thread}
				orderPath={(id) => `/guest/orders/${id}`}
				live={{ api: API, threadId: THREAD, event: 'GuestHasNewChatMessage' }}
			/>,
		)
		await act(async () => {
			fireEvent.click(screen.getByRole('button', { name: 'Senden' }))
		})
		const box = screen.getByRole('textbox', { name: 'Nachricht' })
		await waitFor(() => expect(box.getAttribute('aria-invalid')).toBe('true'))
		expect(fake.sends).toEqual([])
		expect(within(screen.getByTestId('chat-messages')).getAllByTestId('chat-message')).toHaveLength(1)
	})
})

describe('load new messages without JavaScript', () => {
	test('the link changes the query, so the page loads again instead of only scrolling', () => {
		const href = loadNewHref(
			{ pathname: '/guest/chatMessages', search: '?playroomId=PPPPPPPPPPPPPPPP&draft=Hallo' },
			7,
		)
		expect(href).toBe('/guest/chatMessages?playroomId=PPPPPPPPPPPPPPPP&seen=7#message-7')
		expect(loadNewHref({ pathname: '/owner/chatMessages/GGGGGGGGGGGGGGGG', search: '?seen=3' }, 9)).toBe(
			'/owner/chatMessages/GGGGGGGGGGGGGGGG?seen=9#message-9',
		)
	})
})

describe('quick replies', () => {
	test('with JavaScript a quick reply fills the message field in place; nothing is sent', async () => {
		const fetchSpy = vi.spyOn(globalThis, 'fetch')
		await renderWithApp(
			<ChatThread
				thread={{ ...thread, quickReplies: [{ locale: 'de', body: 'Danke für deine Nachricht!' }] }}
				orderPath={(id) => `/host/orders/${id}`}
			/>,
			{ path: '/host/chatMessages?guestId=GGGGGGGGGGGGGGGG' },
		)
		const link = within(screen.getByTestId('chat-quick-replies')).getByRole('link')
		expect(link.getAttribute('href')).toContain('draft=Danke')
		fireEvent.click(link)
		expect((screen.getByRole('textbox') as HTMLTextAreaElement).value).toBe('Danke für deine Nachricht!')
		expect(fetchSpy).not.toHaveBeenCalled()
		fetchSpy.mockRestore()
	})
})
