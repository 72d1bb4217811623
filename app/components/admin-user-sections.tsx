import { useTranslation } from 'react-i18next'
import { Form } from 'react-router'
import type { UserActivity } from '#app/models/admin/admin-user-activity.server.ts'
import { formatAmount } from '#app/utils/format.ts'
import { formatDateTime, formatStay } from '#app/utils/format-instant.ts'
import { useLocale } from '#app/hooks/use-root-data.ts'
import { Rows } from './detail-frame.tsx'
import { StatusBadge } from './booking-ui.tsx'
import { DetailSection } from './detail-frame.tsx'
import { LocaleLink } from './locale-link.tsx'
import { PlayroomStatusBadge } from './playroom-status.tsx'

/**
 * The admin user page's activity sections (issue 14): bookings as a guest,
 * hosted playrooms, live sessions with "End all sessions" (a real form: the
 * page's action, intent `endSessions`).
 */
export function UserOrders({
	userId,
	activity,
}: {
	userId: string
	activity: Pick<UserActivity, 'orders' | 'orderCount'>
}) {
	const { t } = useTranslation('account')
	const { t: tAdmin } = useTranslation('admin')
	const locale = useLocale()
	return (
		<DetailSection id="user-orders" title={t('admin.guestOrders')} wide>
			{activity.orders.length === 0 ? (
				<p>{t('admin.noOrders')}</p>
			) : (
				<Rows
					label={t('admin.guestOrders')}
					testId="user-orders-table"
					head={[
						tAdmin('orders.columns.code'),
						tAdmin('orders.columns.status'),
						tAdmin('orders.columns.checkIn'),
						tAdmin('orders.columns.playroom'),
						tAdmin('orders.columns.totalAmount'),
					]}
					rows={activity.orders.map((order) => [
						<LocaleLink key="code" to={`/admin/orders/${order.id}`} className="font-mono underline">
							{order.code}
						</LocaleLink>,
						<StatusBadge key="status" status={order.status} />,
						formatStay(order.checkIn, order.checkOut, locale),
						order.playroomName,
						formatAmount(order.totalAmount, locale),
					])}
				/>
			)}
			{activity.orderCount > activity.orders.length ? (
				<LocaleLink to={`/admin/orders?guestId=${userId}`} className="mt-2 inline-block underline">
					{t('admin.allOrders', { total: activity.orderCount })}
				</LocaleLink>
			) : null}
		</DetailSection>
	)
}

export function UserPlayrooms({ userId, activity }: { userId: string; activity: UserActivity }) {
	const { t } = useTranslation('account')
	const { t: tAdmin } = useTranslation('admin')
	return (
		<DetailSection id="user-playrooms" title={t('admin.hostedPlayrooms')} wide>
			{activity.playrooms.length === 0 ? (
				<p>{t('admin.noPlayrooms')}</p>
			) : (
				<Rows
					label={t('admin.hostedPlayrooms')}
					testId="user-playrooms-table"
					head={[
						tAdmin('playrooms.columns.name'),
						tAdmin('playrooms.columns.city'),
						tAdmin('playrooms.columns.status'),
					]}
					rows={activity.playrooms.map((playroom) => [
						<LocaleLink key="name" to={`/admin/playrooms/${playroom.id}`} className="underline">
							{playroom.name}
						</LocaleLink>,
						playroom.city,
						<PlayroomStatusBadge key="status" status={playroom.status} />,
					])}
				/>
			)}
			<LocaleLink to={`/admin/orders?hostId=${userId}`} className="mt-2 inline-block underline">
				{t('admin.hostOrders')}
			</LocaleLink>
		</DetailSection>
	)
}

export function UserSessions({ activity }: { activity: UserActivity }) {
	const { t } = useTranslation('account')
	const locale = useLocale()
	const when = (instant: number | null) => (instant === null ? '–' : formatDateTime(instant, locale))
	return (
		<DetailSection id="user-sessions" title={t('admin.sessions')} wide>
			{activity.sessions.length === 0 ? (
				<p>{t('admin.noSessions')}</p>
			) : (
				<>
					<Rows
						label={t('admin.sessions')}
						testId="user-sessions-table"
						head={[
							t('admin.sessionColumns.createdAt'),
							t('admin.sessionColumns.lastUsedAt'),
							t('admin.sessionColumns.expiresAt'),
							t('admin.sessionColumns.kind'),
							t('admin.sessionColumns.userAgent'),
							t('admin.ip'),
						]}
						rows={activity.sessions.map((session) => [
							when(session.createdAt),
							when(session.lastUsedAt),
							when(session.expiresAt),
							t(
								session.impersonated
									? 'admin.sessionKinds.impersonated'
									: session.persistent
										? 'admin.sessionKinds.persistent'
										: 'admin.sessionKinds.browser',
							),
							<span key="ua" className="break-all">
								{session.userAgent ?? '–'}
							</span>,
							session.ip ?? '–',
						])}
					/>
					<Form method="POST" className="mt-3">
						<input type="hidden" name="intent" value="endSessions" />
						<p className="mb-2 text-sm text-ink-muted">{t('admin.endSessionsHint')}</p>
						<button type="submit" className="btn-secondary" data-testid="end-sessions">
							{t('admin.endSessions')}
						</button>
					</Form>
				</>
			)}
		</DetailSection>
	)
}

/** The newsletter's consent and withdrawal records (issue 33, ADR 0169): the proof of each consent. */
export type NewsletterConsentEntry = {
	id: string
	createdAt: number
	action: 'Consent' | 'Withdrawal'
	source: 'Modal' | 'Page' | 'Account' | 'Unsubscribe' | 'Admin'
	email: string
	textVersion: string
	language: 'de' | 'en'
	ip: string | null
}

export function UserNewsletterConsents({ records }: { records: NewsletterConsentEntry[] }) {
	const { t } = useTranslation('newsletter')
	const { t: tc } = useTranslation()
	const locale = useLocale()
	return (
		<DetailSection id="user-newsletter-consents" title={t('admin.title')} wide>
			{records.length === 0 ? (
				<p>{t('admin.empty')}</p>
			) : (
				<Rows
					label={t('admin.title')}
					testId="user-newsletter-consents-table"
					head={[
						t('admin.time'),
						t('admin.action'),
						t('admin.source'),
						t('admin.email'),
						t('admin.textVersion'),
						t('admin.language'),
						t('admin.ip'),
					]}
					rows={records.map((record) => [
						formatDateTime(record.createdAt, locale),
						t(`admin.actions.${record.action}`),
						t(`admin.sources.${record.source}`),
						<span key="email" className="break-all">
							{record.email}
						</span>,
						record.textVersion,
						tc(`language.name.${record.language}`),
						record.ip ?? '–',
					])}
				/>
			)}
		</DetailSection>
	)
}
