import { useTranslation } from 'react-i18next'
import { Form } from 'react-router'
import { hostNoteSchema, RATING_NOTE_MAX, RATING_REPLY_MAX, ratingReplySchema } from '#app/schemas/ratings.ts'
import { useFormResult } from '#app/hooks/use-form-result.ts'
import { useLocale } from '#app/hooks/use-root-data.ts'
import { formatDate, formatDateTime } from '#app/utils/format-instant.ts'
import { useAppForm } from './app-form.ts'
import { DetailSection } from './detail-frame.tsx'
import { FormAlert, getFormProps, SubmitButton, TextAreaField } from './forms.tsx'
import { RatingContentView, type RatingContent } from './rating-view.tsx'

/**
 * The host's side of a rating (issue 32, ADR 0160). On the order page: that
 * a rating arrived (its content only once published) and the private note
 * about the guest, which publishes it. On /host/playroomRatings: the public
 * reply, once, editable for 48 h. Plain POST forms.
 */
export type HostOrderRating = {
	id: string
	arrivedAt: number
	publishesAt: number
	note: string | null
	published: RatingContent | null
}

export function HostOrderRatingPanel({ rating }: { rating: HostOrderRating }) {
	const { t } = useTranslation('ratings')
	const locale = useLocale()
	const [form, fields] = useAppForm({
		id: 'host-note-form',
		schema: hostNoteSchema,
		lastResult: useFormResult('note'),
		defaultValue: { note: rating.note ?? '' },
	})
	return (
		<DetailSection id="rating-panel" title={t('host.title')}>
			{rating.published ? (
				<RatingContentView rating={rating.published} />
			) : (
				<p data-testid="rating-arrived">
					{t('host.arrived', { date: formatDate(rating.publishesAt, locale) })}
				</p>
			)}
			<h3 className="mt-4 mb-1 font-semibold">{t('host.noteTitle')}</h3>
			<p className="mb-2 text-sm text-ink-muted">{t('host.noteIntro')}</p>
			<FormAlert form={form} />
			<Form method="POST" {...getFormProps(form)} data-testid="host-note-form">
				<input type="hidden" name="intent" value="note" />
				<TextAreaField
					field={fields.note}
					label={t('host.note')}
					required
					maxLength={RATING_NOTE_MAX}
					rows={3}
				/>
				<SubmitButton className="btn-secondary">{t('host.noteSubmit')}</SubmitButton>
			</Form>
		</DetailSection>
	)
}

export function RatingReplyForm({
	ratingId,
	reply,
	editableUntil,
}: {
	ratingId: string
	reply: string | null
	editableUntil: number | null
}) {
	const { t } = useTranslation('ratings')
	const locale = useLocale()
	const result = useFormResult(`reply-${ratingId}`)
	const [form, fields] = useAppForm({
		id: `reply-form-${ratingId}`,
		schema: ratingReplySchema,
		lastResult: result,
		defaultValue: { ratingId, reply: reply ?? '' },
	})
	return (
		<div className="mt-3">
			<FormAlert form={form} />
			<Form method="POST" {...getFormProps(form)} data-testid="rating-reply-form">
				<input type="hidden" name="intent" value={`reply-${ratingId}`} />
				<input type="hidden" name="ratingId" value={ratingId} />
				<TextAreaField
					field={fields.reply}
					label={
						reply && editableUntil
							? t('host.replyEdit', { date: formatDateTime(editableUntil, locale) })
							: t('host.reply')
					}
					required
					maxLength={RATING_REPLY_MAX}
					rows={3}
				/>
				<SubmitButton className="btn-secondary">{t('host.replySubmit')}</SubmitButton>
			</Form>
		</div>
	)
}
