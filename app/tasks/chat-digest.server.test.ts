import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { eq, isNotNull } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { chatMessages, chatReadCursors } from '#db/schema/conversations.ts'
import { users } from '#db/schema/users.ts'
import { markChatRead, sendChatMessage, type ChatCaller } from '#app/models/chat/chat.server.ts'
import { CHAT_DIGEST_TEMPLATE, sendChatDigest } from '#app/models/chat/chat-digest.server.ts'
import { getDb } from '#app/utils/db.server.ts'
import { getEnv } from '#app/utils/env.server.ts'
import { bookingFixture, daysAhead, hourlySlot, mailsTo, placeOrder } from '#tests/helpers/booking.ts'
import { createTestUser } from '#tests/helpers/users.ts'
import { chatDigestTask } from './chat-digest.server.ts'

/**
 * The chat e-mail digest (issue 32, ADR 0164): one e-mail once messages have been unread for 15
 * minutes, per the recipient's setting, in their language, masked as in the thread, inert.
 */
const MIN = 60_000
const run = promisify(execFile)

let clientIds = 0
const cid = () => `digest-${++clientIds}-${crypto.randomUUID()}`

type Frequency = 'Immediately' | 'Hourly' | 'Off'

async function pair(
	options: {
		hostLang?: 'de' | 'en'
		guestLang?: 'de' | 'en'
		hostFrequency?: Frequency
		instantBooking?: boolean
	} = {},
) {
	const fixture = await bookingFixture({ instantBooking: options.instantBooking ?? false })
	getDb()
		.update(users)
		.set({
			langPreference: options.hostLang ?? 'de',
			chatEmailFrequency: options.hostFrequency ?? 'Immediately',
		})
		.where(eq(users.id, fixture.host.id))
		.run()
	getDb()
		.update(users)
		.set({ langPreference: options.guestLang ?? 'de' })
		.where(eq(users.id, fixture.guest.id))
		.run()
	const guest: ChatCaller = { id: fixture.guest.id, role: 'Customer' }
	const host: ChatCaller = { id: fixture.host.id, role: 'Owner' }
	return { ...fixture, guestCaller: guest, hostCaller: host }
}

type Pair = Awaited<ReturnType<typeof pair>>

/** The guest writes to the host at `at` (ms); returns the thread id. */
function guestWrites(p: Pair, body: string, at: number) {
	return sendChatMessage(
		p.guestCaller,
		{ playroomId: p.playroom.id, body, clientMessageId: cid() },
		{ now: at },
	)
}

async function runAt(at: number) {
	return chatDigestTask.run({ now: new Date(at) } as never)
}

const digestsTo = (email: string) => mailsTo(email).filter((mail) => mail.template === CHAT_DIGEST_TEMPLATE)

describe('chat digest, setting "Immediately"', () => {
	test('one e-mail after 15 minutes unread, none before, none again; in the host’s language with the thread link', async () => {
		const p = await pair({ hostLang: 'en' })
		const t0 = Date.now()
		guestWrites(p, 'Ist am Samstag noch frei?', t0)

		await runAt(t0 + 14 * MIN)
		expect(digestsTo(p.host.email)).toEqual([])

		await runAt(t0 + 15 * MIN)
		await runAt(t0 + 16 * MIN)
		const mails = digestsTo(p.host.email)
		expect(mails).toHaveLength(1)
		const [mail] = mails
		expect(mail?.locale).toBe('en')
		expect(mail?.subject).toBe(`New message from ${p.guest.displayName}`)
		expect(mail?.text).toContain('Ist am Samstag noch frei?')
		const link = `${getEnv().PUBLIC_URL}/en/host/chatMessages?guestId=${p.guest.id}`
		expect(mail?.text).toContain(link)
		expect(mail?.html).toContain(`href="${link.replace(/&/g, '&amp;')}"`)
		// The guest got nothing: their own message is not news to them.
		expect(digestsTo(p.guest.email)).toEqual([])
		const cursor = getDb()
			.select()
			.from(chatReadCursors)
			.where(eq(chatReadCursors.participantId, p.host.id))
			.get()
		expect(cursor?.lastEmailedAt?.getTime()).toBe(t0 + 15 * MIN)
		expect(cursor?.lastEmailedMessageId).toBeGreaterThan(0)
	})

	test('a message read within the 15 minutes is never e-mailed', async () => {
		const p = await pair()
		const t0 = Date.now()
		const sent = guestWrites(p, 'Frage', t0)
		markChatRead(p.hostCaller, sent.threadId, sent.messageId, { now: t0 + 10 * MIN })
		await runAt(t0 + 20 * MIN)
		await runAt(t0 + 2 * 60 * MIN)
		expect(digestsTo(p.host.email)).toEqual([])
	})

	test('at most one e-mail per thread per hour; the next one carries only what is new', async () => {
		const p = await pair()
		const t0 = Date.now()
		guestWrites(p, 'Erste Frage', t0)
		await runAt(t0 + 15 * MIN)
		guestWrites(p, 'Zweite Frage', t0 + 20 * MIN)
		await runAt(t0 + 40 * MIN)
		await runAt(t0 + 70 * MIN)
		expect(digestsTo(p.host.email)).toHaveLength(1)
		await runAt(t0 + 75 * MIN)
		const mails = digestsTo(p.host.email)
		expect(mails).toHaveLength(2)
		expect(mails[1]?.text).toContain('Zweite Frage')
		expect(mails[1]?.text).not.toContain('Erste Frage')
	})

	test('the guest gets the host’s answer in German, with the guest’s link', async () => {
		const p = await pair({ guestLang: 'de' })
		const t0 = Date.now()
		const { threadId } = guestWrites(p, 'Hallo', t0)
		sendChatMessage(
			p.hostCaller,
			{ threadId, body: 'Ja, Samstag ist frei.', clientMessageId: cid() },
			{ now: t0 + MIN },
		)
		await runAt(t0 + 16 * MIN)
		const [mail] = digestsTo(p.guest.email)
		expect(mail?.subject).toBe(`Neue Nachricht von ${p.host.displayName}`)
		expect(mail?.text).toContain('Ja, Samstag ist frei.')
		expect(mail?.text).toContain(`${getEnv().PUBLIC_URL}/guest/chatMessages?hostId=${p.host.id}`)
		expect(mail?.html).toContain('Unterhaltung öffnen und antworten')
	})
})

