import type { BlockFormValues } from '#app/components/block-form.tsx'
import { addDays, isInstantInBounds, localDateOf } from '#app/domain/berlin-time.ts'
import { addMonths, monthOf, monthWeeks, weekDates } from '#app/domain/calendar-grid.ts'
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
import type { SessionUser } from '#app/models/accounts/session.server.ts'
import {
	blockFormSchema,
	blockIdSchema,
	BLOCK_INTENTS,
	type BlockIntent,
} from '#app/schemas/host-calendar.ts'
import { isAppError } from '#app/utils/app-error.ts'
import { calendarPath } from '#app/utils/calendar-path.ts'
import { failedForm, invalidForm } from '#app/utils/form-actions.server.ts'
import { parseFormSubmission } from '#app/utils/form-submission.ts'
import { getLocale, getT } from '#app/utils/i18n.server.ts'
import { localizePath } from '#app/utils/locale.ts'
import { looseT } from '#app/utils/loose-t.ts'
import { notFound } from '#app/utils/route-params.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'

/**
 * The loader and action of the two calendar pages (docs/subsystems/host-calendar.md):
 * the host calendar `/host/calendar` (month and week) and the owner's phone
 * calendar `/owner/calendar` (the week as an agenda). Same data, same block
 * commands (`createBlock`, `updateBlock`, `deleteBlock`, each authorised
 * against the caller's playrooms); `base` is the page the action returns to.
 */
type Caller = Pick<SessionUser, 'id' | 'role'>
type LoadContext = Parameters<typeof getLocale>[0]

const rethrowNotFound = (error: unknown): never => {
	if (isAppError(error) && (error.status === 404 || error.status === 409)) throw notFound()
	throw error
}

/** An instant in epoch ms from the URL (a period chosen on the grid); one outside ADR 0143's bounds is ignored. */
function instantParam(value: string | null) {
	return value && /^\d{10,15}$/.test(value) && isInstantInBounds(Number(value)) ? Number(value) : null
}

export function loadCalendarPage(host: Caller, url: URL, options: { weekOnly?: boolean } = {}) {
	const now = Date.now()
	const read = readCalendarQuery(url, now)
	const query: CalendarQuery = options.weekOnly ? { ...read, view: 'week' } : read
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
			days: query.view === 'week' ? weekDates(query.date) : [],
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

/** Create, change or remove a block; back to `base` at the block's first day with a toast. */
export async function calendarPageAction(host: Caller, request: Request, context: LoadContext, base: string) {
	const formData = await request.formData()
	const intent = BLOCK_INTENTS.find((i) => i === formData.get('intent'))
	if (!intent) return new Response(null, { status: 400 })
	const locale = getLocale(context)
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
	return redirectWithToast(localizePath(calendarPath(base, { ...query, date }), locale), {
		type: 'success',
		description: looseT(getT(context))(DONE[intent]),
	})
}
