import { useTranslation } from 'react-i18next'
import { Form } from 'react-router'
import type { Route } from './+types/calendar.ts'
import { BlockForm, type BlockFormValues } from '#app/components/block-form.tsx'
import { CalendarMonth, CalendarWeek, type CalendarHref } from '#app/components/host-calendar-views.tsx'
import { LocaleLink } from '#app/components/locale-link.tsx'
import { addDays, isInstantInBounds, localDateOf } from '#app/domain/berlin-time.ts'
import { addMonths, dayHours, monthOf, monthWeeks, weekDates } from '#app/domain/calendar-grid.ts'
import {
	blockFormValues,
	createBlock,
	deleteBlock,
	getHostCalendar,
	periodFormValues,
	readCalendarQuery,
	updateBlock,
	type CalendarQuery,
} from '#app/models/host-office/host-calendar.server.ts'
import {
	blockFormSchema,
	blockIdSchema,
	BLOCK_INTENTS,
	type BlockIntent,
} from '#app/schemas/host-calendar.ts'
import { isAppError } from '#app/utils/app-error.ts'
import { requireRole } from '#app/utils/auth.server.ts'
import { failedForm, invalidForm } from '#app/utils/form-actions.server.ts'
import { formatLocalDate, formatMonth } from '#app/utils/format.ts'
import { parseFormSubmission } from '#app/utils/form-submission.ts'
import { getLocale, getT } from '#app/utils/i18n.server.ts'
import { localizePath } from '#app/utils/locale.ts'
import { looseT } from '#app/utils/loose-t.ts'
import { pageTitle } from '#app/utils/page-title.ts'
import { notFound } from '#app/utils/route-params.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { useLocale } from '#app/hooks/use-root-data.ts'

/**
 * /host/calendar (issue 13, docs/subsystems/host-calendar.md): month and week
 * views over the host's playrooms with orders, blocks and imported busy times;
 * the block form (create, edit, remove). Everything the host chooses is in
 * the URL (?view=month|week&date=&playroom=&block=&blockStart=&blockEnd=), so
 * it works without JavaScript. Another host's playroom or block is a 404.
 */
const rethrowNotFound = (error: unknown): never => {
	if (isAppError(error) && (error.status === 404 || error.status === 409)) throw notFound()
	throw error
}

/** The calendar's own URL for a query; `extra` adds or replaces parameters (null drops one). */
function calendarPath(query: CalendarQuery, extra: Record<string, string | number | null> = {}) {
	const params = new URLSearchParams({ view: query.view, date: query.date })
	if (query.playroomId) params.set('playroom', query.playroomId)
	for (const [key, value] of Object.entries(extra)) {
		if (value === null) params.delete(key)
		else params.set(key, String(value))
	}
	return `/host/calendar?${params.toString()}`
}

/** An instant in epoch ms from the URL (a period chosen on the grid); one outside ADR 0143's bounds is ignored. */
function instantParam(value: string | null) {
	return value && /^\d{10,15}$/.test(value) && isInstantInBounds(Number(value)) ? Number(value) : null
}

export async function loader(args: Route.LoaderArgs) {
	const host = await requireRole(args, 'Owner')
	const url = args.url
	const now = Date.now()
	const query = readCalendarQuery(url, now)
	try {
		const calendar = getHostCalendar(host, query)
		const blockId = url.searchParams.get('block')
		const start = instantParam(url.searchParams.get('blockStart'))
		const end = instantParam(url.searchParams.get('blockEnd'))
		const fallbackPlayroom = query.playroomId ?? calendar.playrooms[0]?.id ?? ''
		const form: BlockFormValues = blockId
			? blockFormValues(host, blockId)
			: {
					id: null,
					playroomId: fallbackPlayroom,
					note: '',
					...(start !== null && end !== null && end > start
						? periodFormValues(start, end)
						: { allDay: true, startDate: query.date, startTime: '', endDate: query.date, endTime: '' }),
				}
		const step =
			query.view === 'week'
				? { previous: addDays(query.date, -7), next: addDays(query.date, 7) }
				: {
						previous: `${addMonths(monthOf(query.date), -1)}-01`,
						next: `${addMonths(monthOf(query.date), 1)}-01`,
					}
		return {
			query,
			now,
			...calendar,
			weeks: query.view === 'month' ? monthWeeks(monthOf(query.date)) : [],
			days:
				query.view === 'week' ? weekDates(query.date).map((date) => ({ date, hours: dayHours(date) })) : [],
			step,
			today: localDateOf(now),
			form,
			formKey: `${blockId ?? ''}:${start ?? ''}:${end ?? ''}`,
		}
	} catch (error) {
		return rethrowNotFound(error)
	}
}

