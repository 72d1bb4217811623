import { useRef, type CSSProperties } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import type { OrderStatus } from '#db/schema/orders.ts'
import {
	addDays,
	formatMinute,
	localDateOf,
	localToInstant,
	startOfLocalDay,
	type LocalDate,
} from '#app/domain/berlin-time.ts'
import { daySegments, gridRange, type GridRange } from '#app/domain/calendar-grid.ts'
import type { CalendarEvent } from '#app/models/host-office/host-calendar.server.ts'
import { formatLocalDate, weekdayNames } from '#app/utils/format.ts'
import { formatTime } from '#app/utils/format-instant.ts'
import { useLocale, useLocalizePath } from '#app/hooks/use-root-data.ts'
import { ORDER_STATUS_TONE } from './booking-ui.tsx'
import { LocaleLink } from './locale-link.tsx'
import { MonthGrid } from './month-grid.tsx'

/**
 * The views of the host calendar (app/routes/host/calendar.tsx) and of the
 * owner's phone calendar (app/routes/host/owner-calendar.tsx): the month, the
 * week as a time grid (from 768 px) and the week as an agenda (phones, and the
 * owner's page). Everything is a link, so the calendar works without
 * JavaScript: a day opens its week, a block opens its edit form, "block this
 * day" and a free hour prefill the block form (`blockStart`/`blockEnd` in the
 * URL). With JavaScript, dragging across free hours prefills a longer block.
 */
export type CalendarHref = (extra?: Record<string, string | number | null>) => string

export type CalendarRoom = { id: string; name: string }

type Common = {
	events: CalendarEvent[]
	href: CalendarHref
	/** Each entry names its playroom (when the calendar shows all of them). */
	playroomNames: Record<string, string>
	now: number
}

const overlaps = (e: { start: number; end: number }, from: number, to: number) => e.start < to && e.end > from

/**
 * One colour per playroom (the host's playrooms in name order): the left edge of
 * each entry and the swatch in the legend. Written out whole so Tailwind finds them.
 */
const ROOM_TONES = [
	{ edge: 'border-l-sky-500', swatch: 'bg-sky-500' },
	{ edge: 'border-l-amber-500', swatch: 'bg-amber-500' },
	{ edge: 'border-l-emerald-500', swatch: 'bg-emerald-500' },
	{ edge: 'border-l-fuchsia-500', swatch: 'bg-fuchsia-500' },
	{ edge: 'border-l-orange-500', swatch: 'bg-orange-500' },
	{ edge: 'border-l-teal-500', swatch: 'bg-teal-500' },
	{ edge: 'border-l-rose-500', swatch: 'bg-rose-500' },
	{ edge: 'border-l-lime-500', swatch: 'bg-lime-500' },
] as const

function roomTone(rooms: readonly CalendarRoom[], playroomId: string) {
	const index = rooms.findIndex((room) => room.id === playroomId)
	return ROOM_TONES[Math.max(0, index) % ROOM_TONES.length]!
}

