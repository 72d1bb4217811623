import { createHash, randomBytes } from 'node:crypto'
import Database from 'better-sqlite3'
import { RETURNING_VISITOR } from './harness.ts'

/**
 * Rows the benches write straight into a bench server's database (as the e2e helpers do): login
 * sessions, many users, a long guest–host thread. Plain SQL on a better-sqlite3 handle, so a bench
 * can seed the database of a server it started; `chat-seed.test.ts` checks that the app's own
 * model reads what these write.
 */

/** Opens a bench server's database (WAL: the running server sees the rows at its next read). */
export function openBenchDatabase(databasePath: string): Database.Database {
	const db = new Database(databasePath)
	db.pragma('busy_timeout = 5000')
	return db
}

function randomId(): string {
	return randomBytes(12).toString('base64url')
}

/** The id of a user by e-mail (the demo accounts: host@example.com, guest@example.com, …). */
export function userIdByEmail(db: Database.Database, email: string): string {
	const user = db.prepare('SELECT id FROM users WHERE email = ?').get(email) as { id: string } | undefined
	if (!user) throw new Error(`no user ${email}`)
	return user.id
}

/** A persistent login session for a user, valid for a day; returns the `auth.token` cookie value. */
export function insertSession(db: Database.Database, userId: string, now = Date.now()): string {
	const token = randomBytes(32).toString('base64url')
	db.prepare(
		'INSERT INTO sessions (id, user_id, created_at, expires_at, persistent) VALUES (?, ?, ?, ?, 1)',
	).run(createHash('sha256').update(token).digest('hex'), userId, now, now + 86_400_000)
	return token
}

/** A returning visitor's cookies with a login session of the user with this e-mail. */
export function sessionCookie(databasePath: string, email: string): string {
	const db = openBenchDatabase(databasePath)
	try {
		return `${RETURNING_VISITOR.Cookie}; auth.token=${insertSession(db, userIdByEmail(db, email))}`
	} finally {
		db.close()
	}
}

/**
 * `count` confirmed users of a role, each with one login session; returns their ids and the
 * `auth.token=…` cookies (one per user, shared by that user's tabs as a browser shares it).
 */
export function insertUsersWithSessions(
	db: Database.Database,
	options: { role: 'Customer' | 'Owner'; count: number; prefix: string },
): { id: string; cookie: string }[] {
	const now = Date.now()
	const insert = db.prepare(
		`INSERT INTO users (id, email, email_confirmed_at, role, display_name, created_at, updated_at)
		 VALUES (?, ?, ?, ?, ?, ?, ?)`,
	)
	return db.transaction(() =>
		Array.from({ length: options.count }, (_, index) => {
			const id = randomId()
			const name = `${options.prefix}-${index}-${id.slice(0, 6)}`
			insert.run(id, `${name}@bench.test`.toLowerCase(), now, options.role, name, now, now)
			return { id, cookie: `auth.token=${insertSession(db, id, now)}` }
		}),
	)()
}

const BODIES = [
	'Hallo! Habt ihr am Samstag noch einen Raum für zwölf Kinder frei?',
	'Ja, der große Raum ist frei. Bringt ihr eigene Deko mit?',
	'Danke! Dürfen wir einen Kuchen mitbringen und gibt es einen Kühlschrank?',
	'Klar, ein Kühlschrank steht in der Küche, Geschirr ist auch da. Kerzen bitte nur auf dem Tisch am Fenster.',
	'Super. Wir kommen gegen 14 Uhr, ist das zu früh? Der Aufbau dauert bei uns ungefähr eine halbe Stunde, und die Großeltern wollen auch schon früher da sein.',
	'Passt. Schreibt mir kurz, wenn ihr vor der Tür steht: 0221 1234567 oder mail@example.com, Infos auf https://example.com/anfahrt.',
	'Ok 👍',
]

/**
 * A guest–host thread with `messages` messages (the pair's thread if it exists, otherwise a new
 * one), written as the app writes them: guest and host alternately, ids ascending a second apart up to now,
 * every tenth with the pair's newest order as a chip (if they have one), the conversation's last
 * message and both read cursors at the newest one (so opening the page writes nothing).
 */
export function seedChatThread(
	db: Database.Database,
	options: { guestId: string; hostId: string; messages: number; now?: number },
): { threadId: string; lastMessageId: number } {
	const now = options.now ?? Date.now()
	return db.transaction(() => {
		const existing = db
			.prepare("SELECT id FROM conversations WHERE kind = 'GuestHost' AND user_id = ? AND host_id = ?")
			.get(options.guestId, options.hostId) as { id: string } | undefined
		const threadId = existing?.id ?? randomId()
		if (!existing) {
			db.prepare(
				"INSERT INTO conversations (id, kind, user_id, host_id, created_at, updated_at) VALUES (?, 'GuestHost', ?, ?, ?, ?)",
			).run(threadId, options.guestId, options.hostId, now, now)
		}
		const order = db
			.prepare('SELECT id FROM orders WHERE guest_id = ? AND host_id = ? ORDER BY check_in DESC LIMIT 1')
			.get(options.guestId, options.hostId) as { id: string } | undefined
		const insert = db.prepare(
			`INSERT INTO chat_messages (conversation_id, author_id, author_role, body, order_id, client_message_id, created_at)
			 VALUES (?, ?, ?, ?, ?, ?, ?)`,
		)
		let lastMessageId = 0
		let lastAt = now
		for (let index = 0; index < options.messages; index++) {
			const fromGuest = index % 2 === 0
			lastAt = now - (options.messages - 1 - index) * 1_000
			lastMessageId = Number(
				insert.run(
					threadId,
					fromGuest ? options.guestId : options.hostId,
					fromGuest ? 'Guest' : 'Host',
					`${BODIES[index % BODIES.length]} (#${index + 1})`,
					order && index % 10 === 0 ? order.id : null,
					`bench-${randomId()}`,
					lastAt,
				).lastInsertRowid,
			)
		}
		if (lastMessageId) {
			db.prepare(
				'UPDATE conversations SET last_message_id = ?, last_message_at = ?, updated_at = ? WHERE id = ?',
			).run(lastMessageId, lastAt, now, threadId)
			const cursor = db.prepare(
				`INSERT INTO chat_read_cursors (conversation_id, participant_id, last_read_message_id, updated_at)
				 VALUES (?, ?, ?, ?)
				 ON CONFLICT (conversation_id, participant_id) DO UPDATE SET last_read_message_id = excluded.last_read_message_id`,
			)
			for (const participant of [options.guestId, options.hostId])
				cursor.run(threadId, participant, lastMessageId, now)
		}
		return { threadId, lastMessageId }
	})()
}