describe('chat digest, other settings', () => {
	test('"Off" sends nothing', async () => {
		const p = await pair({ hostFrequency: 'Off' })
		const t0 = Date.now()
		guestWrites(p, 'Hallo?', t0)
		await runAt(t0 + 20 * MIN)
		await runAt(t0 + 3 * 60 * MIN)
		expect(digestsTo(p.host.email)).toEqual([])
	})

	test('"Hourly" bundles all threads in one e-mail and sends at most one per hour', async () => {
		const a = await pair({ hostFrequency: 'Hourly', hostLang: 'en' })
		const guestB = await createTestUser({ role: 'Customer' })
		const guestC = await createTestUser({ role: 'Customer' })
		const t0 = Date.now()
		guestWrites(a, 'Frage von A', t0)
		sendChatMessage(
			{ id: guestB.id, role: 'Customer' },
			{ playroomId: a.playroom.id, body: 'Frage von B', clientMessageId: cid() },
			{ now: t0 + 5 * MIN },
		)
		await runAt(t0 + 15 * MIN)
		const first = digestsTo(a.host.email)
		expect(first).toHaveLength(1)
		expect(first[0]?.subject).toBe('New messages in 2 conversations')
		expect(first[0]?.text).toContain('Frage von A')
		expect(first[0]?.text).toContain('Frage von B')

		// A new thread 20 minutes later would be e-mailed at once under "Immediately"; hourly waits.
		sendChatMessage(
			{ id: guestC.id, role: 'Customer' },
			{ playroomId: a.playroom.id, body: 'Frage von C', clientMessageId: cid() },
			{ now: t0 + 20 * MIN },
		)
		await runAt(t0 + 40 * MIN)
		await runAt(t0 + 74 * MIN)
		expect(digestsTo(a.host.email)).toHaveLength(1)
		await runAt(t0 + 75 * MIN)
		const mails = digestsTo(a.host.email)
		expect(mails).toHaveLength(2)
		expect(mails[1]?.text).toContain('Frage von C')
		expect(mails[1]?.text).not.toContain('Frage von A')
	})
})