function EventChip({
	event,
	from,
	to,
	href,
	playroomName,
	edge,
	className = '',
	style,
}: {
	event: CalendarEvent
	from: number
	to: number
	href: CalendarHref
	playroomName?: string
	/** The playroom's colour for the left edge; without it an order's edge shows its status. */
	edge?: string
	className?: string
	style?: CSSProperties
}) {
	const { t } = useTranslation('hostCalendar')
	const { t: tb } = useTranslation('booking')
	const allDay = event.start <= from && event.end >= to
	const time = allDay
		? t('events.allDay')
		: `${formatTime(Math.max(event.start, from))}–${formatTime(Math.min(event.end, to))}`
	const room = playroomName ? <span className="block truncate text-ink-muted">{playroomName}</span> : null
	const base = `block rounded border-l-4 px-1 text-left text-xs ${className}`
	const common = {
		style,
		'data-start': event.start,
		'data-end': event.end,
		'data-playroom': event.playroomId,
	}
	if (event.kind === 'order') {
		const label = t('events.order', {
			time,
			guest: event.guestFirstName,
			code: event.code,
			status: tb(`statuses.${event.status}`),
		})
		return (
			<LocaleLink
				to={`/host/orders/${event.id}`}
				className={`${base} bg-surface ${edge ?? tone(event.status)}`}
				data-testid="calendar-order"
				data-status={event.status}
				{...common}
			>
				<span className={event.status === 'Cancelled' ? 'line-through' : undefined}>{label}</span>
				{room}
			</LocaleLink>
		)
	}
	if (event.kind === 'taken') {
		return (
			<span
				className={`${base} bg-surface-sunken ${edge ?? 'border-ink-muted'}`}
				data-testid="calendar-taken"
				title={t('events.takenHint')}
				{...common}
			>
				{t('events.taken', { time })}
				{room}
			</span>
		)
	}
	if (event.kind === 'waitlist') {
		return (
			<span
				className={`${base} border-dashed bg-surface ${edge ?? 'border-accent'}`}
				data-testid="calendar-waitlist"
				{...common}
			>
				{t(event.offered ? 'events.waitlistOffered' : 'events.waitlist', {
					time: formatTime(event.start),
					guest: event.guestFirstName,
				})}
				{room}
			</span>
		)
	}
	const blockClass = `${base} bg-surface-sunken ${edge ?? 'border-ink-muted'}`
	if (event.source !== 'Host') {
		return (
			<span
				className={`${blockClass} border-dashed`}
				data-testid="calendar-imported"
				title={t('events.importedHint')}
				{...common}
			>
				{t('events.imported', { time })}
				{room}
			</span>
		)
	}
	return (
		<LocaleLink
			to={href({ block: event.id })}
			preventScrollReset
			className={blockClass}
			data-testid="calendar-block"
			aria-label={t('events.edit', { time })}
			{...common}
		>
			{t('events.block', { time })}
			{event.note ? <span className="block truncate text-ink-muted">{event.note}</span> : null}
			{room}
		</LocaleLink>
	)
}

function tone(status: OrderStatus) {
	return ORDER_STATUS_TONE[status]
}

/** The previous / today / next links and the period's title; on a phone the title takes its own line. */
export function CalendarNav({
	title,
	unit,
	previous,
	next,
	today,
}: {
	title: string
	unit: 'Month' | 'Week'
	previous: string
	next: string
	today: string
}) {
	const { t } = useTranslation('hostCalendar')
	return (
		<nav
			aria-label={t('nav.label')}
			className="mb-2 flex flex-wrap items-center justify-between gap-x-2 gap-y-1"
		>
			<h2 className="w-full text-xl font-semibold sm:order-2 sm:w-auto" data-testid="calendar-title">
				{title}
			</h2>
			<LocaleLink to={previous} className="btn-ghost px-2 sm:order-1" data-testid="calendar-previous">
				<span aria-hidden="true">‹</span> {t(`nav.previous${unit}`)}
			</LocaleLink>
			<span className="flex gap-1 sm:order-3">
				<LocaleLink to={today} className="btn-ghost px-2">
					{t('nav.today')}
				</LocaleLink>
				<LocaleLink to={next} className="btn-ghost px-2" data-testid="calendar-next">
					{t(`nav.next${unit}`)} <span aria-hidden="true">›</span>
				</LocaleLink>
			</span>
		</nav>
	)
}

/** Which colour is which playroom, and what the kinds of entries look like. */
export function CalendarLegend({ rooms }: { rooms: readonly CalendarRoom[] }) {
	const { t } = useTranslation('hostCalendar')
	const sample = 'inline-block h-3 w-5 rounded-sm border-l-4 align-middle'
	return (
		<section aria-labelledby="calendar-legend" className="mb-3 text-xs" data-testid="calendar-legend">
			<h3 id="calendar-legend" className="sr-only">
				{t('legend.title')}
			</h3>
			<ul className="flex flex-wrap gap-x-4 gap-y-1">
				{rooms.map((room) => (
					<li key={room.id} className="flex items-center gap-1" data-playroom={room.id}>
						<span
							aria-hidden="true"
							className={`inline-block size-3 rounded-full ${roomTone(rooms, room.id).swatch}`}
						/>
						{room.name}
					</li>
				))}
				<li className="flex items-center gap-1">
					<span aria-hidden="true" className={`${sample} border-ink-muted bg-surface`} />
					{t('legend.booking')}
				</li>
				<li className="flex items-center gap-1">
					<span aria-hidden="true" className={`${sample} border-ink-muted bg-surface-sunken`} />
					{t('legend.block')}
				</li>
				<li className="flex items-center gap-1">
					<span aria-hidden="true" className={`${sample} border-dashed border-ink-muted bg-surface-sunken`} />
					{t('legend.imported')}
				</li>
			</ul>
		</section>
	)
}

