import { validationMessage, z } from '#app/utils/validation.ts'
import { localDateField, optionalText } from './fields.ts'

/**
 * The host calendar's block form (docs/subsystems/host-calendar.md): one
 * playroom, a start and an end (whole days: dates only, the end date
 * included; otherwise date and time, Europe/Berlin), a reason. No texts
 * (ADR 0006); the model turns local times into instants and refuses a time
 * that does not exist (the hour skipped when summer time starts). Client-safe:
 * nothing here may import db/schema values.
 */
export const CALENDAR_VIEWS = ['month', 'week'] as const
export type CalendarView = (typeof CALENDAR_VIEWS)[number]

export const BLOCK_NOTE_MAX = 200

/** An entity id (db/schema/columns.ts ID_PATTERN; not imported: this module is in the browser bundle). */
const idField = z
	.string()
	.trim()
	.regex(/^[A-Za-z0-9_-]{16}$/)

/** A block's start or end date: a local date within the bounds of ADR 0143. */
export const blockDateField = localDateField
export const blockTimeField = z
	.string()
	.trim()
	.regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: () => validationMessage('hostCalendar:errors.time') })

export const blockFormSchema = z
	.object({
		playroomId: idField,
		allDay: z.boolean().optional(),
		startDate: blockDateField,
		startTime: blockTimeField.optional(),
		endDate: blockDateField,
		endTime: blockTimeField.optional(),
		note: optionalText(BLOCK_NOTE_MAX),
	})
	.superRefine((value, ctx) => {
		if (value.allDay) return
		for (const key of ['startTime', 'endTime'] as const) {
			if (!value[key]) {
				ctx.addIssue({
					code: 'custom',
					path: [key],
					params: { i18nKey: validationMessage('validation.required') },
				})
			}
		}
	})
export type BlockFormInput = z.infer<typeof blockFormSchema>

export const BLOCK_INTENTS = ['create', 'update', 'delete'] as const
export type BlockIntent = (typeof BLOCK_INTENTS)[number]
export const blockIdSchema = z.object({ blockId: idField })
