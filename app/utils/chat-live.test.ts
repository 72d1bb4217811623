import { describe, expect, test } from 'vitest'
import { plingSamples } from '../../scripts/make-pling.ts'
import { isEventOfOpenThread, registerOpenThread, shouldPlayChatSound, type OpenThread } from './chat-live.ts'

/**
 * Who hears the pling (spec §2, issue 32, ADR 0162): a logged-in user for a chat-message event,
 * never a displayName ending in 'Test', not while that very thread is open and visible.
 */
const toGuest = { type: 'GuestHasNewChatMessage', hostId: 'HOST-A', count: 1 } as const
const toHost = { type: 'HostHasNewChatMessage', guestId: 'GUEST-A', count: 2 } as const
const anna = { displayName: 'Anna' }

describe('shouldPlayChatSound', () => {
	test('a chat message for a logged-in user plays, in the background and on another page', () => {
		expect(shouldPlayChatSound({ event: toGuest, user: anna, visible: true, openThreads: [] })).toBe(true)
		expect(shouldPlayChatSound({ event: toHost, user: anna, visible: false, openThreads: [] })).toBe(true)
	})

	test('never for a displayName ending in "Test", nor without a user', () => {
		for (const displayName of ['Anna Test', 'GastTest', 'Host Test ']) {
			expect(
				shouldPlayChatSound({ event: toGuest, user: { displayName }, visible: false, openThreads: [] }),
			).toBe(false)
		}
		expect(
			shouldPlayChatSound({ event: toGuest, user: { displayName: 'Testa' }, visible: true, openThreads: [] }),
		).toBe(true)
		expect(shouldPlayChatSound({ event: toGuest, user: null, visible: true, openThreads: [] })).toBe(false)
	})

	test('not while that very thread is open and visible; another thread or a hidden tab plays', () => {
		const open: OpenThread[] = [{ event: 'GuestHasNewChatMessage', otherId: 'HOST-A' }]
		expect(shouldPlayChatSound({ event: toGuest, user: anna, visible: true, openThreads: open })).toBe(false)
		expect(shouldPlayChatSound({ event: toGuest, user: anna, visible: false, openThreads: open })).toBe(true)
		const other = { ...toGuest, hostId: 'HOST-B' }
		expect(shouldPlayChatSound({ event: other, user: anna, visible: true, openThreads: open })).toBe(true)
		// The same id under the other event type is another thread.
		const hostSide: OpenThread[] = [{ event: 'HostHasNewChatMessage', otherId: 'HOST-A' }]
		expect(shouldPlayChatSound({ event: toGuest, user: anna, visible: true, openThreads: hostSide })).toBe(
			true,
		)
	})

	test('a support answer plays too, except in that open support thread', () => {
		const support = { type: 'SupportHasNewMessage', conversationId: 'THREAD-S', count: 1 } as const
		expect(shouldPlayChatSound({ event: support, user: anna, visible: true, openThreads: [] })).toBe(true)
		const open: OpenThread[] = [{ event: 'SupportHasNewMessage', otherId: 'THREAD-S' }]
		expect(shouldPlayChatSound({ event: support, user: anna, visible: true, openThreads: open })).toBe(false)
	})

	test('other events never play', () => {
		const seed = { type: 'SeedProgress', step: 'x', done: 1, total: 2 } as never
		expect(shouldPlayChatSound({ event: seed, user: anna, visible: false, openThreads: [] })).toBe(false)
	})

	test('the registry of open threads: registered while mounted, gone after', () => {
		const unregister = registerOpenThread({ event: 'HostHasNewChatMessage', otherId: 'GUEST-A' })
		expect(isEventOfOpenThread(toHost)).toBe(true)
		expect(shouldPlayChatSound({ event: toHost, user: anna, visible: true })).toBe(false)
		unregister()
		expect(isEventOfOpenThread(toHost)).toBe(false)
		expect(shouldPlayChatSound({ event: toHost, user: anna, visible: true })).toBe(true)
	})
})

describe('public/sounds/pling.mp3', () => {
	test('is committed, an MP3 under 20 KB', async () => {
		const { readFileSync } = await import('node:fs')
		const mp3 = readFileSync(new URL('../../public/sounds/pling.mp3', import.meta.url))
		expect(mp3.length).toBeGreaterThan(1_000)
		expect(mp3.length).toBeLessThan(20_000)
		// An MPEG audio frame sync (no ID3 tag): 11 set bits.
		expect(mp3[0]).toBe(0xff)
		expect(mp3[1]! & 0xe0).toBe(0xe0)
	})

	test('the synthesised pling is short, starts soft and fades out', () => {
		const samples = plingSamples(22_050, 0.5)
		expect(samples.length).toBe(11_025)
		const peak = (from: number, to: number) => Math.max(...samples.slice(from, to).map(Math.abs))
		expect(peak(0, 10)).toBeLessThan(0.1)
		expect(peak(0, 2_000)).toBeGreaterThan(0.3)
		expect(peak(10_000, 11_025)).toBeLessThan(0.05)
		expect(peak(0, 11_025)).toBeLessThanOrEqual(1)
	})
})
