import { useTranslation } from 'react-i18next'
import { Form } from 'react-router'
import type { Route } from './+types/voucher-order-detail.ts'
import { AuditHistory } from '#app/components/audit-history.tsx'
import { SentEmails } from '#app/components/admin-order-sections.tsx'
import { Facts } from '#app/components/booking-ui.tsx'
import { DetailColumn, DetailFrame, DetailSection } from '#app/components/detail-frame.tsx'
import { LocaleLink } from '#app/components/locale-link.tsx'
import { voucherScopeLabel } from '#app/domain/voucher-order-scope.ts'
import {
	cancelVoucherOrder,
	getAdminVoucherOrder,
	resendVoucherOrderEmail,
} from '#app/models/vouchers/admin-voucher-orders.server.ts'
import { isAppError } from '#app/utils/app-error.ts'
import { requireRole } from '#app/utils/auth.server.ts'
import { formatAmount } from '#app/utils/format.ts'
import { formatDate, formatDateTime } from '#app/utils/format-instant.ts'
import { getLocale, getT } from '#app/utils/i18n.server.ts'
import { localizePath } from '#app/utils/locale.ts'
import { looseT } from '#app/utils/loose-t.ts'
import { requireOwnedParams } from '#app/utils/ownership.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { useLocale } from '#app/hooks/use-root-data.ts'

/**
 * /admin/voucherOrders/:voucherOrderId (issue 33, ADR 0171): one gift voucher order — its facts,
 * the voucher it issued (linked to /admin/vouchers/:voucherId), the e-mails sent for it, the
 * history — and the admin's actions: resend the buyer's or the recipient's e-mail (a double click
 * sends one), cancel while it awaits payment (a paid one is refused: its voucher is cancelled).
 */
export async function loader(args: Route.LoaderArgs) {
	const admin = await requireRole(args, 'Admin')
	requireOwnedParams(args.params, admin)
	return getAdminVoucherOrder(admin, args.params.voucherOrderId)
}

const INTENTS = ['resendBuyer', 'resendRecipient', 'cancel'] as const

export async function action(args: Route.ActionArgs) {
	const admin = await requireRole(args, 'Admin')
	requireOwnedParams(args.params, admin)
	const { voucherOrderId } = args.params
	const form = await args.request.formData()
	const intent = String(form.get('intent') ?? '')
	const t = looseT(getT(args.context))
	const here = localizePath(`/admin/voucherOrders/${voucherOrderId}`, getLocale(args.context))
	const say = (type: 'success' | 'danger', key: string, params?: Record<string, unknown>) =>
		redirectWithToast(here, { type, description: t(key, params) })
	if (!(INTENTS as readonly string[]).includes(intent)) return say('danger', 'apiErrors.ValidationError')
	try {
		if (intent === 'cancel') {
			const { code, changed } = cancelVoucherOrder(admin, voucherOrderId)
			return say('success', changed ? 'voucherOrders:cancel.done' : 'voucherOrders:cancel.already', { code })
		}
		const email = resendVoucherOrderEmail(
			admin,
			voucherOrderId,
			intent === 'resendBuyer' ? 'buyer' : 'recipient',
		)
		return say('success', 'voucherOrders:resend.sent', { email })
	} catch (error) {
		if (!isAppError(error)) throw error
		return say('danger', error.messageKey, error.params)
	}
}

