import { parseFormSubmission } from '#app/utils/form-submission.ts'
import { useTranslation } from 'react-i18next'
import { Form, useActionData } from 'react-router'
import type { Route } from './+types/order-detail.ts'
import { StatusBadge } from '#app/components/booking-ui.tsx'
import { DetailColumn, DetailFrame, DetailSection } from '#app/components/detail-frame.tsx'
import {
	CancellationState,
	CancelPanel,
	GuestContact,
	OrderFacts,
	OrderHistory,
	OrderPrice,
} from '#app/components/order-detail.tsx'
import { LocaleLink } from '#app/components/locale-link.tsx'
import { HostOrderRatingPanel } from '#app/components/host-rating-forms.tsx'
import { saveHostPrivateNote } from '#app/models/ratings/ratings.server.ts'
import { hostOrderRating } from '#app/models/ratings/rating-views.server.ts'
import { hostNoteSchema } from '#app/schemas/ratings.ts'
import { acceptOrder, cancelOrder, declineOrder } from '#app/models/booking/order-transitions.server.ts'
import { getOrderView } from '#app/models/booking/order-queries.server.ts'
import { executeCardRefunds } from '#app/models/booking/payments.server.ts'
import { reasonRequiredSchema } from '#app/schemas/checkout.ts'
import { isAppError } from '#app/utils/app-error.ts'
import { requireRole } from '#app/utils/auth.server.ts'
import { failedForm, invalidForm, type FormActionData } from '#app/utils/form-actions.server.ts'
import { formatAmount } from '#app/utils/format.ts'
import { formatDateTime } from '#app/utils/format-instant.ts'
import { getLocale, getT } from '#app/utils/i18n.server.ts'
import { localizePath, stripLocale } from '#app/utils/locale.ts'
import { looseT } from '#app/utils/loose-t.ts'
import { assertValidRouteParams, notFound } from '#app/utils/route-params.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { translateValidationMessage } from '#app/utils/validation.ts'
import { useLocale } from '#app/hooks/use-root-data.ts'

/**
 * /host/orders/:orderId and /owner/orders/:orderId: the host's view of an
 * order on the detail frame (one column in the phone-first owner area) —
 * accept, decline with a reason, cancel with a reason (full refund), the
 * guest's contact, price and history. Another host's order is a 404.
 */
function area(url: URL) {
	return stripLocale(url.pathname).startsWith('/owner/') ? 'owner' : 'host'
}

export async function loader(args: Route.LoaderArgs) {
	assertValidRouteParams(args.params)
	const host = await requireRole(args, 'Owner')
	try {
		return {
			order: getOrderView(args.params.orderId, host),
			rating: hostOrderRating(args.params.orderId, host),
			area: area(args.url),
			cancelling: args.url.searchParams.get('cancel') === '1',
		}
	} catch (error) {
		if (isAppError(error) && error.status === 404) throw notFound()
		throw error
	}
}

export async function action(args: Route.ActionArgs) {
	assertValidRouteParams(args.params)
	const host = await requireRole(args, 'Owner')
	const form = await args.request.formData()
	const intent = String(form.get('intent') ?? '')
	const locale = getLocale(args.context)
	const t = looseT(getT(args.context))
	const here = localizePath(`/${area(args.url)}/orders/${args.params.orderId}`, locale)
	const done = (key: string, params?: Record<string, unknown>) =>
		redirectWithToast(here, { type: 'success', description: t(key, params) })
	const fail = (error: unknown) => {
		if (isAppError(error) && error.status === 404) throw notFound()
		if (!isAppError(error)) throw error
		return redirectWithToast(here, { type: 'danger', description: t(error.messageKey, error.params) })
	}
	if (intent === 'accept') {
		try {
			acceptOrder(args.params.orderId, host)
			return done('booking:detail.accepted')
		} catch (error) {
			return fail(error)
		}
	}
	if (intent === 'note') {
		const note = parseFormSubmission(form, { schema: hostNoteSchema })
		if (note.status !== 'success') return invalidForm('note', note)
		try {
			saveHostPrivateNote(host, args.params.orderId, note.value.note)
		} catch (error) {
			if (isAppError(error) && error.status === 404) throw notFound()
			return failedForm('note', note, error)
		}
		return redirectWithToast(`${here}#rating-panel`, {
			type: 'success',
			description: t('ratings:host.noteSaved'),
		})
	}
	if (intent !== 'decline' && intent !== 'cancel') return new Response(null, { status: 400 })
	const submission = parseFormSubmission(form, { schema: reasonRequiredSchema })
	if (submission.status !== 'success') return invalidForm(intent, submission)
	try {
		if (intent === 'decline') {
			declineOrder(args.params.orderId, host, submission.value.reason)
			return done('booking:detail.declined')
		}
		const result = cancelOrder(args.params.orderId, host, submission.value.reason)
		await executeCardRefunds(result.order.id)
		return done('booking:detail.cancelledRefund', { amount: formatAmount(result.refund, locale) })
	} catch (error) {
		if (isAppError(error) && error.status === 404) throw notFound()
		return failedForm(intent, submission, error)
	}
}

