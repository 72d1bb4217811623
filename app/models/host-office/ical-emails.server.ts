import { eq } from 'drizzle-orm'
import { playrooms } from '#db/schema/catalogue.ts'
import { users } from '#db/schema/users.ts'
import { type DbOrTx } from '#app/utils/db.server.ts'
import { queueEmail, renderEmailLayout } from '#app/utils/email.server.ts'
import { getEnv } from '#app/utils/env.server.ts'
import { formatStay } from '#app/utils/format-instant.ts'
import { getFixedT } from '#app/utils/i18n.server.ts'
import { localizePath } from '#app/utils/locale.ts'
import { looseT } from '#app/utils/loose-t.ts'

/**
 * "An imported event overlaps a booking" (issue 13): one e-mail per sync to
 * the playroom's host, in the host's language, naming each new imported
 * event (its title and time) and each order it overlaps (code and time, with
 * a link). Queued inside the sync's transaction, so it exists exactly when the
 * blocks were stored; only periods that are new in this sync are reported.
 */
export type IcalOverlap = {
	period: { start: number; end: number; summary: string }
	order: { orderId: string; code: string; checkIn: Date; checkOut: Date }
}

export function queueIcalOverlapEmail(
	playroomId: string,
	feedUrl: string,
	overlaps: IcalOverlap[],
	db: DbOrTx,
) {
	const host = db
		.select({ email: users.email, locale: users.langPreference, playroom: playrooms.name })
		.from(playrooms)
		.innerJoin(users, eq(users.id, playrooms.hostId))
		.where(eq(playrooms.id, playroomId))
		.get()
	if (!host) return
	const { locale } = host
	const t = looseT(getFixedT(locale))
	const origin = getEnv().PUBLIC_URL
	const first = overlaps[0]
	const content = renderEmailLayout({
		locale,
		heading: t('hostIcal:overlapEmail.heading', { playroom: host.playroom }),
		paragraphs: [
			t('hostIcal:overlapEmail.intro', { playroom: host.playroom, url: feedUrl }),
			...overlaps.map(({ period, order }) =>
				t('hostIcal:overlapEmail.item', {
					event: period.summary || t('hostIcal:overlapEmail.untitled'),
					eventTime: formatStay(period.start, period.end, locale),
					code: order.code,
					orderTime: formatStay(order.checkIn, order.checkOut, locale),
				}),
			),
			t('hostIcal:overlapEmail.advice'),
		],
		action: first
			? {
					label: t('hostIcal:overlapEmail.action', { code: first.order.code }),
					url: `${origin}${localizePath(`/host/orders/${first.order.orderId}`, locale)}`,
				}
			: undefined,
		footer: t('hostIcal:overlapEmail.footer'),
	})
	queueEmail(
		{
			to: host.email,
			subject: t('hostIcal:overlapEmail.subject', { playroom: host.playroom, code: first?.order.code ?? '' }),
			...content,
			template: 'icalOverlap',
			locale,
		},
		db,
	)
}
