import { useTranslation } from 'react-i18next'
import { Form } from 'react-router'
import type { Route } from './+types/calendar.ts'
import { BlockForm } from '#app/components/block-form.tsx'
import {
	CalendarAgenda,
	CalendarLegend,
	CalendarMonth,
	CalendarNav,
	CalendarWeek,
	type CalendarHref,
} from '#app/components/host-calendar-views.tsx'
import { LocaleLink } from '#app/components/locale-link.tsx'
import { monthOf } from '#app/domain/calendar-grid.ts'
import { requireRole } from '#app/utils/auth.server.ts'
import { calendarPath } from '#app/utils/calendar-path.ts'
import { formatLocalDate, formatMonth } from '#app/utils/format.ts'
import { pageTitle } from '#app/utils/page-title.ts'
import { useLocale } from '#app/hooks/use-root-data.ts'
import { calendarPageAction, loadCalendarPage } from './calendar-page.server.ts'

/**
 * /host/calendar (issue 13, docs/subsystems/host-calendar.md): month and week
 * views over the host's playrooms with orders, blocks and imported busy times;
 * the block form (create, edit, remove). Everything the host chooses is in
 * the URL (?view=month|week&date=&playroom=&block=&blockStart=&blockEnd=), so
 * it works without JavaScript. Another host's playroom or block is a 404. The
 * week is a time grid from 768 px and an agenda on a phone (issue 31.6/31.7).
 */
const BASE = '/host/calendar'

export async function loader(args: Route.LoaderArgs) {
	const host = await requireRole(args, 'Owner')
	return loadCalendarPage(host, args.url)
}

export async function action(args: Route.ActionArgs) {
	const host = await requireRole(args, 'Owner')
	return calendarPageAction(host, args.request, args.context, BASE)
}

export default function HostCalendarPage({ loaderData: data }: Route.ComponentProps) {
	const { t } = useTranslation()
	const { t: tc } = useTranslation('hostCalendar')
	const locale = useLocale()
	const title = pageTitle(t, 'host/calendar')
	const { query } = data
	const href: CalendarHref = (extra = {}) =>
		calendarPath(BASE, query, { block: null, blockStart: null, blockEnd: null, ...extra })
	const playroomNames = query.playroomId ? {} : Object.fromEntries(data.playrooms.map((p) => [p.id, p.name]))
	const heading =
		query.view === 'month'
			? formatMonth(monthOf(query.date), locale)
			: tc('nav.weekTitle', {
					from: formatLocalDate(data.dates[0] ?? query.date, locale, 'short'),
					to: formatLocalDate(data.dates.at(-1) ?? query.date, locale),
				})
	const unit = query.view === 'month' ? 'Month' : 'Week'
	const common = { events: data.events, href, playroomNames, now: data.now, rooms: data.playrooms }
	return (
		<main id="main" data-testid="host-calendar" data-view={query.view}>
			<title>{`${title} | ${t('appName')}`}</title>
			<div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
				<h1 className="text-3xl font-bold">{title}</h1>
				<LocaleLink to="/host/calendar/feeds" className="link text-sm">
					{tc('feeds')}
				</LocaleLink>
			</div>
			<p className="mb-4 text-ink-muted">{tc('intro')}</p>
			{data.playrooms.length === 0 ? (
				<p className="card" data-testid="no-playrooms">
					<LocaleLink to="/host/playrooms#new-playroom" className="link">
						{tc('noPlayrooms')}
					</LocaleLink>
				</p>
			) : (
				<>
					<div className="mb-4 flex flex-wrap items-end gap-4">
						<nav aria-label={tc('views.label')} className="flex gap-1">
							{(['month', 'week'] as const).map((view) => (
								<LocaleLink
									key={view}
									to={href({ view })}
									aria-current={view === query.view ? 'page' : undefined}
									className={view === query.view ? 'btn-primary' : 'btn-secondary'}
								>
									{tc(`views.${view}`)}
								</LocaleLink>
							))}
						</nav>
						<Form method="GET" className="flex min-w-0 flex-wrap items-end gap-2">
							<input type="hidden" name="view" value={query.view} />
							<input type="hidden" name="date" value={query.date} />
							<label className="text-sm">
								<span className="mb-1 block font-medium">{tc('filter.label')}</span>
								<select
									name="playroom"
									defaultValue={query.playroomId ?? ''}
									className="max-w-full rounded-lg border border-line bg-surface px-3 py-2"
								>
									<option value="">{tc('filter.all')}</option>
									{data.playrooms.map((p) => (
										<option key={p.id} value={p.id}>
											{p.name}
										</option>
									))}
								</select>
							</label>
							<button type="submit" className="btn-secondary">
								{tc('filter.apply')}
							</button>
						</Form>
					</div>
					<CalendarNav
						title={heading}
						unit={unit}
						previous={href({ date: data.step.previous })}
						next={href({ date: data.step.next })}
						today={href({ date: data.today })}
					/>
					<CalendarLegend
						rooms={
							query.playroomId ? data.playrooms.filter((p) => p.id === query.playroomId) : data.playrooms
						}
					/>
					<div className="mb-6 min-w-0">
						{query.view === 'month' ? (
							<CalendarMonth weeks={data.weeks} month={heading} {...common} />
						) : (
							<>
								<div className="hidden md:block">
									<CalendarWeek days={data.days} opening={data.opening} {...common} />
								</div>
								<div className="md:hidden">
									<CalendarAgenda days={data.days} {...common} />
								</div>
							</>
						)}
					</div>
					<BlockForm
						key={data.formKey}
						values={data.form}
						playrooms={data.playrooms}
						context={{ view: query.view, date: query.date, playroom: query.playroomId ?? '' }}
						cancelHref={href()}
					/>
				</>
			)}
		</main>
	)
}
