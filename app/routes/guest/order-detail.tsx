import { parseFormSubmission } from '#app/utils/form-submission.ts'
import { useTranslation } from 'react-i18next'
import { redirect, useActionData } from 'react-router'
import type { Route } from './+types/order-detail.ts'
import { StatusBadge } from '#app/components/booking-ui.tsx'
import { DetailColumn, DetailFrame, DetailSection } from '#app/components/detail-frame.tsx'
import {
	CancellationState,
	CancelPanel,
	OrderFacts,
	OrderHistory,
	OrderPrice,
} from '#app/components/order-detail.tsx'
import { NextSteps, PaymentPanel } from '#app/components/order-panels.tsx'
import { LocaleLink } from '#app/components/locale-link.tsx'
import { ArrivalPanel } from '#app/components/arrival-panel.tsx'
import { GuestRatingPanel } from '#app/components/rating-form.tsx'
import { createRating } from '#app/models/ratings/ratings.server.ts'
import { guestRatingState } from '#app/models/ratings/rating-views.server.ts'
import { ratingFieldsSchema } from '#app/schemas/ratings.ts'
import { arrivalForOrder } from '#app/models/host-office/access-areas.server.ts'
import { cancelOrder } from '#app/models/booking/order-transitions.server.ts'
import { getOrderView } from '#app/models/booking/order-queries.server.ts'
import { executeCardRefunds, startCardPayment } from '#app/models/booking/payments.server.ts'
import { giveRefundAccount } from '#app/models/booking/refunds.server.ts'
import { guestCancelSchema, refundAccountOf, refundAccountSchema } from '#app/schemas/refunds.ts'
import { RefundAccountPanel } from '#app/components/refund-account.tsx'
import { isAppError } from '#app/utils/app-error.ts'
import { requireRole } from '#app/utils/auth.server.ts'
import { failedForm, invalidForm, type FormActionData } from '#app/utils/form-actions.server.ts'
import { formatAmount } from '#app/utils/format.ts'
import { getLocale, getT } from '#app/utils/i18n.server.ts'
import { localizePath } from '#app/utils/locale.ts'
import { looseT } from '#app/utils/loose-t.ts'
import { assertValidRouteParams, notFound } from '#app/utils/route-params.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { useLocale } from '#app/hooks/use-root-data.ts'

/**
 * /guest/orders/:orderId: the guest's booking on the detail frame — details,
 * price, status history, payment, the .ics, and cancelling with the refund shown before
 * confirming (?cancel=1) and, for a refund by transfer, the account it goes to (asked again while
 * a refund is due without one; ADR 0176). Another guest's order is a 404. The page can carry
 * the arrival code (issue 13): like every page in the areas it is never stored
 * by a cache (Cache-Control: private, no-store, app/render/page-cache.server.ts).
 */
function viewFor(orderId: string, user: { id: string; role: 'Customer' | 'Owner' | 'Admin' }) {
	try {
		return getOrderView(orderId, user)
	} catch (error) {
		if (isAppError(error) && error.status === 404) throw notFound()
		throw error
	}
}

export async function loader(args: Route.LoaderArgs) {
	assertValidRouteParams(args.params)
	const user = await requireRole(args, 'Customer')
	const order = viewFor(args.params.orderId, user)
	return {
		order,
		arrival: arrivalForOrder(order.id, user, getLocale(args.context)),
		rating: guestRatingState(order.id, user),
		cancelling: args.url.searchParams.get('cancel') === '1',
	}
}

export async function action(args: Route.ActionArgs) {
	assertValidRouteParams(args.params)
	const user = await requireRole(args, 'Customer')
	const form = await args.request.formData()
	const locale = getLocale(args.context)
	const t = looseT(getT(args.context))
	const here = localizePath(`/guest/orders/${args.params.orderId}`, locale)
	if (form.get('intent') === 'payByCard') {
		try {
			return redirect((await startCardPayment(args.params.orderId, user, locale)).url)
		} catch (error) {
			if (isAppError(error) && error.status === 404) throw notFound()
			if (!isAppError(error)) throw error
			return redirectWithToast(here, { type: 'danger', description: t(error.messageKey, error.params) })
		}
	}
	if (form.get('intent') === 'rate') {
		const rating = parseFormSubmission(form, { schema: ratingFieldsSchema })
		if (rating.status !== 'success') return invalidForm('rate', rating)
		try {
			createRating(user, args.params.orderId, rating.value, locale)
		} catch (error) {
			if (isAppError(error) && error.status === 404) throw notFound()
			return failedForm('rate', rating, error)
		}
		return redirectWithToast(`${here}#rating-panel`, {
			type: 'success',
			description: t('ratings:form.saved'),
		})
	}
	if (form.get('intent') === 'refundAccount') {
		const account = parseFormSubmission(form, { schema: refundAccountSchema })
		if (account.status !== 'success') return invalidForm('refundAccount', account)
		try {
			giveRefundAccount(args.params.orderId, user, account.value)
		} catch (error) {
			if (isAppError(error) && error.status === 404) throw notFound()
			return failedForm('refundAccount', account, error)
		}
		return redirectWithToast(`${here}#cancellation-state`, {
			type: 'success',
			description: t('refunds:account.saved'),
		})
	}
	// Cancelling: a refund that goes back by transfer may bring the guest's account (ADR 0176).
	const submission = parseFormSubmission(form, { schema: guestCancelSchema })
	if (submission.status !== 'success') return invalidForm('cancel', submission)
	try {
		const result = cancelOrder(args.params.orderId, user, submission.value.reason ?? null, {
			refundAccount: refundAccountOf(submission.value),
		})
		await executeCardRefunds(result.order.id)
		return redirectWithToast(here, {
			type: 'success',
			description: t('booking:detail.cancelledRefund', { amount: formatAmount(result.refund, locale) }),
		})
	} catch (error) {
		if (isAppError(error) && error.status === 404) throw notFound()
		return failedForm('cancel', submission, error)
	}
}

