import { useTranslation } from 'react-i18next'
import { Form } from 'react-router'
import type { AdminPayment } from '#app/models/admin/admin-ledger.server.ts'
import type { FormActionData } from '#app/utils/form-actions.server.ts'
import { formatAmount } from '#app/utils/format.ts'
import { formatDateTime } from '#app/utils/format-instant.ts'
import { formatIban } from '#app/utils/iban.ts'
import { useLocale } from '#app/hooks/use-root-data.ts'
import { translateValidationMessage } from '#app/utils/validation-messages.ts'
import { Facts } from './booking-ui.tsx'
import { DetailSection } from './detail-frame.tsx'
import { LocaleLink } from './locale-link.tsx'
import { RefundAccountInputs } from './refund-account.tsx'

/**
 * The refund sections of an admin's payment page (issue 34, ADR 0176): a refund's account (the IBAN
 * in full until it is sent), "Mark as sent" for a due bank refund, "Retry card refund" for a card
 * refund Stripe has not taken, and "Send back" for an unmatched transfer. Plain POST forms with an
 * `intent`; a refusal is said at the top of its section.
 */
export type RefundActions = {
	markSent: boolean
	retryCard: boolean
	/** The key the "send back" form carries (a fresh one per render), when the transfer is unmatched. */
	refundUnmatchedKey: string | null
}

function Refusal({ actionData, intent }: { actionData: FormActionData | undefined; intent: string }) {
	const { t } = useTranslation()
	if (actionData?.intent !== intent) return null
	const errors = Object.values(actionData.result?.error ?? {}).flatMap((messages) => messages ?? [])
	if (errors.length === 0) return null
	return (
		<div role="alert" className="card mb-3 border-danger" data-testid={`${intent}-refused`}>
			{[...new Set(errors.map((message) => translateValidationMessage(t, message)))].map((message) => (
				<p key={message}>{message}</p>
			))}
		</div>
	)
}

/** A form of one button: the intent, what it does, and its refusal said above it. */
function IntentButton(props: {
	intent: string
	intro: string
	label: string
	testId: string
	actionData: FormActionData | undefined
}) {
	return (
		<Form method="POST" className="mt-3">
			<Refusal actionData={props.actionData} intent={props.intent} />
			<input type="hidden" name="intent" value={props.intent} />
			<p className="mb-2 text-sm">{props.intro}</p>
			<button type="submit" className="btn-primary" data-testid={props.testId}>
				{props.label}
			</button>
		</Form>
	)
}

export function AdminRefundSections({
	payment,
	actions,
	actionData,
}: {
	payment: AdminPayment
	actions: RefundActions
	actionData: FormActionData | undefined
}) {
	const { t } = useTranslation('refunds')
	const locale = useLocale()
	const amount = formatAmount(payment.amount, locale)
	const isRefund = payment.direction === 'Outgoing'
	const account: [string, React.ReactNode][] = [
		[t('admin.holder'), payment.refundAccountHolder ?? '–'],
		[
			t('admin.iban'),
			<span className="font-mono" data-testid="refund-iban">
				{payment.refundIban
					? payment.refundIban.includes('•')
						? payment.refundIban
						: formatIban(payment.refundIban)
					: '–'}
			</span>,
		],
	]
	if (payment.completedAt !== null)
		account.push([t('admin.completedAt'), formatDateTime(payment.completedAt, locale)])
	if (payment.refundOf) {
		account.push([
			t('admin.refundOf'),
			<LocaleLink to={`/admin/paymentTransactions/${payment.refundOf}`} className="underline">
				{payment.reference}
			</LocaleLink>,
		])
	}
	return (
		<>
			{isRefund && payment.provider === 'BankTransfer' ? (
				<DetailSection id="refund-account" title={t('admin.accountTitle')}>
					<Facts rows={account} testId="refund-account" />
					{!payment.refundIban && payment.status === 'Pending' ? (
						<p className="mt-2 text-sm">{t('admin.noAccount')}</p>
					) : null}
					{actions.markSent ? (
						<IntentButton
							intent="markSent"
							intro={t('admin.markSentIntro', { amount, reference: payment.reference })}
							label={t('admin.markSent')}
							testId="refund-mark-sent"
							actionData={actionData}
						/>
					) : (
						<Refusal actionData={actionData} intent="markSent" />
					)}
				</DetailSection>
			) : null}
			{actions.retryCard ? (
				<DetailSection id="refund-retry" title={t('admin.retry')}>
					<IntentButton
						intent="retryCard"
						intro={t('admin.retryIntro')}
						label={t('admin.retry')}
						testId="refund-retry-card"
						actionData={actionData}
					/>
				</DetailSection>
			) : null}
			{actions.refundUnmatchedKey ? (
				<DetailSection id="refund-unmatched" title={t('admin.unmatchedTitle')}>
					<Form method="POST">
						<Refusal actionData={actionData} intent="refundUnmatched" />
						<input type="hidden" name="intent" value="refundUnmatched" />
						<input type="hidden" name="idempotencyKey" value={actions.refundUnmatchedKey} />
						<p className="mb-3 text-sm">{t('admin.unmatchedIntro')}</p>
						<RefundAccountInputs
							result={actionData?.intent === 'refundUnmatched' ? actionData.result : undefined}
							required
							hint={false}
						/>
						<button type="submit" className="btn-secondary" data-testid="refund-unmatched-submit">
							{t('admin.unmatchedSubmit')}
						</button>
					</Form>
				</DetailSection>
			) : null}
			{payment.refundedAs ? (
				<p className="card" data-testid="refunded-as">
					{t('admin.refundedAs')}:{' '}
					<LocaleLink to={`/admin/paymentTransactions/${payment.refundedAs}`} className="underline">
						{amount}
					</LocaleLink>
				</p>
			) : null}
		</>
	)
}
