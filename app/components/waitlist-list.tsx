import { useTranslation } from 'react-i18next'
import type { BookingType } from '#db/schema/catalogue.ts'
import type { WaitlistView } from '#app/models/booking/waitlist.server.ts'
import { formatDate, formatDateTime, formatTime } from '#app/utils/format-instant.ts'
import { useLocale, useLocalizePath } from '#app/hooks/use-root-data.ts'
import { LocaleLink } from './locale-link.tsx'

export type WaitlistEntryView = {
	id: string
	bookingType: BookingType
	startsAt: Date
	status: WaitlistView
	offerExpiresAt: Date | null
	playroomName: string
	playroomUrlPath: string
	city: string
	canLeave: boolean
	checkoutPath: string | null
}

const TONE: Record<WaitlistView, string> = {
	Waiting: 'border-warning text-warning',
	Offered: 'border-success text-success',
	Booked: 'border-line text-ink-muted',
	Expired: 'border-line text-ink-muted',
}

/**
 * The "Waitlist" tab of /guest/orders: the guest's own entries — Waiting,
 * Offered (until …) with the checkout link, Booked, Expired — each active one
 * with a plain "leave" form (works without JavaScript).
 */
export function WaitlistList({ entries }: { entries: WaitlistEntryView[] }) {
	const { t } = useTranslation('waitlist')
	const { t: tc } = useTranslation('catalogue')
	const locale = useLocale()
	const localize = useLocalizePath()
	if (entries.length === 0) {
		return (
			<div className="card">
				<p>{t('list.empty')}</p>
			</div>
		)
	}
	return (
		<ul className="flex flex-col gap-3" aria-label={t('list.title')}>
			{entries.map((entry) => (
				<li
					key={entry.id}
					className="card flex flex-wrap items-center justify-between gap-3"
					data-testid="waitlist-row"
				>
					<div>
						<p className="font-semibold">
							<LocaleLink to={`/playrooms/${entry.playroomUrlPath}`} className="link">
								{entry.playroomName}
							</LocaleLink>
						</p>
						<p className="text-sm">
							{t('list.when', {
								date: formatDate(entry.startsAt, locale),
								time: formatTime(entry.startsAt, locale),
								bookingType: tc(`bookingTypes.${entry.bookingType}`),
							})}
						</p>
						<p className="text-sm text-ink-muted">{entry.city}</p>
					</div>
					<div className="flex flex-wrap items-center gap-2">
						<span
							className={`inline-block rounded-full border px-2 py-0.5 text-xs font-semibold ${TONE[entry.status]}`}
							data-testid="waitlist-status"
							data-status={entry.status}
						>
							{t(`statuses.${entry.status}`, {
								until: entry.offerExpiresAt ? formatDateTime(entry.offerExpiresAt, locale) : '',
							})}
						</span>
						{entry.checkoutPath ? (
							<a href={localize(entry.checkoutPath)} className="btn-primary">
								{t('list.book')}
							</a>
						) : null}
						{entry.canLeave ? (
							<form method="post" action="/resources/waitlist">
								<input type="hidden" name="intent" value="leave" />
								<input type="hidden" name="entryId" value={entry.id} />
								<input type="hidden" name="redirectTo" value={localize('/guest/orders?tab=waiting')} />
								<button type="submit" className="btn-secondary">
									{t('list.leave')}
								</button>
							</form>
						) : null}
					</div>
				</li>
			))}
		</ul>
	)
}
