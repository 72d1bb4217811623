import { useTranslation } from 'react-i18next'
import type { Route } from './+types/payment-detail.ts'
import { Facts } from '#app/components/booking-ui.tsx'
import { DetailFrame, DetailSection } from '#app/components/detail-frame.tsx'
import { AuditHistory } from '#app/components/audit-history.tsx'
import { LocaleLink } from '#app/components/locale-link.tsx'
import { getAdminPayment } from '#app/models/admin/admin-ledger.server.ts'
import { paymentAuditEntries } from '#app/models/platform/audit-log.server.ts'
import { requireRole } from '#app/utils/auth.server.ts'
import { formatAmount } from '#app/utils/format.ts'
import { formatDateTime } from '#app/utils/format-instant.ts'
import { requireOwnedParams } from '#app/utils/ownership.server.ts'
import { useLocale } from '#app/hooks/use-root-data.ts'

/**
 * /admin/paymentTransactions/:paymentTransactionId (issue 14): one payment —
 * its facts, its order and the provider's raw payload, pretty-printed with
 * every secret-looking value masked on the server (ownership rule: admins).
 */
export async function loader(args: Route.LoaderArgs) {
	const admin = await requireRole(args, 'Admin')
	requireOwnedParams(args.params, admin)
	const payment = getAdminPayment(admin, args.params.paymentTransactionId)
	return { payment, history: paymentAuditEntries(payment.id, payment.orderId) }
}

export default function PaymentDetailPage({ loaderData }: Route.ComponentProps) {
	const { t } = useTranslation('adminMoney')
	const { t: tc } = useTranslation()
	const locale = useLocale()
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