const DONE: Record<BlockIntent, string> = {
	create: 'hostCalendar:toasts.created',
	update: 'hostCalendar:toasts.updated',
	delete: 'hostCalendar:toasts.deleted',
}

export async function action(args: Route.ActionArgs) {
	const host = await requireRole(args, 'Owner')
	const formData = await args.request.formData()
	const intent = BLOCK_INTENTS.find((i) => i === formData.get('intent'))
	if (!intent) return new Response(null, { status: 400 })
	const locale = getLocale(args.context)
	const back = new URLSearchParams()
	for (const key of ['view', 'date', 'playroom']) {
		const value = formData.get(key)
		if (typeof value === 'string') back.set(key, value)
	}
	const query = readCalendarQuery(new URL(`http://x/?${back.toString()}`))
	const blockId = blockIdSchema.safeParse({ blockId: formData.get('blockId') })
	if (intent !== 'create' && !blockId.success) throw notFound()
	let date = query.date
	if (intent === 'delete') {
		try {
			deleteBlock(host, blockId.data?.blockId ?? '')
		} catch (error) {
			return rethrowNotFound(error)
		}
	} else {
		const submission = parseFormSubmission(formData, { schema: blockFormSchema })
		if (submission.status !== 'success') return invalidForm('block', submission)
		try {
			const block =
				intent === 'create'
					? createBlock(host, submission.value, locale)
					: updateBlock(host, blockId.data?.blockId ?? '', submission.value, locale)
			date = localDateOf(block.startsAt.getTime())
		} catch (error) {
			if (isAppError(error) && error.status === 404) throw notFound()
			if (isAppError(error) && error.errorName === 'BlockImported') throw notFound()
			return failedForm('block', submission, error, { sayAtFields: true })
		}
	}
	return redirectWithToast(localizePath(calendarPath({ ...query, date }), locale), {
		type: 'success',
		description: looseT(getT(args.context))(DONE[intent]),
	})
}

export default function HostCalendarPage({ loaderData: data }: Route.ComponentProps) {
	const { t } = useTranslation()
	const { t: tc } = useTranslation('hostCalendar')
	const locale = useLocale()
	const title = pageTitle(t, 'host/calendar')
	const { query } = data
	const href: CalendarHref = (extra = {}) =>
		calendarPath(query, { block: null, blockStart: null, blockEnd: null, ...extra })
	const playroomNames = query.playroomId ? {} : Object.fromEntries(data.playrooms.map((p) => [p.id, p.name]))
	const heading =
		query.view === 'month'
			? formatMonth(monthOf(query.date), locale)
			: tc('nav.weekTitle', {
					from: formatLocalDate(data.dates[0] ?? query.date, locale, 'short'),
					to: formatLocalDate(data.dates.at(-1) ?? query.date, locale),
				})
	const unit = query.view === 'month' ? 'Month' : 'Week'
	const common = { events: data.events, href, playroomNames, now: data.now }
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
						<Form method="GET" className="flex items-end gap-2">
							<input type="hidden" name="view" value={query.view} />
							<input type="hidden" name="date" value={query.date} />
							<label className="text-sm">
								<span className="mb-1 block font-medium">{tc('filter.label')}</span>
								<select
									name="playroom"
									defaultValue={query.playroomId ?? ''}
									className="rounded-lg border border-line bg-surface px-3 py-2"
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
					<nav aria-label={tc('nav.label')} className="mb-2 flex items-center justify-between gap-2">
						<LocaleLink
							to={href({ date: data.step.previous })}
							className="btn-ghost"
							data-testid="calendar-previous"
						>
							‹ {tc(`nav.previous${unit}`)}
						</LocaleLink>
						<h2 className="text-xl font-semibold" data-testid="calendar-title">
							{heading}
						</h2>
						<span className="flex gap-1">
							<LocaleLink to={href({ date: data.today })} className="btn-ghost">
								{tc('nav.today')}
							</LocaleLink>
							<LocaleLink
								to={href({ date: data.step.next })}
								className="btn-ghost"
								data-testid="calendar-next"
							>
								{tc(`nav.next${unit}`)} ›
							</LocaleLink>
						</span>
					</nav>
					<div className="mb-6 overflow-x-auto">
						{query.view === 'month' ? (
							<CalendarMonth weeks={data.weeks} month={heading} {...common} />
						) : (
							<CalendarWeek days={data.days} {...common} />
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
