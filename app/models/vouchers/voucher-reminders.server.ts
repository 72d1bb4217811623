import { and, eq, gt, isNull, lte, or, sql } from 'drizzle-orm'
import { playrooms } from '#db/schema/catalogue.ts'
import { users } from '#db/schema/users.ts'
import { voucherExpiryReminders, voucherOrders, vouchers } from '#db/schema/vouchers.ts'
import { getEnv } from '#app/utils/env.server.ts'
import { getDb, immediateTransaction, type Transaction } from '#app/utils/db.server.ts'
import { queueEmail, renderEmailLayout } from '#app/utils/email.server.ts'
import { formatAmount } from '#app/utils/format.ts'
import { formatDate } from '#app/utils/format-instant.ts'
import { getFixedT } from '#app/utils/i18n.server.ts'
import { localizePath, type Locale } from '#app/utils/locale.ts'
import { looseT } from '#app/utils/loose-t.ts'
import { voucherOrderUrl } from './voucher-order-links.server.ts'
import { voucherOrderView } from './voucher-orders.server.ts'

/**
 * The reminders before a gift voucher expires (issue 33, ADR 0171): 60 and 14 days before its
 * `validUntil`, a paid-for or given gift voucher that is Active with a positive balance e-mails its
 * holder (the account's address) or else its voucher order's buyer — in the voucher order's
 * language — with the balance, the expiry date (Europe/Berlin) and "book with this voucher".
 *
 * Each reminder is claimed once with `INSERT … ON CONFLICT DO NOTHING` on
 * `voucher_expiry_reminders` (voucher, days before) inside the IMMEDIATE transaction that queues the
 * e-mail: a second run or a second process finds it claimed and sends nothing. Only the reminder
 * that is due now is sent — a voucher first seen 10 days before its expiry gets the 14-day reminder,
 * never the 60-day one late.
 */
const DAY = 86_400_000
const BATCH = 200

/** The reminder due `validUntil - now` before the expiry: 14 within 14 days, else 60 within 60 days. */
export function dueReminder(validUntil: number, now: number): 60 | 14 | null {
	const left = validUntil - now
	if (left <= 0) return null
	if (left <= 14 * DAY) return 14
	if (left <= 60 * DAY) return 60
	return null
}

const remindable = (now: Date) =>
	and(
		eq(vouchers.kind, 'Gift'),
		eq(vouchers.status, 'Active'),
		gt(vouchers.balance, 0),
		gt(vouchers.validUntil, now),
		lte(vouchers.validUntil, new Date(now.getTime() + 60 * DAY)),
	)

type Candidate = typeof vouchers.$inferSelect

/** Who is reminded, in which language, with which links; null when nobody can be (no holder, no order). */
function reminderOf(tx: Transaction, voucher: Candidate) {
	const order = tx.select().from(voucherOrders).where(eq(voucherOrders.voucherId, voucher.id)).get()
	const holder = voucher.holderUserId
		? tx
				.select({ email: users.email, language: users.langPreference })
				.from(users)
				.where(and(eq(users.id, voucher.holderUserId), isNull(users.deletedAt)))
				.get()
		: undefined
	const to = holder?.email ?? order?.buyerEmail
	if (!to) return null
	const locale: Locale = order?.language ?? holder?.language ?? 'de'
	const { PUBLIC_URL } = getEnv()
	// A voucher order's voucher: its page's "book with this voucher" link, the code kept for checkout.
	const view = order ? voucherOrderView(order, locale, tx).voucher : null
	let bookPath = view?.bookPath ?? '/playrooms/search'
	if (!view && voucher.scope === 'Playroom' && voucher.scopePlayroomId) {
		const playroom = tx
			.select({ path: playrooms.playroomUrlPath })
			.from(playrooms)
			.where(eq(playrooms.id, voucher.scopePlayroomId))
			.get()
		if (playroom) bookPath = `/playrooms/${playroom.path}`
	}
	const query = view?.code ? `?${new URLSearchParams({ voucherCode: view.code })}` : ''
	return {
		to,
		locale,
		order,
		bookUrl: `${PUBLIC_URL}${localizePath(bookPath, locale)}${query}`,
		pageUrl: order ? voucherOrderUrl(order) : null,
	}
}