describe('chat digest content', () => {
	test('contact details are masked before a confirmed order, as in the thread, and shown after', async () => {
		const p = await pair()
		const t0 = Date.now()
		guestWrites(p, 'Ruf mich an: 0170 1234567 oder schreib an anna@example.org', t0)
		await runAt(t0 + 15 * MIN)
		const [masked] = digestsTo(p.host.email)
		expect(masked?.text).toContain('Ruf mich an: ••• oder schreib an •••')
		expect(masked?.text).not.toContain('1234567')
		expect(masked?.html).not.toContain('anna@example.org')
		expect(masked?.text).toContain('bis zur bestätigten Buchung ausgeblendet')

		const confirmed = await pair({ instantBooking: true })
		placeOrder(confirmed, { ...hourlySlot('2026-06-10', 10), paymentMethod: 'OnSite' })
		guestWrites(confirmed, 'Meine Nummer: 0170 1234567', t0)
		await runAt(t0 + 15 * MIN)
		const [shown] = digestsTo(confirmed.host.email)
		expect(shown?.text).toContain('Meine Nummer: 0170 1234567')
	})

	test('XSS: HTML and javascript: links in a message are inert text in the e-mail', async () => {
		const p = await pair()
		const t0 = Date.now()
		guestWrites(p, '<img src=x onerror=alert(1)> und javascript:alert(document.cookie)', t0)
		await runAt(t0 + 15 * MIN)
		const [mail] = digestsTo(p.host.email)
		if (!mail) throw new Error('no digest')
		expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;')
		expect(mail.html).not.toContain('<img src=x')
		expect(mail.html).toContain('javascript:alert(document.cookie)')
		const hrefs = [...mail.html.matchAll(/href="([^"]*)"/g)].map((match) => match[1] ?? '')
		expect(hrefs.length).toBeGreaterThan(0)
		for (const href of hrefs) expect(href).toMatch(/^https?:\/\//)
	})

	test('a long thread shows its newest 10 messages and counts the earlier ones', async () => {
		const p = await pair({ hostLang: 'en' })
		const t0 = Date.now()
		for (let i = 1; i <= 12; i++) guestWrites(p, `Nachricht Nummer ${i}.`, t0 + i * 1000)
		await runAt(t0 + 16 * MIN)
		const [mail] = digestsTo(p.host.email)
		expect(mail?.subject).toBe(`12 new messages from ${p.guest.displayName}`)
		expect(mail?.text).toContain('Plus 2 earlier messages in the conversation.')
		expect(mail?.text).not.toContain('Nachricht Nummer 2.')
		expect(mail?.text).toContain('Nachricht Nummer 3.')
		expect(mail?.text).toContain('Nachricht Nummer 12.')
	})

	test('booking system lines alone send no digest', async () => {
		const p = await pair()
		placeOrder(p, hourlySlot(daysAhead(10), 10), { now: Date.now() })
		const lines = getDb()
			.select({ event: chatMessages.systemEvent })
			.from(chatMessages)
			.where(isNotNull(chatMessages.systemEvent))
			.all()
		expect(lines.some((line) => line.event === 'RequestSent')).toBe(true)
		await runAt(Date.now() + 30 * MIN)
		expect(digestsTo(p.host.email)).toEqual([])
		expect(digestsTo(p.guest.email)).toEqual([])
	})

	test('a claim twice at the same instant sends one e-mail', async () => {
		const p = await pair()
		const t0 = Date.now()
		guestWrites(p, 'Doppelt?', t0)
		const now = new Date(t0 + 15 * MIN)
		expect(sendChatDigest(p.host.id, now)).not.toBeNull()
		expect(sendChatDigest(p.host.id, now)).toBeNull()
		expect(digestsTo(p.host.email)).toHaveLength(1)
	})
})

test('two processes running the digest at once send one e-mail', async () => {
	const p = await pair()
	const t0 = Date.now()
	guestWrites(p, 'Wer schickt mich?', t0)
	getDb().$client.pragma('wal_checkpoint(TRUNCATE)')
	const worker = path.resolve('tests/fixtures/chat-digest-worker.ts')
	const tsx = path.resolve('node_modules/.bin/tsx')
	const barrier = fs.mkdtempSync(path.join(os.tmpdir(), 'digest-barrier-'))
	const env = {
		...process.env,
		DATABASE_PATH: getEnv().DATABASE_PATH,
		BARRIER_DIR: barrier,
		WORKERS: '2',
		DIGEST_NOW: String(t0 + 15 * MIN),
	}
	try {
		const outputs = await Promise.all(
			[0, 1].map(() =>
				run(tsx, [worker], { env }).then(({ stdout }) =>
					JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}'),
				),
			),
		)
		// Both processes ran the whole digest (no lease in between); only one of them sent.
		expect(outputs.every((o: { itemsProcessed?: number }) => typeof o.itemsProcessed === 'number')).toBe(true)
	} finally {
		fs.rmSync(barrier, { recursive: true, force: true })
	}
	expect(digestsTo(p.host.email)).toHaveLength(1)
	const cursors = getDb()
		.select()
		.from(chatReadCursors)
		.where(eq(chatReadCursors.participantId, p.host.id))
		.all()
	expect(cursors).toHaveLength(1)
}, 60_000)