const MONTH_CELL_LIMIT = 3

export function CalendarMonth({
	weeks,
	month,
	events,
	href,
	playroomNames,
	now,
	rooms,
}: Common & { weeks: (LocalDate | null)[][]; month: string; rooms: readonly CalendarRoom[] }) {
	const { t } = useTranslation('hostCalendar')
	const locale = useLocale()
	const today = localDateOf(now)
	return (
		<MonthGrid
			weekdays={weekdayNames(locale)}
			weeks={weeks}
			className="w-full table-fixed border-collapse text-sm"
			dayClassName="h-16 border border-line p-0.5 align-top sm:h-28 sm:p-1"
			caption={month}
			testId="host-calendar-month"
			renderDay={(date) => {
				const from = startOfLocalDay(date)
				const to = startOfLocalDay(addDays(date, 1))
				const dayEvents = events.filter((e) => overlaps(e, from, to))
				const label = formatLocalDate(date, locale)
				return (
					<div className="flex h-full min-w-0 flex-col gap-0.5" data-date={date}>
						<div className="flex flex-wrap items-center justify-between">
							<LocaleLink
								to={href({ view: 'week', date })}
								aria-label={t('month.dayLabel', { date: label })}
								aria-current={date === today ? 'date' : undefined}
								className={`link font-semibold ${date === today ? 'text-accent' : ''}`}
							>
								{Number(date.slice(8, 10))}
							</LocaleLink>
							{date >= today ? (
								<LocaleLink
									to={href({ blockStart: from, blockEnd: to }) + '#block-form'}
									preventScrollReset
									className="text-xs text-ink-muted hover:text-ink"
									aria-label={t('month.blockDay', { date: label })}
									data-testid="block-day"
								>
									<span aria-hidden="true">＋</span>
								</LocaleLink>
							) : null}
						</div>
						{/* A phone shows how many entries a day has; the week (an agenda there) lists them. */}
						{dayEvents.length ? (
							<LocaleLink
								to={href({ view: 'week', date })}
								className="self-start rounded-full bg-accent-soft px-1.5 text-xs font-semibold sm:hidden"
								aria-label={t('month.entries', { count: dayEvents.length, date: label })}
								data-testid="day-count"
							>
								{dayEvents.length}
							</LocaleLink>
						) : null}
						<div className="hidden flex-col gap-0.5 sm:flex">
							{dayEvents.slice(0, MONTH_CELL_LIMIT).map((event) => (
								<EventChip
									key={`${event.kind}-${event.id}`}
									event={event}
									from={from}
									to={to}
									href={href}
									playroomName={playroomNames[event.playroomId]}
									edge={roomTone(rooms, event.playroomId).edge}
								/>
							))}
							{dayEvents.length > MONTH_CELL_LIMIT ? (
								<LocaleLink to={href({ view: 'week', date })} className="link text-xs">
									{t('month.more', { count: dayEvents.length - MONTH_CELL_LIMIT })}
								</LocaleLink>
							) : null}
						</div>
					</div>
				)
			}}
		/>
	)
}

/** Height of one hour row of the week grid, in rem (every row of every day). */
const HOUR_REM = 3

/** The instants of a wall-clock hour of a day (none for the hour skipped when summer time starts). */
function hourSlot(date: LocalDate, minute: number) {
	const start = localToInstant(date, minute)
	const end = minute + 60 >= 1440 ? startOfLocalDay(addDays(date, 1)) : localToInstant(date, minute + 60)
	return start !== null && end !== null && end > start ? { start, end } : null
}