/** The cancel panel's heading (DetailSection `cancel-panel`), where "Cancel booking" lands. */
const CANCEL_PANEL = 'cancel-panel-title'

export default function GuestOrderPage({ loaderData }: Route.ComponentProps) {
	const { t } = useTranslation('booking')
	const { t: tc } = useTranslation()
	const { t: tchat } = useTranslation('chat')
	const locale = useLocale()
	const actionData = useActionData<FormActionData>()
	const { order } = loaderData
	const showCancel = loaderData.cancelling || actionData?.intent === 'cancel'
	const title = t('detail.title', { code: order.code })
	const live =
		order.status === 'Requested' || order.status === 'AwaitingPayment' || order.status === 'Confirmed'
	return (
		<DetailFrame testId="guest-order" title={title} badge={<StatusBadge status={order.status} />}>
			<title>{`${title} | ${tc('appName')}`}</title>
			<DetailColumn>
				<OrderFacts order={order} />
				<CancellationState order={order} />
				{order.refund?.needsAccount ? (
					<RefundAccountPanel refund={order.refund} actionData={actionData} />
				) : null}
				{loaderData.arrival ? <ArrivalPanel areas={loaderData.arrival} /> : null}
				{live ? (
					<>
						<NextSteps order={order} />
						<PaymentPanel order={order} />
					</>
				) : null}
				{showCancel ? (
					<CancelPanel
						order={order}
						reasonRequired={false}
						actionData={actionData}
						backTo={`/guest/orders/${order.id}`}
					/>
				) : null}
				{loaderData.rating ? <GuestRatingPanel state={loaderData.rating} /> : null}
				<OrderHistory order={order} />
			</DetailColumn>
			<DetailColumn>
				<OrderPrice order={order} />
				<DetailSection id="order-actions" title={t('detail.actions')}>
					<div className="flex flex-col gap-2">
						{order.actions.ics ? (
							<a
								href={localizePath(`/guest/orders/${order.id}/ics`, locale)}
								className="btn-secondary"
								download
							>
								{t('detail.downloadIcs')}
							</a>
						) : null}
						{order.actions.cancel && !showCancel ? (
							<LocaleLink
								// Lands on the refund panel, also without JavaScript (issue 31.15).
								to={`/guest/orders/${order.id}?cancel=1#${CANCEL_PANEL}`}
								className="btn-secondary"
								data-testid="cancel-start"
							>
								{t('detail.cancel')}
							</LocaleLink>
						) : null}
						<div className="text-sm" data-testid="host-contact">
							<p>
								{t('detail.hostTitle')}: {order.host.displayName}
							</p>
							<LocaleLink
								to={`/guest/chatMessages?hostId=${order.host.id}`}
								className="btn-primary mt-2 w-full"
								data-testid="chat-with-host"
							>
								{tchat('thread.contactHost')}
							</LocaleLink>
							{order.host.email ? (
								<>
									<a
										href={`mailto:${order.host.email}?subject=${encodeURIComponent(`${order.code} – ${order.playroom.name}`)}`}
										className="btn-secondary mt-2 w-full"
									>
										{t('detail.contactHost')}
									</a>
									<p className="mt-1 break-all">{order.host.email}</p>
									{order.host.phoneNumber ? (
										<p>
											<a href={`tel:${order.host.phoneNumber.replace(/[^+0-9]/g, '')}`} className="link">
												{order.host.phoneNumber}
											</a>
										</p>
									) : null}
									<p className="mt-1 text-xs text-ink-muted">{t('detail.contactHostNote')}</p>
								</>
							) : null}
						</div>
					</div>
				</DetailSection>
			</DetailColumn>
		</DetailFrame>
	)
}
