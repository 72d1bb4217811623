import { useTranslation } from 'react-i18next'
import type { Route } from './+types/owner-calendar.ts'
import { BlockForm } from '#app/components/block-form.tsx'
import { CalendarAgenda, CalendarNav, type CalendarHref } from '#app/components/host-calendar-views.tsx'
import { LocaleLink } from '#app/components/locale-link.tsx'
import { requireRole } from '#app/utils/auth.server.ts'
import { calendarPath } from '#app/utils/calendar-path.ts'
import { formatLocalDate } from '#app/utils/format.ts'
import { pageTitle } from '#app/utils/page-title.ts'
import { useLocale } from '#app/hooks/use-root-data.ts'
import { calendarPageAction, loadCalendarPage } from './calendar-page.server.ts'

/**
 * /owner/calendar (issue 31.7): the host's week on the phone — each day with
 * its bookings and blocks (an agenda, no empty hours) — and the block form of
 * the host calendar, so a host on the go blocks today or any time span. Same
 * loader and action as /host/calendar (calendar-page.server.ts); works
 * without JavaScript.
 */
const BASE = '/owner/calendar'

export async function loader(args: Route.LoaderArgs) {
	const host = await requireRole(args, 'Owner')
	return loadCalendarPage(host, args.url, { weekOnly: true })
}

export async function action(args: Route.ActionArgs) {
	const host = await requireRole(args, 'Owner')
	return calendarPageAction(host, args.request, args.context, BASE)
}

export default function OwnerCalendarPage({ loaderData: data }: Route.ComponentProps) {
	const { t } = useTranslation()
	const { t: tc } = useTranslation('hostCalendar')
	const locale = useLocale()
	const title = pageTitle(t, 'owner/calendar')
	const { query } = data
	const href: CalendarHref = (extra = {}) =>
		calendarPath(BASE, query, { block: null, blockStart: null, blockEnd: null, ...extra })
	const playroomNames =
		data.playrooms.length > 1 ? Object.fromEntries(data.playrooms.map((p) => [p.id, p.name])) : {}
	const heading = tc('nav.weekTitle', {
		from: formatLocalDate(data.days[0] ?? query.date, locale, 'short'),
		to: formatLocalDate(data.days.at(-1) ?? query.date, locale),
	})
	return (
		<main id="main" className="mx-auto max-w-xl" data-testid="owner-calendar">
			<title>{`${title} | ${t('appName')}`}</title>
			<h1 className="mb-2 text-3xl font-bold">{title}</h1>
			<p className="mb-4 text-ink-muted">
				{tc('owner.intro')}{' '}
				<LocaleLink to={calendarPath('/host/calendar', query)} className="link">
					{tc('owner.fullCalendar')}
				</LocaleLink>
			</p>
			{data.playrooms.length === 0 ? (
				<p className="card" data-testid="no-playrooms">
					<LocaleLink to="/host/playrooms#new-playroom" className="link">
						{tc('noPlayrooms')}
					</LocaleLink>
				</p>
			) : (
				<>
					<CalendarNav
						title={heading}
						unit="Week"
						previous={href({ date: data.step.previous })}
						next={href({ date: data.step.next })}
						today={href({ date: data.today })}
					/>
					<div className="mb-6">
						<CalendarAgenda
							days={data.days}
							events={data.events}
							href={href}
							playroomNames={playroomNames}
							now={data.now}
							rooms={data.playrooms}
						/>
					</div>
					<BlockForm
						key={data.formKey}
						values={data.form}
						playrooms={data.playrooms}
						context={{ view: 'week', date: query.date, playroom: query.playroomId ?? '' }}
						cancelHref={href()}
					/>
				</>
			)}
		</main>
	)
}
