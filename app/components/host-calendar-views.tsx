import { useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import type { OrderStatus } from '#db/schema/orders.ts'
import { addDays, localDateOf, startOfLocalDay, type LocalDate } from '#app/domain/berlin-time.ts'
import type { DayHour } from '#app/domain/calendar-grid.ts'
import type { CalendarEvent } from '#app/models/host-office/host-calendar.server.ts'
import { formatLocalDate, weekdayNames } from '#app/utils/format.ts'
import { formatTime } from '#app/utils/format-instant.ts'
import { useLocale, useLocalizePath } from '#app/hooks/use-root-data.ts'
import { ORDER_STATUS_TONE } from './booking-ui.tsx'
import { LocaleLink } from './locale-link.tsx'
import { MonthGrid } from './month-grid.tsx'

/**
 * The month and week views of the host calendar (app/routes/host/calendar.tsx).
 * Everything is a link, so the calendar works without JavaScript: a day opens
 * its week, a block opens its edit form, "block this day" and a free hour
 * prefill the block form (`blockStart`/`blockEnd` in the URL). With
 * JavaScript, dragging across free hours prefills a longer block.
 */
export type CalendarHref = (extra?: Record<string, string | number | null>) => string

type Common = {
	events: CalendarEvent[]
	href: CalendarHref
	playroomNames: Record<string, string>
	now: number
}

const overlaps = (e: { start: number; end: number }, from: number, to: number) => e.start < to && e.end > from

function EventChip({
	event,
	from,
	to,
	href,
	playroomName,
}: {
	event: CalendarEvent
	from: number
	to: number
	href: CalendarHref
	playroomName?: string
}) {
	const { t } = useTranslation('hostCalendar')
	const { t: tb } = useTranslation('booking')
	const allDay = event.start <= from && event.end >= to
	const time = allDay
		? t('events.allDay')
		: `${formatTime(Math.max(event.start, from))}–${formatTime(Math.min(event.end, to))}`
	const room = playroomName ? <span className="block truncate text-ink-muted">{playroomName}</span> : null
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
				className={`block rounded border-l-4 bg-surface px-1 text-left text-xs ${tone(event.status)}`}
				data-testid="calendar-order"
				data-status={event.status}
			>
				<span className={event.status === 'Cancelled' ? 'line-through' : undefined}>{label}</span>
				{room}
			</LocaleLink>
		)
	}
	if (event.kind === 'taken') {
		return (
			<span
				className="block rounded border-l-4 border-ink-muted bg-surface-sunken px-1 text-left text-xs"
				data-testid="calendar-taken"
				title={t('events.takenHint')}
			>
				{t('events.taken', { time })}
				{room}
			</span>
		)
	}
	if (event.kind === 'waitlist') {
		return (
			<span
				className="block rounded border-l-4 border-dashed border-accent bg-surface px-1 text-left text-xs"
				data-testid="calendar-waitlist"
			>
				{t(event.offered ? 'events.waitlistOffered' : 'events.waitlist', {
					time: formatTime(event.start),
					guest: event.guestFirstName,
				})}
				{room}
			</span>
		)
	}
	const className = 'block rounded border-l-4 border-ink-muted bg-surface-sunken px-1 text-left text-xs'
	if (event.source !== 'Host') {
		return (
			<span className={className} data-testid="calendar-imported" title={t('events.importedHint')}>
				{t('events.imported', { time })}
				{room}
			</span>
		)
	}
	return (
		<LocaleLink
			to={href({ block: event.id })}
			preventScrollReset
			className={className}
			data-testid="calendar-block"
			aria-label={t('events.edit', { time })}
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

const MONTH_CELL_LIMIT = 3

export function CalendarMonth({
	weeks,
	month,
	events,
	href,
	playroomNames,
	now,
}: Common & { weeks: (LocalDate | null)[][]; month: string }) {
	const { t } = useTranslation('hostCalendar')
	const locale = useLocale()
	const today = localDateOf(now)
	return (
		<MonthGrid
			weekdays={weekdayNames(locale)}
			weeks={weeks}
			className="w-full table-fixed border-collapse text-sm"
			dayClassName="h-28 border border-line p-1 align-top"
			caption={month}
			testId="host-calendar-month"
			renderDay={(date) => {
				const from = startOfLocalDay(date)
				const to = startOfLocalDay(addDays(date, 1))
				const dayEvents = events.filter((e) => overlaps(e, from, to))
				const label = formatLocalDate(date, locale)
				return (
					<div className="flex h-full flex-col gap-0.5" data-date={date}>
						<div className="flex items-center justify-between">
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
						{dayEvents.slice(0, MONTH_CELL_LIMIT).map((event) => (
							<EventChip
								key={`${event.kind}-${event.id}`}
								event={event}
								from={from}
								to={to}
								href={href}
								playroomName={playroomNames[event.playroomId]}
							/>
						))}
						{dayEvents.length > MONTH_CELL_LIMIT ? (
							<LocaleLink to={href({ view: 'week', date })} className="link text-xs">
								{t('month.more', { count: dayEvents.length - MONTH_CELL_LIMIT })}
							</LocaleLink>
						) : null}
					</div>
				)
			}}
		/>
	)
}

/**
 * Seven day columns; each lists the hours that day really has (23 on the day
 * summer time starts, 25 on the day it ends), so no row is a wrong hour.
 */
export function CalendarWeek({
	days,
	events,
	href,
	playroomNames,
	now,
}: Common & { days: { date: LocalDate; hours: DayHour[] }[] }) {
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
	return (
		<div>
			<p className="mb-2 text-sm text-ink-muted">{t('week.dragHint')}</p>
			<div
				className="grid grid-cols-1 gap-2 sm:grid-cols-7"
				data-testid="host-calendar-week"
				onPointerUp={finishDrag}
				onPointerLeave={() => (drag.current = null)}
			>
				{days.map((day, i) => {
					const label = formatLocalDate(day.date, locale, 'short')
					return (
						<section key={day.date} aria-label={formatLocalDate(day.date, locale)} data-date={day.date}>
							<h3 className="mb-1 text-center text-sm font-semibold">
								<span className="sr-only">{weekdays[i]}</span> {label}
							</h3>
							<ol className="flex flex-col text-xs" data-testid="day-hours">
								{day.hours.map((hour) => {
									const busy = events.filter((e) => overlaps(e, hour.start, hour.end))
									const first = hour.start === day.hours[0]?.start
									const starting = busy.filter((e) => e.start >= hour.start || first)
									const free = busy.length === 0 && hour.end > now
									const time = hour.repeated ? t('week.repeated', { time: hour.label }) : hour.label
									return (
										<li
											key={hour.start}
											className={`min-h-8 border-t border-line px-1 ${busy.length ? 'bg-surface-sunken' : ''}`}
											data-hour={hour.label}
											data-start={hour.start}
										>
											{free ? (
												<LocaleLink
													to={href({ blockStart: hour.start, blockEnd: hour.end }) + '#block-form'}
													preventScrollReset
													className="block text-ink-muted hover:text-ink"
													aria-label={t('week.blockFrom', { time, date: label })}
													onPointerDown={(event) => {
														suppressClick.current = false
														if (event.pointerType === 'mouse' && event.button !== 0) return
														drag.current = { start: hour.start, end: hour.end, hours: 1 }
													}}
													onPointerEnter={() => {
														const selection = drag.current
														if (!selection || hour.end <= selection.end) return
														selection.end = hour.end
														selection.hours++
													}}
													onClick={(event) => {
														if (!suppressClick.current) return
														suppressClick.current = false
														event.preventDefault()
													}}
													draggable={false}
												>
													{time}
												</LocaleLink>
											) : (
												<span className="text-ink-muted">{time}</span>
											)}
											{starting.map((event) => (
												<EventChip
													key={`${event.kind}-${event.id}`}
													event={event}
													from={startOfLocalDay(day.date)}
													to={day.hours.at(-1)?.end ?? hour.end}
													href={href}
													playroomName={playroomNames[event.playroomId]}
												/>
											))}
										</li>
									)
								})}
							</ol>
						</section>
					)
				})}
			</div>
		</div>
	)
}