function queueReminder(
	tx: Transaction,
	voucher: Candidate,
	days: 60 | 14,
	reminder: NonNullable<ReturnType<typeof reminderOf>>,
): string {
	const { locale, order } = reminder
	const t = looseT(getFixedT(locale))
	const balance = formatAmount(voucher.balance, locale)
	const date = formatDate(voucher.validUntil ?? new Date(), locale)
	const code = `…-${voucher.codeLast4}`
	const values = { balance, date, code }
	const paragraphs = [t('voucherOrders:reminder.body', values)]
	if (reminder.pageUrl) paragraphs.push(t('voucherOrders:reminder.page', { url: reminder.pageUrl }))
	const details = [
		{ label: t('voucherOrders:mine.code'), value: code },
		{ label: t('voucherOrders:mine.balance'), value: balance },
		{ label: t('voucherOrders:mine.validUntil'), value: date },
	]
	// The GV reference names the voucher order on its admin page (its e-mails are found by it).
	if (order) details.push({ label: t('vouchers:orders.fields.reference'), value: order.code })
	const { text, html } = renderEmailLayout({
		locale,
		heading: t('voucherOrders:reminder.heading', values),
		paragraphs,
		details,
		action: { label: t('voucherOrders:reminder.action'), url: reminder.bookUrl },
		footer: t('voucherOrders:reminder.footer'),
	})
	return queueEmail(
		{
			to: reminder.to,
			subject: t('voucherOrders:reminder.subject', values),
			text,
			html,
			template: `voucherReminder.${days}`,
			locale,
		},
		tx,
	)
}

/**
 * The reminder task's work: every gift voucher whose due reminder (see dueReminder) is not claimed
 * yet, each in its own IMMEDIATE transaction (re-read, claimed, queued). Returns the e-mails' ids.
 */
export function sendVoucherExpiryReminders(now: Date): string[] {
	const due = sql`CASE WHEN ${vouchers.validUntil} <= ${now.getTime() + 14 * DAY} THEN 14 ELSE 60 END`
	const candidates = getDb()
		.select({ id: vouchers.id })
		.from(vouchers)
		.where(
			and(
				remindable(now),
				or(
					sql`${vouchers.holderUserId} IS NOT NULL`,
					sql`EXISTS (SELECT 1 FROM ${voucherOrders} WHERE ${voucherOrders.voucherId} = ${vouchers.id})`,
				),
				sql`NOT EXISTS (SELECT 1 FROM ${voucherExpiryReminders} WHERE ${voucherExpiryReminders.voucherId} = ${vouchers.id} AND ${voucherExpiryReminders.daysBefore} = ${due})`,
			),
		)
		.limit(BATCH)
		.all()
	const sent: string[] = []
	for (const { id } of candidates) {
		const emailId = immediateTransaction((tx) => {
			const voucher = tx
				.select()
				.from(vouchers)
				.where(and(eq(vouchers.id, id), remindable(now)))
				.get()
			const days = voucher?.validUntil ? dueReminder(voucher.validUntil.getTime(), now.getTime()) : null
			if (!voucher || !days) return null
			const reminder = reminderOf(tx, voucher)
			if (!reminder) return null
			const claimed = tx
				.insert(voucherExpiryReminders)
				.values({ voucherId: id, daysBefore: days, sentAt: now })
				.onConflictDoNothing()
				.returning()
				.get()
			if (!claimed) return null
			return queueReminder(tx, voucher, days, reminder)
		})
		if (emailId) sent.push(emailId)
	}
	return sent
}
