import type { CalendarView } from '#app/schemas/host-calendar.ts'

/**
 * The URL of a calendar page for a view (docs/subsystems/host-calendar.md):
 * `/host/calendar` or the owner's `/owner/calendar`, with
 * ?view=&date=&playroom=; `extra` adds or replaces parameters (null drops
 * one). Client-safe: the pages build their links with it, the action its
 * redirect.
 */
export type CalendarPageQuery = { view: CalendarView; date: string; playroomId: string | null }

export function calendarPath(
	base: string,
	query: CalendarPageQuery,
	extra: Record<string, string | number | null> = {},
) {
	const params = new URLSearchParams({ view: query.view, date: query.date })
	if (query.playroomId) params.set('playroom', query.playroomId)
	for (const [key, value] of Object.entries(extra)) {
		if (value === null) params.delete(key)
		else params.set(key, String(value))
	}
	return `${base}?${params.toString()}`
}
