import { useTranslation } from 'react-i18next'
import { data, Form, useActionData } from 'react-router'
import type { Route } from './+types/playroom-overview.ts'
import { StatusBadge } from '#app/components/booking-ui.tsx'
import { DetailFrame, DetailSection } from '#app/components/detail-frame.tsx'
import { LocaleLink } from '#app/components/locale-link.tsx'
import { PlayroomStatusBadge, PublishChecklist } from '#app/components/playroom-status.tsx'
import { getPlayroomOverview, type PlayroomOverview } from '#app/models/host-office/host-playrooms.server.ts'
import { requireManageablePlayroom } from '#app/models/host-office/playroom-access.server.ts'
import {
	deleteDraftPlayroom,
	pausePlayroom,
	publishPlayroom,
	unpausePlayroom,
} from '#app/models/host-office/playroom-publishing.server.ts'
import { DELETE_DRAFT_INTENT, PUBLISHING_INTENTS, type PublishingIntent } from '#app/schemas/host-office.ts'
import { isAppError } from '#app/utils/app-error.ts'
import { requireRole } from '#app/utils/auth.server.ts'
import { formatNumber, formatRating } from '#app/utils/format.ts'
import { formatStay } from '#app/utils/format-instant.ts'
import { getLocale, getT } from '#app/utils/i18n.server.ts'
import { localizePath } from '#app/utils/locale.ts'
import { assertValidRouteParams, notFound } from '#app/utils/route-params.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { looseT } from '#app/utils/loose-t.ts'
import { useLocale } from '#app/hooks/use-root-data.ts'

/**
 * /host/playrooms/:playroomId (issue 12): overview of one playroom — status,
 * checklist, preview, upcoming bookings, rating, views and website clicks of
 * the last 30 days — with Publish / Pause / Unpause. Another host's id is a 404.
 */
const rethrowNotFound = (error: unknown): never => {
	if (isAppError(error) && error.status === 404) throw notFound()
	throw error
}

export async function loader(args: Route.LoaderArgs) {
	assertValidRouteParams(args.params)
	const host = await requireRole(args, 'Owner')
	try {
		return getPlayroomOverview(host, args.params.playroomId, getLocale(args.context))
	} catch (error) {
		return rethrowNotFound(error)
	}
}

const RUN: Record<PublishingIntent, typeof publishPlayroom> = {
	publish: publishPlayroom,
	pause: pausePlayroom,
	unpause: unpausePlayroom,
}
const DONE: Record<PublishingIntent, string> = {
	publish: 'hostOffice:overview.published',
	pause: 'hostOffice:overview.paused',
	unpause: 'hostOffice:overview.unpaused',
}

export async function action(args: Route.ActionArgs) {
	assertValidRouteParams(args.params)
	const host = await requireRole(args, 'Owner')
	const { playroomId } = args.params
	try {
		requireManageablePlayroom(host, playroomId)
	} catch (error) {
		return rethrowNotFound(error)
	}
	const intent = String((await args.request.formData()).get('intent') ?? '')
	const t = looseT(getT(args.context))
	const locale = getLocale(args.context)
	const refused = (error: unknown) => {
		if (!isAppError(error) || error.status === 404) return rethrowNotFound(error)
		// A refused publish: the page lists the open checklist items as links to the editor.
		return data({ message: t(error.messageKey, error.params) }, { status: error.status })
	}
	if (intent === DELETE_DRAFT_INTENT) {
		try {
			const { name } = deleteDraftPlayroom(host, playroomId)
			return redirectWithToast(localizePath('/host/playrooms', locale), {
				type: 'success',
				description: t('hostOffice:overview.deleted', { name }),
			})
		} catch (error) {
			return refused(error)
		}
	}
	if (!PUBLISHING_INTENTS.includes(intent as PublishingIntent)) return new Response(null, { status: 400 })
	try {
		RUN[intent as PublishingIntent](host, playroomId)
	} catch (error) {
		return refused(error)
	}
	return redirectWithToast(localizePath(`/host/playrooms/${playroomId}`, locale), {
		type: 'success',
		description: t(DONE[intent as PublishingIntent]),
	})
}

/**
 * Deleting a Draft (issue 31.10): a disclosure that asks first — the button
 * inside it deletes. Works without JavaScript (<details> and a form).
 */
