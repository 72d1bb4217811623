import { useTranslation } from 'react-i18next'
import { Form } from 'react-router'
import {
	RATING_AGE_FIT_VALUES,
	RATING_COMMENT_MAX,
	RATING_SUB_SCORES,
	RATING_WINDOW_DAYS,
	ratingFieldsSchema,
} from '#app/schemas/ratings.ts'
import { useFormResult } from '#app/hooks/use-form-result.ts'
import { useLocale } from '#app/hooks/use-root-data.ts'
import { formatDate } from '#app/utils/format-instant.ts'
import { looseT } from '#app/utils/loose-t.ts'
import { useAppForm } from './app-form.ts'
import { DetailSection } from './detail-frame.tsx'
import { fieldLabels, FormAlert, getFormProps, SelectField, SubmitButton, TextAreaField } from './forms.tsx'
import { RatingContentView } from './rating-view.tsx'

/**
 * The guest's rating of a Completed order on /guest/orders/:orderId (issue 32,
 * ADR 0160): the overall stars on their own, the five sub-scores, an optional
 * age fit and a comment. A plain POST form (intent "rate"); a refused or
 * invalid post comes back with the failure summary and every value kept.
 */
export type GuestRatingState = {
	canRate: boolean
	refusal: string | null
	until: number
	own: (React.ComponentProps<typeof RatingContentView>['rating'] & { published: boolean }) | null
}

export function GuestRatingPanel({ state }: { state: GuestRatingState }) {
	const { t } = useTranslation('ratings')
	const { t: tAny } = useTranslation()
	const locale = useLocale()
	if (state.own) {
		return (
			<DetailSection id="rating-panel" title={t('form.own')}>
				<p className="mb-2 text-sm text-ink-muted" data-testid="own-rating-state">
					{state.own.published
						? t('form.ownPublished')
						: t('form.ownPending', { date: formatDate(state.until, locale) })}
				</p>
				<RatingContentView rating={state.own} />
			</DetailSection>
		)
	}
	if (!state.canRate) {
		return state.refusal ? (
			<DetailSection id="rating-panel" title={t('form.title')}>
				<p data-testid="rating-refusal">{looseT(tAny)(state.refusal, { days: RATING_WINDOW_DAYS })}</p>
			</DetailSection>
		) : null
	}
	return <RatingForm until={state.until} />
}

function RatingForm({ until }: { until: number }) {
	const { t } = useTranslation('ratings')
	const locale = useLocale()
	const [form, fields] = useAppForm({
		id: 'rating-form',
		schema: ratingFieldsSchema,
		lastResult: useFormResult('rate'),
	})
	const scoreOptions = [
		{ value: '', label: t('form.choose') },
		...[5, 4, 3, 2, 1].map((n) => ({ value: String(n), label: t('form.starOption', { count: n }) })),
	]
	return (
		<DetailSection id="rating-panel" title={t('form.title')}>
			<p className="mb-3 text-sm text-ink-muted">{t('form.intro', { until: formatDate(until, locale) })}</p>
			<FormAlert form={form} labels={fieldLabels(t, 'subScores')} />
			<Form method="POST" {...getFormProps(form)} data-testid="rating-form">
				<input type="hidden" name="intent" value="rate" />
				<SelectField field={fields.stars} label={t('form.stars')} options={scoreOptions} />
				<div className="grid gap-x-4 sm:grid-cols-2">
					{RATING_SUB_SCORES.map((key) => (
						<SelectField key={key} field={fields[key]} label={t(`subScores.${key}`)} options={scoreOptions} />
					))}
				</div>
				<SelectField
					field={fields.ageFit}
					label={t('form.ageFit')}
					options={[
						{ value: '', label: t('form.ageFitNone') },
						...RATING_AGE_FIT_VALUES.map((value) => ({ value, label: t(`ageFits.${value}`) })),
					]}
				/>
				<TextAreaField
					field={fields.comment}
					label={t('form.comment')}
					maxLength={RATING_COMMENT_MAX}
					rows={5}
				/>
				<SubmitButton className="btn-primary">{t('form.submit')}</SubmitButton>
			</Form>
		</DetailSection>
	)
}