function Answer({
	order,
	actionData,
	wide,
}: {
	order: Route.ComponentProps['loaderData']['order']
	actionData: FormActionData | undefined
	wide: boolean
}) {
	const { t } = useTranslation('booking')
	const { t: tv } = useTranslation()
	const locale = useLocale()
	if (!order.actions.decline && !order.actions.accept) return null
	const errors = actionData?.intent === 'decline' ? (actionData.result?.error?.reason ?? []) : []
	return (
		<DetailSection id="answer-request" title={t('detail.actions')} tone="warning" wide={wide}>
			{order.responseDeadline ? (
				<p className="mb-3">
					{t('detail.respondBy', { deadline: formatDateTime(order.responseDeadline, locale) })}
				</p>
			) : null}
			{order.actions.accept ? (
				<Form method="post" className="mb-4">
					<input type="hidden" name="intent" value="accept" />
					<button type="submit" className="btn-primary" data-testid="accept">
						{t('detail.accept')}
					</button>
				</Form>
			) : null}
			<Form method="post">
				<input type="hidden" name="intent" value="decline" />
				<label htmlFor="decline-reason" className="mb-1 block text-sm font-medium">
					{t('detail.declineReasonLabel')}
					<span className="ml-0.5 text-danger" aria-hidden="true">
						*
					</span>
				</label>
				<textarea
					id="decline-reason"
					name="reason"
					rows={3}
					minLength={3}
					maxLength={1000}
					required
					aria-invalid={errors.length ? true : undefined}
					aria-describedby={`decline-reason-hint${errors.length ? ' decline-reason-error' : ''}`}
					className="w-full rounded-lg border border-line bg-surface px-3 py-2 text-ink"
				/>
				<p id="decline-reason-hint" className="mb-2 text-xs text-ink-muted">
					{t('detail.declineReasonHint')}
				</p>
				{errors.length ? (
					<p id="decline-reason-error" className="mb-2 text-sm text-danger">
						{errors.map((e) => translateValidationMessage(tv, e)).join(' ')}
					</p>
				) : null}
				<button type="submit" className="btn-secondary" data-testid="decline">
					{t('detail.decline')}
				</button>
			</Form>
		</DetailSection>
	)
}

export default function HostOrderPage({ loaderData }: Route.ComponentProps) {
	const { t } = useTranslation('booking')
	const { t: tc } = useTranslation()
	const actionData = useActionData<FormActionData>()
	const { order, area: areaName } = loaderData
	const base = `/${areaName}/orders/${order.id}`
	const showCancel = loaderData.cancelling || actionData?.intent === 'cancel'
	const narrow = areaName === 'owner'
	const title = t('detail.title', { code: order.code })
	return (
		<DetailFrame
			testId="host-order"
			title={title}
			badge={<StatusBadge status={order.status} />}
			narrow={narrow}
			actions={
				order.actions.cancel && !showCancel ? (
					<LocaleLink to={`${base}?cancel=1`} className="btn-secondary" data-testid="cancel-start">
						{t('detail.cancel')}
					</LocaleLink>
				) : null
			}
		>
			<title>{`${title} | ${tc('appName')}`}</title>
			<Answer order={order} actionData={actionData} wide={!narrow} />
			<DetailColumn>
				<OrderFacts order={order} />
				<GuestContact order={order} />
				<CancellationState order={order} />
				{showCancel ? (
					<CancelPanel order={order} reasonRequired actionData={actionData} backTo={base} />
				) : null}
				{loaderData.rating ? <HostOrderRatingPanel rating={loaderData.rating} /> : null}
				<OrderHistory order={order} />
			</DetailColumn>
			<DetailColumn>
				<OrderPrice order={order} />
			</DetailColumn>
		</DetailFrame>
	)
}