function DeleteDraft({ name }: { name: string }) {
	const { t } = useTranslation('hostOffice')
	return (
		<details className="w-full" data-testid="delete-draft">
			<summary className="btn-ghost cursor-pointer text-danger">{t('overview.deleteDraft')}</summary>
			<Form method="POST" className="card mt-2 flex flex-col gap-3 border-danger">
				<p>{t('overview.deleteConfirm', { name })}</p>
				<button
					type="submit"
					name="intent"
					value={DELETE_DRAFT_INTENT}
					className="btn-primary self-start bg-danger"
				>
					{t('overview.deleteConfirmButton')}
				</button>
			</Form>
		</details>
	)
}

function PublishingActions({ overview }: { overview: PlayroomOverview }) {
	const { t } = useTranslation('hostOffice')
	const intent: PublishingIntent | null =
		overview.status === 'Draft'
			? 'publish'
			: overview.status === 'Published'
				? 'pause'
				: overview.status === 'Paused'
					? 'unpause'
					: null
	return (
		<>
			<LocaleLink to={`/host/playrooms/edit/${overview.id}/basic-information`} className="btn-ghost">
				{t('overview.edit')}
			</LocaleLink>
			<LocaleLink
				to={`/playrooms/${overview.playroomUrlPath}?disableCacheAt=${overview.now}`}
				className="btn-ghost"
				data-testid="preview-link"
			>
				{t('overview.preview')}
			</LocaleLink>
			{intent ? (
				<Form method="POST">
					<button
						type="submit"
						name="intent"
						value={intent}
						className={intent === 'pause' ? 'btn-ghost' : 'btn-primary'}
					>
						{t(`overview.${intent}`)}
					</button>
				</Form>
			) : null}
			{overview.status === 'Draft' ? <DeleteDraft name={overview.name} /> : null}
		</>
	)
}

export default function PlayroomOverviewPage({ loaderData: overview }: Route.ComponentProps) {
	const { t } = useTranslation()
	const { t: th } = useTranslation('hostOffice')
	const locale = useLocale()
	const refused = useActionData<typeof action>()
	return (
		<DetailFrame
			title={overview.name}
			badge={<PlayroomStatusBadge status={overview.status} />}
			subtitle={overview.city}
			actions={<PublishingActions overview={overview} />}
			testId="playroom-overview"
		>
			<title>{`${overview.name} | ${t('appName')}`}</title>
			{refused && 'message' in refused ? (
				<div role="alert" className="card border-danger lg:col-span-2" data-testid="publish-refused">
					<p className="font-semibold text-danger">{refused.message}</p>
					{overview.checklist.some((item) => !item.done) ? (
						<>
							<p>{th('overview.refused')}</p>
							<PublishChecklist items={overview.checklist} playroomId={overview.id} only="missing" />
						</>
					) : null}
				</div>
			) : null}
			{overview.status === 'Blocked' ? (
				<p role="status" className="card border-danger lg:col-span-2">
					{th('overview.blockedHint')}
				</p>
			) : null}
			<DetailSection id="overview-checklist" title={th('checklist.title')}>
				<PublishChecklist items={overview.checklist} status={overview.status} playroomId={overview.id} />
			</DetailSection>
			<DetailSection id="overview-stats" title={th('overview.stats', { days: overview.stats.days })}>
				<dl className="grid grid-cols-2 gap-2">
					<dt>{th('overview.views')}</dt>
					<dd className="text-right tabular-nums" data-testid="stat-views">
						{formatNumber(overview.stats.views, locale)}
					</dd>
					<dt>{th('overview.websiteClicks')}</dt>
					<dd className="text-right tabular-nums" data-testid="stat-clicks">
						{formatNumber(overview.stats.websiteClicks, locale)}
					</dd>
					<dt>{th('overview.rating')}</dt>
					<dd className="text-right">
						{overview.rating.average !== null
							? th('list.ratingValue', {
									average: formatRating(overview.rating.average, locale),
									count: overview.rating.count,
								})
							: th('list.noRating')}
					</dd>
				</dl>
			</DetailSection>
			<DetailSection id="overview-upcoming" title={th('overview.upcoming')} wide>
				{overview.upcoming.length === 0 ? (
					<p>{th('overview.noUpcoming')}</p>
				) : (
					<ul className="flex flex-col gap-2">
						{overview.upcoming.map((order) => (
							<li key={order.id} className="flex flex-wrap items-center gap-2">
								<LocaleLink to={`/host/orders/${order.id}`} className="link font-mono">
									{order.code}
								</LocaleLink>
								<span>{formatStay(order.checkIn, order.checkOut, locale)}</span>
								<span>{order.guestName}</span>
								<StatusBadge status={order.status} />
							</li>
						))}
					</ul>
				)}
			</DetailSection>
		</DetailFrame>
	)
}
