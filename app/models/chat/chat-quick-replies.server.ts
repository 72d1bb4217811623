import { and, desc, eq } from 'drizzle-orm'
import { playrooms } from '#db/schema/catalogue.ts'
import { orders } from '#db/schema/orders.ts'
import { users } from '#db/schema/users.ts'
import { TEMPLATE_LOCALES, type TemplateLocale } from '#app/domain/host-access.ts'
import { resolveTemplate } from '#app/models/host-office/template-texts.server.ts'
import { getDb, type DbOrTx } from '#app/utils/db.server.ts'
import { renderTemplate } from '#app/utils/mini-template.ts'

/**
 * Quick replies in the host's thread (issue 32): the host's ChatQuickReply template text (their
 * own, else the platform's) in the guest's language first, then in the other one, with the
 * placeholders filled from this pair — the guest's name, the host's name, and the newest order's
 * code and playroom. The text lands in the message field; the host edits and sends it.
 */
export type QuickReply = { locale: TemplateLocale; body: string }

export function quickRepliesFor(hostId: string, guestId: string, db: DbOrTx = getDb()): QuickReply[] {
	const guest = db
		.select({ displayName: users.displayName, firstName: users.firstName, lang: users.langPreference })
		.from(users)
		.where(eq(users.id, guestId))
		.get()
	const host = db.select({ displayName: users.displayName }).from(users).where(eq(users.id, hostId)).get()
	if (!guest || !host) return []
	const newest = db
		.select({ code: orders.code, playroomName: playrooms.name })
		.from(orders)
		.innerJoin(playrooms, eq(playrooms.id, orders.playroomId))
		.where(and(eq(orders.guestId, guestId), eq(orders.hostId, hostId)))
		.orderBy(desc(orders.checkIn))
		.get()
	const values = {
		guestName: guest.firstName?.trim() || guest.displayName,
		hostName: host.displayName,
		orderCode: newest?.code ?? '',
		playroomName: newest?.playroomName ?? '',
	}
	const guestLocale: TemplateLocale = guest.lang === 'en' ? 'en' : 'de'
	const locales = [guestLocale, ...TEMPLATE_LOCALES.filter((locale) => locale !== guestLocale)]
	return locales.map((locale) => ({
		locale,
		body: renderTemplate(resolveTemplate(hostId, 'ChatQuickReply', locale, db).body, values).trim(),
	}))
}
