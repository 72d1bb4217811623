import { useTranslation } from 'react-i18next'
import { useActionData } from 'react-router'
import type { Route } from './+types/playroom-detail.ts'
import { AdminReasonForm } from '#app/components/admin-reason-form.tsx'
import { StatusBadge } from '#app/components/booking-ui.tsx'
import { DetailFrame, DetailSection } from '#app/components/detail-frame.tsx'
import { AuditHistory } from '#app/components/audit-history.tsx'
import { LocaleLink } from '#app/components/locale-link.tsx'
import { PlayroomStatusBadge } from '#app/components/playroom-status.tsx'
import {
	blockPlayroom,
	getAdminPlayroomDetail,
	unblockPlayroom,
} from '#app/models/admin/admin-playrooms.server.ts'
import { adminReasonSchema } from '#app/schemas/admin-entities.ts'
import { requireRole } from '#app/utils/auth.server.ts'
import { playroomPath } from '#app/utils/catalogue-urls.ts'
import { failedForm, invalidForm, type FormActionData } from '#app/utils/form-actions.server.ts'
import { parseFormSubmission } from '#app/utils/form-submission.ts'
import { formatDateTime, formatStay } from '#app/utils/format-instant.ts'
import { getLocale, getT } from '#app/utils/i18n.server.ts'
import { localizePath } from '#app/utils/locale.ts'
import { looseT } from '#app/utils/loose-t.ts'
import { requireOwnedParams } from '#app/utils/ownership.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { useLocale } from '#app/hooks/use-root-data.ts'

/**
 * /admin/playrooms/:playroomId (issue 14, ADR 0096): facts, host, rating and
 * the latest bookings of a playroom; Block / Unblock with a reason e-mailed to
 * the host; links to the public page and to the host's editor.
 */
export async function loader(args: Route.LoaderArgs) {
	const admin = await requireRole(args, 'Admin')
	requireOwnedParams(args.params, admin)
	return getAdminPlayroomDetail(admin, args.params.playroomId)
}

export async function action(args: Route.ActionArgs) {
	const admin = await requireRole(args, 'Admin')
	requireOwnedParams(args.params, admin)
	const { playroomId } = args.params
	const form = await args.request.formData()
	const intent = String(form.get('intent') ?? '')
	if (intent !== 'block' && intent !== 'unblock') return new Response(null, { status: 400 })
	const submission = parseFormSubmission(form, { schema: adminReasonSchema })
	if (submission.status !== 'success') return invalidForm(intent, submission)
	try {
		const run = intent === 'block' ? blockPlayroom : unblockPlayroom
		run(admin, playroomId, submission.value.reason)
	} catch (error) {
		return failedForm(intent, submission, error)
	}
	const name = getAdminPlayroomDetail(admin, playroomId).playroom.name
	const t = looseT(getT(args.context))
	return redirectWithToast(localizePath(`/admin/playrooms/${playroomId}`, getLocale(args.context)), {
		type: 'success',
		description: t(`admin:playrooms.${intent}.done`, { name }),
	})
}

export default function AdminPlayroomPage({ loaderData }: Route.ComponentProps) {
	const { t } = useTranslation('admin')
	const { t: tc } = useTranslation()
	const locale = useLocale()
	const actionData = useActionData<FormActionData>()
	const { playroom, host, recentOrders, orderCount } = loaderData
	const blocked = playroom.status === 'Blocked'
	const fact = (label: string, value: React.ReactNode) => (
		<div className="flex gap-2">
			<dt className="text-ink-muted">{label}:</dt>
			<dd>{value}</dd>
		</div>
	)
	return (
		<DetailFrame
			testId="admin-playroom"
			title={playroom.name}
			badge={<PlayroomStatusBadge status={playroom.status} />}
			subtitle={playroom.city}
			actions={
				<>
					<LocaleLink to={playroomPath(playroom.path)} className="btn-secondary" data-testid="view-public">
						{t('playrooms.detail.viewPublic')}
					</LocaleLink>
					<LocaleLink
						to={`/host/playrooms/edit/${playroom.id}`}
						className="btn-secondary"
						data-testid="edit-as-host"
					>
						{t('playrooms.detail.editAsHost')}
					</LocaleLink>
				</>
			}
		>
			<title>{`${playroom.name} | ${tc('appName')}`}</title>
			<DetailSection id="playroom-facts" title={t('playrooms.detail.facts')}>
				{blocked && playroom.blockedReason ? (
					<p className="mb-3 text-danger" data-testid="blocked-reason">
						{t('playrooms.detail.blockedReason', { reason: playroom.blockedReason })}
					</p>
				) : null}
				<dl className="mb-4 space-y-1">
					{fact(t('playrooms.detail.path'), playroomPath(playroom.path))}
					{fact(t('playrooms.detail.city'), playroom.city)}
					{fact(t('playrooms.detail.createdAt'), formatDateTime(playroom.createdAt, locale))}
					{playroom.publishedAt
						? fact(t('playrooms.detail.publishedAt'), formatDateTime(playroom.publishedAt, locale))
						: null}
					{host
						? fact(
								t('playrooms.detail.host'),
								<LocaleLink to={`/admin/hosts/${host.id}`} className="underline" data-testid="host-link">
									{host.displayName}
								</LocaleLink>,
							)
						: null}
				</dl>
				<AdminReasonForm
					intent={blocked ? 'unblock' : 'block'}
					label={t('playrooms.reason')}
					submit={t(blocked ? 'playrooms.unblock.submit' : 'playrooms.block.submit')}
					actionData={actionData}
					danger={!blocked}
					testId="block-form"
				/>
			</DetailSection>
			<DetailSection id="playroom-rating" title={t('playrooms.detail.rating')}>
				<p className="mb-2">
					{playroom.ratingAverage === null
						? t('playrooms.detail.noRating')
						: t('playrooms.detail.ratingValue', {
								average: playroom.ratingAverage.toFixed(1),
								count: playroom.ratingCount,
							})}
				</p>
				<LocaleLink to={`/admin/playroomRatings?playroomId=${playroom.id}`} className="underline">
					{t('playrooms.detail.ratings')}
				</LocaleLink>
			</DetailSection>
			<DetailSection id="playroom-orders" title={t('playrooms.detail.recentOrders')} wide>
				{recentOrders.length === 0 ? (
					<p>{t('playrooms.detail.noOrders')}</p>
				) : (
					<ul className="mb-2 space-y-1">
						{recentOrders.map((order) => (
							<li key={order.id} className="flex flex-wrap items-center gap-2">
								<LocaleLink to={`/admin/orders/${order.id}`} className="font-mono underline">
									{order.code}
								</LocaleLink>
								<StatusBadge status={order.status} />
								<span>{formatStay(order.checkIn, order.checkOut, locale)}</span>
							</li>
						))}
					</ul>
				)}
				<LocaleLink to={`/admin/orders?playroomId=${playroom.id}`} className="underline">
					{t('playrooms.detail.allOrders', { count: orderCount })}
				</LocaleLink>
			</DetailSection>
			<AuditHistory entries={loaderData.history} />
		</DetailFrame>
	)
}
