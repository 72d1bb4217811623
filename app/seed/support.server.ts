import { eq } from 'drizzle-orm'
import { users } from '#db/schema/users.ts'
import {
	markSupportRead,
	sendSupportMessage,
	setSupportStatus,
	type SupportCaller,
} from '#app/models/chat/support.server.ts'
import type { SeedContext, SeedStep } from './types.ts'

const MINUTE = 60_000

function caller(ctx: SeedContext, email: string): SupportCaller | null {
	const row = ctx.db
		.select({ id: users.id, role: users.role })
		.from(users)
		.where(eq(users.email, email))
		.get()
	return row ?? null
}

/**
 * Demo support chat (issue 32, ADR 0163): the demo guest's question answered by the admin (read,
 * so waiting for the guest), the demo host's open question no admin has read yet, and a resolved
 * thread whose answer guest2 has not read — so /support and /admin/support have something to show.
 */
export const supportSeedStep: SeedStep = {
	name: 'support',
	run: (ctx) => {
		const admin = caller(ctx, 'admin@example.com')
		if (!admin) return
		const at = (minutesAgo: number) => ({ now: ctx.now.getTime() - minutesAgo * MINUTE })
		let threads = 0
		const guest = caller(ctx, 'guest@example.com')
		if (guest) {
			const asked = sendSupportMessage(
				guest,
				'user',
				{
					body: 'Hallo! Kann ich eine Buchung auf einen anderen Tag verschieben?',
					clientMessageId: 'seed-support-0001',
				},
				at(240),
			)
			const answer = sendSupportMessage(
				admin,
				'platform',
				{
					threadId: asked.threadId,
					body: 'Hallo! Storniere die Buchung kostenlos bis 48 Stunden vorher und buche den neuen Tag – oder schreib dem Gastgeber im Chat.',
					clientMessageId: 'seed-support-0002',
				},
				at(200),
			)
			markSupportRead(guest, 'user', asked.threadId, answer.messageId, at(190))
			threads++
		}
		const host = caller(ctx, 'host@example.com')
		if (host) {
			sendSupportMessage(
				host,
				'user',
				{
					body: 'Wann wird die Auszahlung für die Buchungen vom letzten Wochenende überwiesen?',
					clientMessageId: 'seed-support-0003',
				},
				at(15),
			)
			threads++
		}
		const guest2 = caller(ctx, 'guest2@example.com')
		if (guest2) {
			const asked = sendSupportMessage(
				guest2,
				'user',
				{
					body: 'Ich habe mein Passwort vergessen – wie komme ich wieder rein?',
					clientMessageId: 'seed-support-0004',
				},
				at(600),
			)
			sendSupportMessage(
				admin,
				'platform',
				{
					threadId: asked.threadId,
					body: 'Über „Passwort vergessen“ im Anmeldefenster bekommst du einen Link per E-Mail.',
					clientMessageId: 'seed-support-0005',
				},
				at(580),
			)
			setSupportStatus(admin, asked.threadId, 'Resolved', at(570))
			threads++
		}
		ctx.log(`${threads} support threads`)
	},
}
