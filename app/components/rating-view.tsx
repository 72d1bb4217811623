import { useTranslation } from 'react-i18next'
import { RATING_SUB_SCORES, type RatingSubScore } from '#app/schemas/ratings.ts'
import { useLocale } from '#app/hooks/use-root-data.ts'
import { formatDate } from '#app/utils/format-instant.ts'

/**
 * One rating's content as guests, hosts and visitors see it (issue 32): the
 * stars, sub-scores, age fit, the comment in its own language (`lang`), and
 * the host's reply. Text is rendered as text, never as HTML.
 */
export type RatingContent = {
	id: string
	stars: number
	scores: Record<RatingSubScore, number | null>
	ageFit: '3-5' | '6-8' | '9-12' | null
	comment: string | null
	language: 'de' | 'en'
	hostReply: string | null
	createdAt: number
	guestName?: string
}

export function Stars({ value, label }: { value: number; label: string }) {
	const full = Math.round(value)
	return (
		<span role="img" aria-label={label} className="text-accent" title={label}>
			{'★'.repeat(full)}
			<span className="text-ink-muted">{'☆'.repeat(Math.max(0, 5 - full))}</span>
		</span>
	)
}

export function RatingContentView({
	rating,
	showReply = true,
}: {
	rating: RatingContent
	showReply?: boolean
}) {
	const { t } = useTranslation('ratings')
	const locale = useLocale()
	return (
		<article className="text-sm" data-testid="rating">
			<header className="mb-1 flex flex-wrap items-center gap-x-2">
				<Stars value={rating.stars} label={t('starsValue', { value: rating.stars })} />
				{rating.guestName ? <span className="font-medium">{rating.guestName}</span> : null}
				<span className="text-ink-muted">{formatDate(rating.createdAt, locale)}</span>
			</header>
			<dl className="mb-1 flex flex-wrap gap-x-3 text-xs text-ink-muted">
				{RATING_SUB_SCORES.filter((key) => rating.scores[key] !== null).map((key) => (
					<div key={key} className="flex gap-1">
						<dt>{t(`subScores.${key}`)}:</dt>
						<dd>{rating.scores[key]}</dd>
					</div>
				))}
				{rating.ageFit ? <div>{t(`ageFits.${rating.ageFit}`)}</div> : null}
			</dl>
			{rating.comment ? (
				<p lang={rating.language} className="whitespace-pre-line break-words" data-testid="rating-comment">
					{rating.comment}
				</p>
			) : null}
			{showReply && rating.hostReply ? (
				<div className="mt-2 border-l-2 border-line pl-3" data-testid="rating-reply">
					<p className="text-xs font-medium">{t('page.reply')}</p>
					<p className="whitespace-pre-line break-words">{rating.hostReply}</p>
				</div>
			) : null}
		</article>
	)
}
