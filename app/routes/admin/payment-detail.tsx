import { parse, type Submission } from '@conform-to/react'
import { useTranslation } from 'react-i18next'
import { Form, useActionData } from 'react-router'
import type { Route } from './+types/payment-detail.ts'
import { Facts } from '#app/components/booking-ui.tsx'
import { DetailFrame, DetailSection } from '#app/components/detail-frame.tsx'
import { AuditHistory } from '#app/components/audit-history.tsx'
import { LocaleLink } from '#app/components/locale-link.tsx'
import { FormAlert, getFormProps, SubmitButton } from '#app/components/forms.tsx'
import { useAppForm } from '#app/components/app-form.ts'
import { useFormResult } from '#app/hooks/use-form-result.ts'
import { getAdminPayment } from '#app/models/admin/admin-ledger.server.ts'
import {
	assignUnmatchedTransfer,
	isAssignable,
	searchOrdersToAssign,
} from '#app/models/booking/unmatched-transfers.server.ts'
import { newTransferKey } from '#app/models/booking/payments.server.ts'
import { assignTransferFormSchema } from '#app/schemas/admin-payments.ts'
import { refundUnmatchedFormSchema } from '#app/schemas/refunds.ts'
import { AdminRefundSections } from '#app/components/admin-refund.tsx'
import {
	markRefundSent,
	refundUnmatchedTransfer,
	retryCardRefund,
} from '#app/models/booking/refunds.server.ts'
import { isCardPaymentConfigured } from '#app/utils/stripe.server.ts'
import { invalidForm, type FormActionData } from '#app/utils/form-actions.server.ts'
import { parseFormSubmission } from '#app/utils/form-submission.ts'
import { getLocale, getT } from '#app/utils/i18n.server.ts'
import { localizePath, type Locale } from '#app/utils/locale.ts'
import { looseT } from '#app/utils/loose-t.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { refusedTransferForm } from '#app/utils/transfer-form.server.ts'
import { paymentAuditEntries } from '#app/models/platform/audit-log.server.ts'
import { requireRole } from '#app/utils/auth.server.ts'
import type { SessionUser } from '#app/models/accounts/session.server.ts'
import { formatAmount, formatMoney } from '#app/utils/format.ts'
import { formatDateTime } from '#app/utils/format-instant.ts'
import { requireOwnedParams } from '#app/utils/ownership.server.ts'
import { useLocale } from '#app/hooks/use-root-data.ts'
import { translateValidationMessage } from '#app/utils/validation-messages.ts'

/**
 * /admin/paymentTransactions/:paymentTransactionId (issue 14): one payment —
 * its facts, its order and the provider's raw payload, pretty-printed with
 * every secret-looking value masked on the server (ownership rule: admins).
 * An unmatched transfer can be assigned to an order here (issue 34, ADR 0173):
 * a GET search (?q= code, guest name or amount) lists open orders, each a
 * submit button of one POST form carrying the render's idempotency key.
 * Refunds (ADR 0176): the guest's account, "Mark as sent" for a due bank refund, "Retry card
 * refund" for one Stripe has not taken, "Send back" for an unmatched transfer (intent forms).
 */
export async function loader(args: Route.LoaderArgs) {
	const admin = await requireRole(args, 'Admin')
	requireOwnedParams(args.params, admin)
	const payment = getAdminPayment(admin, args.params.paymentTransactionId)
	const assignable = isAssignable(payment)
	const query = (args.url.searchParams.get('q') ?? '').slice(0, 140)
	const due =
		payment.direction === 'Outgoing' && (payment.status === 'Pending' || payment.status === 'Failed')
	return {
		payment,
		refundActions: {
			markSent:
				due && payment.provider === 'BankTransfer' && payment.status === 'Pending' && !!payment.refundIban,
			retryCard: due && payment.provider === 'Stripe' && isCardPaymentConfigured(),
			refundUnmatchedKey: assignable ? newTransferKey() : null,
		},
		history: paymentAuditEntries(payment.id, payment.orderId),
		assign: assignable
			? {
					query,
					candidates: query ? searchOrdersToAssign(query, admin) : null,
					idempotencyKey: newTransferKey(),
				}
			: null,
	}
}