/** A position in the grid's range as a percentage of the day column's height. */
const percent = (minute: number, range: GridRange) =>
	`${((minute - range.from) / (range.to - range.from)) * 100}%`

/**
 * The week as a time grid (issue 31.6, ADR 0152): an hour axis and seven day
 * columns of the same hour rows (the shown playrooms' opening hours, see
 * `gridRange`); each entry is placed over them by its start and drawn as long
 * as it lasts, overlapping ones side by side, whole days in a row above. A free
 * future hour is a link that prefills a one-hour block; with JavaScript,
 * dragging across free hours of a day prefills them all.
 */
export function CalendarWeek({
	days,
	events,
	href,
	playroomNames,
	now,
	rooms,
	opening,
}: Common & {
	days: LocalDate[]
	rooms: readonly CalendarRoom[]
	opening: readonly { openMinute: number; closeMinute: number }[]
}) {
	const { t } = useTranslation('hostCalendar')
	const locale = useLocale()
	const weekdays = weekdayNames(locale)
	const navigate = useNavigate()
	const localize = useLocalizePath()
	const drag = useRef<{ start: number; end: number; hours: number } | null>(null)
	const suppressClick = useRef(false)
	// A press on one free hour is the link's own click; a drag over several prefills them all.
	const finishDrag = () => {
		const selection = drag.current
		drag.current = null
		if (!selection || selection.hours < 2) return
		suppressClick.current = true
		void navigate(localize(href({ blockStart: selection.start, blockEnd: selection.end }) + '#block-form'), {
			preventScrollReset: true,
		})
	}
	const perDay = days.map((date) => ({ date, ...daySegments(events, date) }))
	const range = gridRange(
		opening,
		perDay.flatMap((day) => day.timed),
	)
	const hours = Array.from({ length: (range.to - range.from) / 60 }, (_, i) => range.from + i * 60)
	const columns = { gridTemplateColumns: '3.25rem repeat(7, minmax(0, 1fr))' }
	const height = { height: `${hours.length * HOUR_REM}rem` }
	const anyAllDay = perDay.some((day) => day.allDay.length > 0)
	return (
		<div data-testid="host-calendar-week" data-from={range.from} data-to={range.to}>
			<p className="mb-2 text-sm text-ink-muted">{t('week.dragHint')}</p>
			<div className="grid text-xs" style={columns}>
				<span aria-hidden="true" />
				{perDay.map((day, i) => (
					<h3 key={day.date} className="pb-1 text-center text-sm font-semibold">
						<span className="sr-only">{weekdays[i]}</span> {formatLocalDate(day.date, locale, 'short')}
					</h3>
				))}
				{anyAllDay ? (
					<>
						<span className="border-t border-line pr-1 pt-1 text-right text-ink-muted">
							{t('events.allDay')}
						</span>
						{perDay.map((day) => (
							<div
								key={day.date}
								className="flex flex-col gap-0.5 border-t border-l border-line p-0.5"
								data-testid="all-day"
							>
								{day.allDay.map((event) => (
									<EventChip
										key={`${event.kind}-${event.id}`}
										event={event}
										from={startOfLocalDay(day.date)}
										to={startOfLocalDay(addDays(day.date, 1))}
										href={href}
										playroomName={playroomNames[event.playroomId]}
										edge={roomTone(rooms, event.playroomId).edge}
									/>
								))}
							</div>
						))}
					</>
				) : null}
				<ol aria-hidden="true" className="text-ink-muted" style={height} data-testid="hour-axis">
					{hours.map((minute) => (
						<li
							key={minute}
							className="h-12 border-t border-line pr-1 text-right"
							data-hour={formatMinute(minute)}
						>
							{formatMinute(minute)}
						</li>
					))}
				</ol>
				{perDay.map((day) => {
					const label = formatLocalDate(day.date, locale, 'short')
					return (
						<section
							key={day.date}
							aria-label={formatLocalDate(day.date, locale)}
							data-date={day.date}
							className="relative border-l border-line"
							style={height}
							onPointerUp={finishDrag}
							onPointerLeave={() => (drag.current = null)}
						>
							<ol data-testid="day-hours">
								{hours.map((minute) => {
									const slot = hourSlot(day.date, minute)
									const time = formatMinute(minute)
									const free =
										slot && slot.end > now && !events.some((e) => overlaps(e, slot.start, slot.end))
									return (
										<li
											key={minute}
											className="h-12 border-t border-line"
											data-hour={time}
											data-start={slot?.start}
										>
											{slot && free ? (
												<LocaleLink
													to={href({ blockStart: slot.start, blockEnd: slot.end }) + '#block-form'}
													preventScrollReset
													className="block h-full hover:bg-surface-raised"
													aria-label={t('week.blockFrom', { time, date: label })}
													onPointerDown={(event) => {
														suppressClick.current = false
														if (event.pointerType === 'mouse' && event.button !== 0) return
														drag.current = { start: slot.start, end: slot.end, hours: 1 }
													}}
													onPointerEnter={() => {
														const selection = drag.current
														if (!selection || slot.end <= selection.end) return
														selection.end = slot.end
														selection.hours++
													}}
													onClick={(event) => {
														if (!suppressClick.current) return
														suppressClick.current = false
														event.preventDefault()
													}}
													draggable={false}
												/>
											) : null}
										</li>
									)
								})}
							</ol>
							{day.timed.map((segment) => (
								<EventChip
									key={`${segment.event.kind}-${segment.event.id}`}
									event={segment.event}
									from={startOfLocalDay(day.date)}
									to={startOfLocalDay(addDays(day.date, 1))}
									href={href}
									playroomName={playroomNames[segment.event.playroomId]}
									edge={roomTone(rooms, segment.event.playroomId).edge}
									className="absolute overflow-hidden shadow-sm"
									style={{
										top: percent(segment.startMinute, range),
										height: percent(range.from + segment.endMinute - segment.startMinute, range),
										left: `${(segment.lane / segment.lanes) * 100}%`,
										width: `${100 / segment.lanes}%`,
									}}
								/>
							))}
						</section>
					)
				})}
			</div>
		</div>
	)
}

