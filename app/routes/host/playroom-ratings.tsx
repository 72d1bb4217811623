import { useTranslation } from 'react-i18next'
import type { Route } from './+types/playroom-ratings.ts'
import { RatingReplyForm } from '#app/components/host-rating-forms.tsx'
import { LocaleLink } from '#app/components/locale-link.tsx'
import { RatingContentView } from '#app/components/rating-view.tsx'
import { replyToRating } from '#app/models/ratings/ratings.server.ts'
import { listHostRatings } from '#app/models/ratings/rating-views.server.ts'
import { RATING_SUB_SCORES, ratingReplySchema } from '#app/schemas/ratings.ts'
import { isAppError } from '#app/utils/app-error.ts'
import { requireRole } from '#app/utils/auth.server.ts'
import { failedForm, invalidForm } from '#app/utils/form-actions.server.ts'
import { parseFormSubmission } from '#app/utils/form-submission.ts'
import { formatDate } from '#app/utils/format-instant.ts'
import { getLocale, getT } from '#app/utils/i18n.server.ts'
import { localizePath } from '#app/utils/locale.ts'
import { looseT } from '#app/utils/loose-t.ts'
import { pageTitle } from '#app/utils/page-title.ts'
import { notFound } from '#app/utils/route-params.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { useLocale } from '#app/hooks/use-root-data.ts'

/**
 * /host/playroomRatings (issue 32, ADR 0160): the host's ratings — pending
 * ones only as "arrived, published on <date>" — sub-score averages and a
 * 12-month trend per playroom, and the public reply form (once, editable 48 h).
 */
export async function loader(args: Route.LoaderArgs) {
	const host = await requireRole(args, 'Owner')
	return listHostRatings(host)
}

export async function action(args: Route.ActionArgs) {
	const host = await requireRole(args, 'Owner')
	const form = await args.request.formData()
	const intent = String(form.get('intent') ?? '')
	const submission = parseFormSubmission(form, { schema: ratingReplySchema })
	if (submission.status !== 'success') return invalidForm(intent, submission)
	try {
		replyToRating(host, submission.value.ratingId, submission.value.reply)
	} catch (error) {
		if (isAppError(error) && error.status === 404) throw notFound()
		return failedForm(intent, submission, error)
	}
	const t = looseT(getT(args.context))
	return redirectWithToast(
		`${localizePath('/host/playroomRatings', getLocale(args.context))}#rating-${submission.value.ratingId}`,
		{ type: 'success', description: t('ratings:host.replied') },
	)
}

/** Per-month averages as bars (no chart library): a month without ratings leaves a gap. */
function TrendBars({ trend, label }: { trend: { month: string; average: number | null }[]; label: string }) {
	const width = 12 * trend.length
	return (
		<svg
			viewBox={`0 0 ${width} 50`}
			width={width * 2}
			height={50}
			role="img"
			aria-label={label}
			className="max-w-full text-accent"
			data-testid="rating-trend"
		>
			<title>{label}</title>
			{trend.map((point, i) =>
				point.average === null ? null : (
					<rect
						key={point.month}
						x={i * 12 + 2}
						y={50 - point.average * 10}
						width={8}
						height={point.average * 10}
						fill="currentColor"
					>
						<title>{`${point.month}: ${point.average}`}</title>
					</rect>
				),
			)}
		</svg>
	)
}

export default function HostRatingsPage({ loaderData }: Route.ComponentProps) {
	const { t } = useTranslation()
	const { t: tr } = useTranslation('ratings')
	const locale = useLocale()
	const title = pageTitle(t, 'host/playroomRatings')
	const rated = loaderData.playrooms.filter((playroom) => playroom.count > 0)
	return (
		<main id="main" data-testid="host-ratings">
			<title>{`${title} | ${t('appName')}`}</title>
			<h1 className="mb-2 text-3xl font-bold">{title}</h1>
			<p className="mb-6 text-ink-muted">{tr('host.intro')}</p>
			<section aria-labelledby="rating-figures" className="mb-8">
				<h2 id="rating-figures" className="mb-3 text-xl font-semibold">
					{tr('host.figures')}
				</h2>
				{rated.length === 0 ? <p className="card">{tr('host.noFigures')}</p> : null}
				<div className="grid gap-4 md:grid-cols-2">
					{rated.map((playroom) => (
						<div key={playroom.playroomId} className="card" data-testid="rating-figures">
							<h3 className="font-semibold">{playroom.name}</h3>
							<p className="mb-2 text-sm text-ink-muted">
								{tr('starsValue', { value: playroom.stars })} · {tr('host.count', { count: playroom.count })}
							</p>
							<dl className="mb-2 grid grid-cols-2 gap-x-3 text-sm">
								{RATING_SUB_SCORES.map((key) => (
									<div key={key} className="flex justify-between gap-2">
										<dt>{tr(`subScores.${key}`)}</dt>
										<dd>{playroom.scores[key] ?? '–'}</dd>
									</div>
								))}
							</dl>
							<p className="text-xs text-ink-muted">{tr('host.trend')}</p>
							<TrendBars trend={playroom.trend} label={`${playroom.name}: ${tr('host.trend')}`} />
						</div>
					))}
				</div>
			</section>
			<section aria-labelledby="rating-list">
				<h2 id="rating-list" className="mb-3 text-xl font-semibold">
					{tr('host.title')}
				</h2>
				{loaderData.items.length === 0 ? <p className="card">{tr('host.empty')}</p> : null}
				<ul className="flex flex-col gap-4">
					{loaderData.items.map((item) => (
						<li
							key={item.id}
							id={`rating-${item.id}`}
							className="card scroll-mt-24"
							data-testid="host-rating"
						>
							<p className="mb-2 text-sm">
								<span className="font-medium">{item.playroomName}</span> ·{' '}
								<LocaleLink to={`/host/orders/${item.orderId}`} className="underline">
									{tr('host.order', { code: item.orderCode })}
								</LocaleLink>{' '}
								· {item.guestName}
							</p>
							{item.published ? (
								<>
									{item.hidden ? <p className="mb-1 text-sm text-danger">{tr('host.hidden')}</p> : null}
									<RatingContentView rating={item.published} />
									{'canReply' in item && item.canReply && !item.hidden ? (
										<RatingReplyForm
											ratingId={item.id}
											reply={item.published.hostReply}
											editableUntil={item.replyEditableUntil}
										/>
									) : null}
								</>
							) : (
								<p data-testid="rating-pending">
									{tr('host.pending', { date: formatDate(item.publishesAt, locale) })}
								</p>
							)}
						</li>
					))}
				</ul>
			</section>
		</main>
	)
}