async function refundAction(args: Route.ActionArgs, admin: SessionUser, form: FormData) {
	const id = args.params.paymentTransactionId
	const locale = getLocale(args.context) as Locale
	const t = looseT(getT(args.context))
	const here = localizePath(`/admin/paymentTransactions/${id}`, locale)
	const intent = String(form.get('intent'))
	const amount = () => formatMoney(getAdminPayment(admin, id).amount, locale)
	// The buttons carry no fields: a refusal is the form's own message.
	const plain = parse(form, { resolve: () => ({ value: {} }) }) as Submission<unknown>
	try {
		if (intent === 'markSent') {
			const { replayed } = markRefundSent(id, admin)
			const description = replayed
				? t('refunds:admin.alreadySent')
				: t('refunds:admin.markSentToast', { amount: amount() })
			return redirectWithToast(here, { type: 'success', description })
		}
		if (intent === 'retryCard') {
			const { sent } = await retryCardRefund(id, admin)
			return redirectWithToast(here, {
				type: sent ? 'success' : 'danger',
				description: sent
					? t('refunds:admin.retryToast', { amount: amount() })
					: t('refunds:admin.retryFailed'),
			})
		}
	} catch (error) {
		return refusedTransferForm(intent, plain, error)
	}
	const submission = parseFormSubmission(form, { schema: refundUnmatchedFormSchema })
	if (submission.status !== 'success') return invalidForm('refundUnmatched', submission)
	let refundId
	try {
		refundId = refundUnmatchedTransfer({ paymentId: id, ...submission.value }, admin).refund.id
	} catch (error) {
		return refusedTransferForm('refundUnmatched', submission, error)
	}
	return redirectWithToast(localizePath(`/admin/paymentTransactions/${refundId}`, locale), {
		type: 'success',
		description: t('refunds:admin.unmatchedToast', { amount: amount() }),
	})
}

const REFUND_INTENTS = ['markSent', 'retryCard', 'refundUnmatched']

export async function action(args: Route.ActionArgs) {
	const admin = await requireRole(args, 'Admin')
	requireOwnedParams(args.params, admin)
	const form = await args.request.formData()
	if (REFUND_INTENTS.includes(String(form.get('intent')))) {
		return refundAction(args, admin, form)
	}
	const submission = parseFormSubmission(form, { schema: assignTransferFormSchema })
	if (submission.status !== 'success') return invalidForm('assign', submission)
	let result
	try {
		result = assignUnmatchedTransfer(
			{ paymentId: args.params.paymentTransactionId, ...submission.value },
			admin,
		)
	} catch (error) {
		return refusedTransferForm('assign', submission, error)
	}
	const locale = getLocale(args.context) as Locale
	const t = looseT(getT(args.context))
	const payment = getAdminPayment(admin, args.params.paymentTransactionId)
	return redirectWithToast(localizePath(`/admin/orders/${result.order.id}`, locale), {
		type: 'success',
		description: t('adminMoney:payments.detail.assign.toast', {
			amount: formatMoney(payment.amount, locale),
			code: result.order.code,
			due: formatMoney(result.due, locale),
		}),
	})
}