/**
 * The week as an agenda (issue 31.7): each day with its entries in time order,
 * nothing for the empty hours. The host calendar's week on a phone, and the
 * owner's phone calendar. A day from today on links to "block this day".
 */
export function CalendarAgenda({
	days,
	events,
	href,
	playroomNames,
	now,
	rooms,
}: Common & { days: LocalDate[]; rooms: readonly CalendarRoom[] }) {
	const { t } = useTranslation('hostCalendar')
	const locale = useLocale()
	const today = localDateOf(now)
	return (
		<ol className="flex flex-col gap-3" data-testid="calendar-agenda">
			{days.map((date) => {
				const from = startOfLocalDay(date)
				const to = startOfLocalDay(addDays(date, 1))
				const dayEvents = events.filter((e) => overlaps(e, from, to))
				const label = formatLocalDate(date, locale)
				return (
					<li key={date} data-date={date}>
						<section aria-label={label} className="rounded-lg border border-line p-2">
							<div className="mb-1 flex flex-wrap items-baseline justify-between gap-x-2">
								<h3 className={`text-sm font-semibold ${date === today ? 'text-accent' : ''}`}>{label}</h3>
								{date >= today ? (
									<LocaleLink
										to={href({ blockStart: from, blockEnd: to }) + '#block-form'}
										preventScrollReset
										className="link text-xs"
										aria-label={t('month.blockDay', { date: label })}
										data-testid="agenda-block-day"
									>
										{t('agenda.blockDay')}
									</LocaleLink>
								) : null}
							</div>
							{dayEvents.length ? (
								<ul className="flex flex-col gap-1">
									{dayEvents.map((event) => (
										<li key={`${event.kind}-${event.id}`}>
											<EventChip
												event={event}
												from={from}
												to={to}
												href={href}
												playroomName={playroomNames[event.playroomId]}
												edge={roomTone(rooms, event.playroomId).edge}
												className="py-1 text-sm"
											/>
										</li>
									))}
								</ul>
							) : (
								<p className="text-xs text-ink-muted">{t('agenda.nothing')}</p>
							)}
						</section>
					</li>
				)
			})}
		</ol>
	)
}
