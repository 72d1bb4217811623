import type { ReactNode } from 'react'

/**
 * The month table of every calendar (ADR 0080): weekday header from Monday,
 * one row per week, empty cells before the 1st and after the last day. The
 * caller renders each day (the public playroom page: a link or a state; the
 * host calendar: the day's orders and blocks). Weeks come from `monthWeeks`
 * (app/domain/calendar-grid.ts).
 */
export function MonthGrid<Day>({
	weekdays,
	weeks,
	renderDay,
	dayClassName = 'p-0.5',
	className = 'w-full table-fixed text-center text-sm',
	caption,
	testId = 'calendar',
}: {
	weekdays: readonly string[]
	weeks: readonly (readonly (Day | null)[])[]
	renderDay: (day: Day) => ReactNode
	dayClassName?: string
	className?: string
	caption?: string
	testId?: string
}) {
	return (
		<table className={className} data-testid={testId}>
			{caption ? <caption className="sr-only">{caption}</caption> : null}
			<thead>
				<tr>
					{weekdays.map((day) => (
						<th key={day} scope="col" className="pb-1 font-medium text-ink-muted">
							{day}
						</th>
					))}
				</tr>
			</thead>
			<tbody>
				{weeks.map((week, w) => (
					<tr key={w}>
						{week.map((day, d) => (
							<td key={d} className={day ? dayClassName : undefined}>
								{day ? renderDay(day) : null}
							</td>
						))}
					</tr>
				))}
			</tbody>
		</table>
	)
}
