import { useTranslation } from 'react-i18next'
import { Form, useActionData } from 'react-router'
import type { Route } from './+types/order-detail.ts'
import {
	OrderEmails,
	OrderMoney,
	OrderPeople,
	RecordTransferForm,
} from '#app/components/admin-order-sections.tsx'
import { StatusBadge } from '#app/components/booking-ui.tsx'
import { DetailColumn, DetailFrame } from '#app/components/detail-frame.tsx'
import { AuditHistory } from '#app/components/audit-history.tsx'
import { LocaleLink } from '#app/components/locale-link.tsx'
import {
	CancellationState,
	CancelPanel,
	OrderFacts,
	OrderHistory,
	OrderPrice,
} from '#app/components/order-detail.tsx'
import { getAdminOrderDetail, resendConfirmation } from '#app/models/admin/admin-orders.server.ts'
import { cancelOrder } from '#app/models/booking/order-transitions.server.ts'
import { executeCardRefunds, recordBankTransfer } from '#app/models/booking/payments.server.ts'
import { adminTransferFormSchema } from '#app/schemas/booking.ts'
import { reasonRequiredSchema } from '#app/schemas/checkout.ts'
import { isAppError } from '#app/utils/app-error.ts'
import { requireRole } from '#app/utils/auth.server.ts'
import { failedForm, invalidForm, type FormActionData } from '#app/utils/form-actions.server.ts'
import { parseFormSubmission } from '#app/utils/form-submission.ts'
import { formatAmount } from '#app/utils/format.ts'
import { formatStay } from '#app/utils/format-instant.ts'
import { getLocale, getT } from '#app/utils/i18n.server.ts'
import { localizePath } from '#app/utils/locale.ts'
import { looseT } from '#app/utils/loose-t.ts'
import { requireOwnedParams } from '#app/utils/ownership.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { refusedTransferForm } from '#app/utils/transfer-form.server.ts'
import { useLocale } from '#app/hooks/use-root-data.ts'

/**
 * /admin/orders/:orderId (issue 14): what happened to an order — facts,
 * price, the whole status history, payments, ledger rows, e-mails sent, the
 * guest and the host — and the operator's actions: cancel (reason, refund
 * preview), record a bank transfer, resend the confirmation. Admins see every
 * order (ownership rule `orderId`).
 */
export async function loader(args: Route.LoaderArgs) {
	const admin = await requireRole(args, 'Admin')
	requireOwnedParams(args.params, admin)
	return {
		...getAdminOrderDetail(admin, args.params.orderId),
		cancelling: args.url.searchParams.get('cancel') === '1',
	}
}

export async function action(args: Route.ActionArgs) {
	const admin = await requireRole(args, 'Admin')
	requireOwnedParams(args.params, admin)
	const { orderId } = args.params
	const form = await args.request.formData()
	const intent = String(form.get('intent') ?? '')
	const locale = getLocale(args.context)
	const t = looseT(getT(args.context))
	const here = localizePath(`/admin/orders/${orderId}`, locale)
	const done = (key: string, params?: Record<string, unknown>) =>
		redirectWithToast(here, { type: 'success', description: t(key, params) })
	if (intent === 'resend') {
		try {
			return done('admin:orders.resend.sent', { email: resendConfirmation(admin, orderId) })
		} catch (error) {
			if (!isAppError(error)) throw error
			return redirectWithToast(here, { type: 'danger', description: t(error.messageKey, error.params) })
		}
	}
	if (intent === 'recordTransfer') {
		const submission = parseFormSubmission(form, { schema: adminTransferFormSchema })
		if (submission.status !== 'success') return invalidForm(intent, submission)
		try {
			// The page's key makes a double submit one payment (ADR 0142); a repeat gets the same answer.
			recordBankTransfer({ orderId, ...submission.value }, admin)
			return done('admin:orders.transfer.recorded', { amount: formatAmount(submission.value.amount, locale) })
		} catch (error) {
			return refusedTransferForm(intent, submission, error)
		}
	}
	if (intent !== 'cancel') return new Response(null, { status: 400 })
	const submission = parseFormSubmission(form, { schema: reasonRequiredSchema })
	if (submission.status !== 'success') return invalidForm(intent, submission)
	try {
		const result = cancelOrder(orderId, admin, submission.value.reason)
		await executeCardRefunds(result.order.id)
		return done('admin:orders.cancel.done', { amount: formatAmount(result.refund, locale) })
	} catch (error) {
		return failedForm(intent, submission, error)
	}
}

export default function AdminOrderPage({ loaderData }: Route.ComponentProps) {
	const { t } = useTranslation('admin')
	const { t: tc } = useTranslation()
	const locale = useLocale()
	const actionData = useActionData<FormActionData>()
	const { order } = loaderData
	const base = `/admin/orders/${order.id}`
	const showCancel = loaderData.cancelling || actionData?.intent === 'cancel'
	const title = t('orders.detail.title', { code: order.code })
	return (
		<DetailFrame
			testId="admin-order"
			title={title}
			badge={<StatusBadge status={order.status} />}
			subtitle={`${order.playroom.name} · ${formatStay(order.checkIn, order.checkOut, locale)}`}
			actions={
				<>
					{order.actions.cancel && !showCancel ? (
						<LocaleLink to={`${base}?cancel=1`} className="btn-secondary" data-testid="cancel-start">
							{t('orders.cancel.start')}
						</LocaleLink>
					) : null}
					{loaderData.canResendConfirmation ? (
						<Form method="post">
							<input type="hidden" name="intent" value="resend" />
							<button type="submit" className="btn-secondary" data-testid="resend-confirmation">
								{t('orders.resend.submit')}
							</button>
						</Form>
					) : null}
				</>
			}
		>
			<title>{`${title} | ${tc('appName')}`}</title>
			{showCancel ? (
				<div className="lg:col-span-2">
					<CancelPanel order={order} reasonRequired actionData={actionData} backTo={base} />
				</div>
			) : null}
			<DetailColumn>
				<OrderFacts order={order} />
				<CancellationState order={order} />
				<OrderHistory order={order} />
			</DetailColumn>
			<DetailColumn>
				<OrderPrice order={order} />
				<RecordTransferForm detail={loaderData} actionData={actionData} />
				<OrderPeople detail={loaderData} />
			</DetailColumn>
			<OrderMoney detail={loaderData} />
			<OrderEmails detail={loaderData} />
			<AuditHistory entries={loaderData.history} />
		</DetailFrame>
	)
}