/** The search and the candidates of an unmatched transfer; each candidate's button assigns it. */
function AssignTransfer({ assign }: { assign: NonNullable<Route.ComponentProps['loaderData']['assign']> }) {
	const { t } = useTranslation('adminMoney')
	const { t: tb } = useTranslation('booking')
	const locale = useLocale()
	const [form] = useAppForm({
		id: 'assign-transfer',
		schema: assignTransferFormSchema,
		lastResult: useFormResult('assign'),
	})
	return (
		<DetailSection id="payment-assign" title={t('payments.detail.assign.title')}>
			<p className="mb-3 text-sm">{t('payments.detail.assign.intro')}</p>
			<Form method="GET" className="mb-3 flex flex-wrap items-end gap-2">
				<label className="flex min-w-0 flex-1 flex-col gap-1">
					<span className="font-medium">{t('payments.detail.assign.query')}</span>
					<input name="q" type="search" defaultValue={assign.query} maxLength={140} className="w-full" />
				</label>
				<button type="submit" className="btn-secondary">
					{t('payments.detail.assign.search')}
				</button>
			</Form>
			<Form method="POST" {...getFormProps(form)}>
				<input type="hidden" name="idempotencyKey" value={assign.idempotencyKey} />
				<FormAlert form={form} />
				{assign.candidates === null ? null : assign.candidates.length === 0 ? (
					<p data-testid="assign-none">{t('payments.detail.assign.none')}</p>
				) : (
					<ul className="flex flex-col gap-2" data-testid="assign-candidates">
						{assign.candidates.map((order) => (
							<li key={order.id} className="flex flex-wrap items-center justify-between gap-2">
								<span className="min-w-0 break-words">
									{t('payments.detail.assign.result', {
										code: order.code,
										guest: order.guestName,
										status: tb(`statuses.${order.status}`),
										due: formatAmount(order.amountDue, locale),
									})}
								</span>
								<SubmitButton name="orderId" value={order.id} className="btn-primary">
									{t('payments.detail.assign.submit', { code: order.code })}
								</SubmitButton>
							</li>
						))}
					</ul>
				)}
			</Form>
		</DetailSection>
	)
}

/** A refused assignment of a payment that is no longer unmatched (assigned meanwhile): why, said once. */
function AssignRefused() {
	const { t } = useTranslation()
	const result = useFormResult('assign')
	const errors = result?.error?.[''] ?? []
	if (errors.length === 0) return null
	return (
		<div role="alert" className="card border-danger" data-testid="assign-refused">
			{errors.map((message) => (
				<p key={message}>{translateValidationMessage(t, message)}</p>
			))}
		</div>
	)
}

export default function PaymentDetailPage({ loaderData }: Route.ComponentProps) {
	const { t } = useTranslation('adminMoney')
	const { t: tc } = useTranslation()
	const locale = useLocale()
	const actionData = useActionData<FormActionData>()
	const { payment } = loaderData
	const title = t('payments.detail.title', { reference: payment.reference })
	const facts: [string, React.ReactNode][] = [
		[t('payments.columns.createdAt'), formatDateTime(payment.createdAt, locale)],
		[t('payments.columns.provider'), t(`providers.${payment.provider}`)],
		[t('payments.columns.direction'), t(`directions.${payment.direction}`)],
		[t('payments.columns.amount'), formatAmount(payment.amount, locale)],
		[t('payments.columns.reference'), payment.reference],
		[t('payments.detail.externalId'), payment.externalId ?? '–'],
		[
			t('payments.columns.order'),
			payment.orderId ? (
				<LocaleLink to={`/admin/orders/${payment.orderId}`} className="font-mono underline">
					{payment.orderCode}
				</LocaleLink>
			) : (
				'–'
			),
		],
		[t('payments.detail.note'), payment.note ?? '–'],
	]
	return (
		<DetailFrame
			testId="admin-payment"
			title={title}
			badge={<span className="badge">{t(`paymentStatuses.${payment.status}`)}</span>}
			actions={
				<LocaleLink to="/admin/paymentTransactions" className="btn-secondary">
					{t('payments.detail.back')}
				</LocaleLink>
			}
		>
			<title>{`${title} | ${tc('appName')}`}</title>
			<DetailSection id="payment-facts" title={t('payments.detail.facts')}>
				<Facts rows={facts} />
			</DetailSection>
			<AdminRefundSections payment={payment} actions={loaderData.refundActions} actionData={actionData} />
			{loaderData.assign ? <AssignTransfer assign={loaderData.assign} /> : <AssignRefused />}
			<DetailSection id="payment-payload" title={t('payments.detail.payload')} wide>
				<p className="mb-2 text-sm text-ink-muted">{t('payments.detail.payloadHint')}</p>
				{payment.payload ? (
					<pre
						className="rounded-lg bg-surface-muted p-3 text-sm break-all whitespace-pre-wrap"
						data-testid="payload"
					>
						{payment.payload}
					</pre>
				) : (
					<p>{t('payments.detail.noPayload')}</p>
				)}
			</DetailSection>
			<AuditHistory entries={loaderData.history} />
		</DetailFrame>
	)
}