export default function AdminVoucherOrderPage({ loaderData }: Route.ComponentProps) {
	const { t } = useTranslation('voucherOrders')
	const { t: tc } = useTranslation()
	const locale = useLocale()
	const { voucherOrder: order, voucher, actions } = loaderData
	const title = t('detail.title', { code: order.code })
	const none = t('detail.none')
	const facts: [string, React.ReactNode][] = [
		[t('columns.code'), <span className="font-mono">{order.code}</span>],
		[t('columns.status'), t(`statuses.${order.status}`)],
		[t('columns.amount'), formatAmount(order.amount, locale)],
		[t('columns.scope'), voucherScopeLabel(order, looseT(tc))],
		[t('columns.paymentMethod'), t(`paymentMethods.${order.paymentMethod}`)],
		[t('columns.createdAt'), formatDateTime(order.createdAt, locale)],
		[t('columns.paidAt'), order.paidAt === null ? none : formatDateTime(order.paidAt, locale)],
		[t('detail.language'), t(`detail.languages.${order.language}`)],
	]
	const people: [string, React.ReactNode][] = [
		[t('detail.buyerName'), order.buyerName || none],
		[t('columns.buyerEmail'), order.buyerEmail],
		[
			t('detail.buyerAccount'),
			order.buyerUserId ? (
				<LocaleLink to={`/admin/guests/${order.buyerUserId}`} className="underline">
					{order.buyerUserId}
				</LocaleLink>
			) : (
				none
			),
		],
		[t('detail.childName'), order.childName || none],
		[t('detail.greeting'), order.greeting || none],
		[t('detail.recipientEmail'), order.recipientEmail ?? none],
		[t('detail.sendDate'), order.sendDate ?? none],
		[
			t('detail.deliveredToRecipientAt'),
			order.deliveredToRecipientAt === null ? none : formatDateTime(order.deliveredToRecipientAt, locale),
		],
	]
	const action = (intent: (typeof INTENTS)[number], label: string, danger = false) => (
		<Form method="post">
			<input type="hidden" name="intent" value={intent} />
			<button type="submit" className={danger ? 'btn-danger' : 'btn-secondary'} data-testid={intent}>
				{label}
			</button>
		</Form>
	)
	return (
		<DetailFrame
			testId="admin-voucher-order"
			title={title}
			badge={<span className="badge">{t(`statuses.${order.status}`)}</span>}
			subtitle={`${formatAmount(order.amount, locale)} · ${order.buyerEmail}`}
			actions={
				<>
					<LocaleLink to="/admin/voucherOrders" className="btn-secondary">
						{t('detail.back')}
					</LocaleLink>
					{actions.resendBuyer ? action('resendBuyer', t('resend.buyer')) : null}
					{actions.resendRecipient ? action('resendRecipient', t('resend.recipient')) : null}
					{actions.cancel ? action('cancel', t('cancel.submit'), true) : null}
				</>
			}
		>
			<title>{`${title} | ${tc('appName')}`}</title>
			<DetailColumn>
				<DetailSection id="voucher-order-facts" title={t('detail.facts')}>
					<Facts rows={facts} testId="voucher-order-facts-list" />
					{order.status === 'Paid' ? (
						<p className="mt-3 text-sm text-ink-muted" data-testid="paid-hint">
							{t('detail.paidHint')}
						</p>
					) : null}
					{order.status === 'AwaitingPayment' ? (
						<p className="mt-3">
							<LocaleLink to="/admin/paymentTransactions/new-control-transaction" className="link">
								{t('detail.recordPayment')}
							</LocaleLink>
						</p>
					) : null}
				</DetailSection>
			</DetailColumn>
			<DetailColumn>
				<DetailSection id="voucher-order-voucher" title={t('detail.voucher')}>
					{voucher ? (
						<>
							<Facts
								rows={[
									[t('detail.code'), <span className="font-mono">…-{voucher.codeLast4}</span>],
									[t('detail.initialAmount'), formatAmount(voucher.initialAmount, locale)],
									[t('detail.balance'), formatAmount(voucher.balance, locale)],
									[
										t('detail.validUntil'),
										voucher.validUntil === null ? none : formatDate(voucher.validUntil, locale),
									],
									[t('detail.voucherStatus'), t(`voucherStatuses.${voucher.status}`)],
								]}
							/>
							<p className="mt-3">
								<LocaleLink to={`/admin/vouchers/${voucher.id}`} className="link" data-testid="voucher-link">
									{t('detail.openVoucher')}
								</LocaleLink>
							</p>
						</>
					) : (
						<p>{t('detail.noVoucher')}</p>
					)}
				</DetailSection>
				<DetailSection id="voucher-order-people" title={t('detail.buyer')}>
					<Facts rows={people} />
				</DetailSection>
			</DetailColumn>
			<SentEmails
				id="voucher-order-emails"
				testId="voucher-order-emails-table"
				title={t('detail.emails')}
				empty={t('detail.noEmails')}
				emails={loaderData.emails}
				attachmentsColumn={{
					label: t('detail.attachment'),
					cell: (count) => (count ? t('detail.attachments', { count }) : none),
				}}
			/>
			<AuditHistory entries={loaderData.history} />
		</DetailFrame>
	)
}
