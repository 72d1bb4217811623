import { useTranslation } from 'react-i18next'
import { data, useActionData } from 'react-router'
import type { Route } from './+types/playroom-ratings.ts'
import { loadAdminTablePage } from './admin-table.server.ts'
import { AdminReasonForm } from '#app/components/admin-reason-form.tsx'
import { DataTablePage } from '#app/components/data-table.tsx'
import { LocaleLink } from '#app/components/locale-link.tsx'
import {
	listAdminRatings,
	ratingTable,
	setRatingHidden,
	type AdminRatingItem,
} from '#app/models/admin/admin-ratings.server.ts'
import { ratingVisibilitySchema } from '#app/schemas/admin-entities.ts'
import { RATING_HIDE_REASON_VALUES, ratingHideSchema } from '#app/schemas/ratings.ts'
import { requireRole } from '#app/utils/auth.server.ts'
import { failedForm, invalidForm, type FormActionData } from '#app/utils/form-actions.server.ts'
import { parseFormSubmission } from '#app/utils/form-submission.ts'
import { formatDateTime } from '#app/utils/format-instant.ts'
import { getT } from '#app/utils/i18n.server.ts'
import { looseT } from '#app/utils/loose-t.ts'
import { pageTitle } from '#app/utils/page-title.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { useLocale } from '#app/hooks/use-root-data.ts'

/**
 * /admin/playroomRatings (issue 14, ADR 0096): every rating in the data table
 * (filters: hidden only, playroom); each row hides or shows the rating again
 * with a reason, and the playroom's average follows at once.
 */
export async function loader(args: Route.LoaderArgs) {
	const { page } = await loadAdminTablePage(args, ratingTable, listAdminRatings)
	return data(page.data, { status: page.status })
}

export async function action(args: Route.ActionArgs) {
	const admin = await requireRole(args, 'Admin')
	const form = await args.request.formData()
	const intent = String(form.get('intent') ?? '')
	if (intent !== 'hide' && intent !== 'unhide') return new Response(null, { status: 400 })
	// Hiding needs a reason from the fixed list (DSA Art. 17; ADR 0160), showing again a reason text.
	const submission = parseFormSubmission(form, {
		schema: intent === 'hide' ? ratingHideSchema : ratingVisibilitySchema,
	})
	if (submission.status !== 'success') return invalidForm(intent, submission)
	try {
		const value = submission.value
		setRatingHidden(
			admin,
			value.targetId,
			intent === 'hide',
			value.reason ?? null,
			'reasonCode' in value ? value.reasonCode : null,
		)
	} catch (error) {
		return failedForm(intent, submission, error)
	}
	// Back to the same list view (filters, sort and page stay).
	const t = looseT(getT(args.context))
	return redirectWithToast(`${args.url.pathname}${args.url.search}`, {
		type: 'success',
		description: t(intent === 'hide' ? 'admin:ratings.hiddenDone' : 'admin:ratings.unhiddenDone'),
	})
}

export default function AdminRatingsPage({ loaderData }: Route.ComponentProps) {
	const { t } = useTranslation()
	const { t: ta } = useTranslation('admin')
	const { t: tr } = useTranslation('ratings')
	const locale = useLocale()
	const actionData = useActionData<FormActionData>()
	const title = pageTitle(t, 'admin/playroomRatings')
	const cell = (key: string, rating: AdminRatingItem): React.ReactNode => {
		switch (key) {
			case 'playroom':
				return (
					<LocaleLink to={`/admin/playrooms/${rating.playroomId}`} className="underline">
						{rating.playroomName}
					</LocaleLink>
				)
			case 'guest':
				return (
					<LocaleLink to={`/admin/guests/${rating.guestId}`} className="underline">
						{rating.guestName}
					</LocaleLink>
				)
			case 'stars':
				return `${rating.stars} / 5`
			case 'comment':
				return rating.excerpt
			case 'hidden':
				return (
					<>
						<div>{ta(rating.hidden ? 'table.yes' : 'table.no')}</div>
						{rating.hiddenReason || rating.hiddenReasonCode ? (
							<div className="text-ink-muted">
								{ta('ratings.hiddenBecause', {
									reason: [
										rating.hiddenReasonCode ? tr(`hideReasons.${rating.hiddenReasonCode}`) : null,
										rating.hiddenReason,
									]
										.filter(Boolean)
										.join(': '),
								})}
							</div>
						) : null}
					</>
				)
			case 'createdAt':
				return formatDateTime(rating.createdAt, locale)
			case 'actions':
				return (
					<AdminReasonForm
						intent={rating.hidden ? 'unhide' : 'hide'}
						target={rating.id}
						label={ta('ratings.reason')}
						submit={ta(rating.hidden ? 'ratings.unhide' : 'ratings.hide')}
						actionData={actionData}
						testId="rating-visibility"
						choice={
							rating.hidden
								? undefined
								: {
										name: 'reasonCode',
										label: tr('hideReason'),
										options: RATING_HIDE_REASON_VALUES.map((value) => ({
											value,
											label: tr(`hideReasons.${value}`),
										})),
									}
						}
					/>
				)
			default:
				return null
		}
	}
	return (
		<DataTablePage
			title={title}
			exportPath="/api/Admin/PlayroomRatings/Export"
			testId="admin-ratings"
			page={loaderData}
			rowKey={(rating) => rating.id}
			cell={cell}
			rowTestId="rating-row"
		/>
	)
}
