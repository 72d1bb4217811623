import { daysBetween, isValidLocalDate } from '#app/domain/berlin-time.ts'
import { MAX_REPORT_DAYS, REPORT_PERIODS } from '#app/domain/report-period.ts'
import { validationMessage, z } from '#app/utils/validation.ts'
import { localDateSchema } from './catalogue.ts'
import { optionalText } from './fields.ts'

/**
 * The admin dashboard's period form (GET, issue 14) and the admin search box
 * (page and GET /api/Admin/Search/Get). A custom period needs both dates,
 * from ≤ to, at most MAX_REPORT_DAYS days.
 */
export const dashboardPeriodSchema = z
	.object({
		period: z.enum(REPORT_PERIODS).default('30d'),
		from: localDateSchema.optional(),
		to: localDateSchema.optional(),
	})
	.superRefine((value, ctx) => {
		if (value.period !== 'custom') return
		for (const field of ['from', 'to'] as const) {
			if (!value[field])
				ctx.addIssue({ code: 'custom', path: [field], params: { i18nKey: 'validation.required' } })
		}
		// A date that failed its own check arrives here untransformed: nothing to compare.
		if (!value.from || !value.to || !isValidLocalDate(value.from) || !isValidLocalDate(value.to)) return
		const days = daysBetween(value.from, value.to) + 1
		if (days < 1) {
			ctx.addIssue({
				code: 'custom',
				path: ['to'],
				params: { i18nKey: validationMessage('adminDashboard:errors.toBeforeFrom') },
			})
		} else if (days > MAX_REPORT_DAYS) {
			ctx.addIssue({
				code: 'custom',
				path: ['to'],
				params: { i18nKey: validationMessage('adminDashboard:errors.tooLong', { max: MAX_REPORT_DAYS }) },
			})
		}
	})

export type DashboardPeriodInput = z.output<typeof dashboardPeriodSchema>

/** The search box: free text (FTS syntax in it is only text, see app/models/admin/admin-search.server.ts). */
export const adminSearchQuerySchema = z.object({
	query: optionalText(200),
})
