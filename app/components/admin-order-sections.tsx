import { useTranslation } from 'react-i18next'
import { Form } from 'react-router'
import type { AdminOrderDetail } from '#app/models/admin/admin-orders.server.ts'
import type { FormActionData } from '#app/utils/form-actions.server.ts'
import { formatAmount } from '#app/utils/format.ts'
import { formatDateTime } from '#app/utils/format-instant.ts'
import { useLocale } from '#app/hooks/use-root-data.ts'
import { translateValidationMessage } from '#app/utils/validation-messages.ts'
import { DetailSection, Rows } from './detail-frame.tsx'
import { LocaleLink } from './locale-link.tsx'

/** The admin order page's own sections (issue 14): people, payments, ledger, e-mails, bank transfer. */
const INPUT = 'w-full rounded-lg border border-line bg-surface px-3 py-2 text-ink'

export function OrderPeople({ detail }: { detail: AdminOrderDetail }) {
	const { t } = useTranslation('admin')
	const person = (
		label: string,
		who: AdminOrderDetail['guest'],
		to: string,
		ordersLink: string,
		filter: string,
	) =>
		who ? (
			<div className="mb-3">
				<div className="text-sm text-ink-muted">{label}</div>
				<LocaleLink to={to} className="font-medium underline">
					{who.displayName}
				</LocaleLink>{' '}
				<span className="text-ink-muted">{who.email}</span>
				<div>
					<LocaleLink to={`/admin/orders?${filter}=${who.id}`} className="text-sm underline">
						{ordersLink}
					</LocaleLink>
				</div>
			</div>
		) : null
	return (
		<DetailSection id="order-people" title={t('orders.detail.people')}>
			{person(
				t('orders.detail.guest'),
				detail.guest,
				`/admin/guests/${detail.guest?.id}`,
				t('orders.detail.guestOrders'),
				'guestId',
			)}
			{person(
				t('orders.detail.host'),
				detail.host,
				`/admin/hosts/${detail.host?.id}`,
				t('orders.detail.hostOrders'),
				'hostId',
			)}
		</DetailSection>
	)
}

export function OrderMoney({ detail }: { detail: AdminOrderDetail }) {
	const { t } = useTranslation('admin')
	const { t: tm } = useTranslation('adminMoney')
	const locale = useLocale()
	const c = (key: string) => t(`orders.detail.columns.${key}` as 'orders.detail.columns.date')
	const money = (cents: number) => formatAmount(cents, locale)
	return (
		<>
			<DetailSection id="order-payments" title={t('orders.detail.payments')} wide>
				{detail.payments.length ? (
					<Rows
						label={t('orders.detail.payments')}
						testId="payments-table"
						head={[c('date'), c('provider'), c('direction'), c('amount'), c('reference'), c('status')]}
						rows={detail.payments.map((p) => [
							// Each payment opens its page: the refund's account, "mark as sent" (ADR 0176).
							<LocaleLink to={`/admin/paymentTransactions/${p.id}`} className="underline">
								{formatDateTime(p.createdAt, locale)}
							</LocaleLink>,
							tm(`providers.${p.provider}`),
							tm(`directions.${p.direction}`),
							money(p.amount),
							p.note ? `${p.reference} · ${p.note}` : p.reference,
							tm(`paymentStatuses.${p.status}`),
						])}
					/>
				) : (
					<p>{t('orders.detail.noPayments')}</p>
				)}
			</DetailSection>
			<DetailSection id="order-ledger" title={t('orders.detail.ledger')} wide>
				{detail.ledger.length ? (
					<Rows
						label={t('orders.detail.ledger')}
						testId="ledger-table"
						head={[c('date'), c('kind'), c('account'), c('amount')]}
						rows={detail.ledger.map((m) => [
							formatDateTime(m.createdAt, locale),
							tm(`kinds.${m.kind}`),
							tm(`accounts.${m.account}`),
							money(m.amount),
						])}
					/>
				) : (
					<p>{t('orders.detail.noLedger')}</p>
				)}
			</DetailSection>
		</>
	)
}

export function OrderEmails({ detail }: { detail: AdminOrderDetail }) {
	const { t } = useTranslation('admin')
	return (
		<SentEmails
			id="order-emails"
			testId="emails-table"
			title={t('orders.detail.emails')}
			empty={t('orders.detail.noEmails')}
			emails={detail.emails}
		/>
	)
}

/**
 * The e-mails the platform sent about one thing (an order, a voucher order), read from the outbox:
 * date, recipient, subject, status — and, with `attachmentsColumn`, what was attached.
 */
export function SentEmails({
	id,
	testId,
	title,
	empty,
	emails,
	attachmentsColumn,
}: {
	id: string
	testId: string
	title: string
	empty: string
	emails: { createdAt: number; to: string; subject: string; status: string; attachments?: number }[]
	attachmentsColumn?: { label: string; cell: (count: number) => string }
}) {
	const { t } = useTranslation('admin')
	const locale = useLocale()
	const c = (key: string) => t(`orders.detail.columns.${key}` as 'orders.detail.columns.date')
	return (
		<DetailSection id={id} title={title} wide>
			{emails.length ? (
				<Rows
					label={title}
					testId={testId}
					head={[
						c('date'),
						c('to'),
						c('subject'),
						...(attachmentsColumn ? [attachmentsColumn.label] : []),
						c('status'),
					]}
					rows={emails.map((e) => [
						formatDateTime(e.createdAt, locale),
						<span className="break-all">{e.to}</span>,
						e.subject,
						...(attachmentsColumn ? [attachmentsColumn.cell(e.attachments ?? 0)] : []),
						t(`orders.detail.emailStatuses.${e.status}` as 'orders.detail.emailStatuses.sent'),
					])}
				/>
			) : (
				<p>{empty}</p>
			)}
		</DetailSection>
	)
}

export function RecordTransferForm({
	detail,
	actionData,
}: {
	detail: AdminOrderDetail
	actionData: FormActionData | undefined
}) {
	const { t } = useTranslation('admin')
	const { t: tv } = useTranslation()
	const locale = useLocale()
	if (!detail.canRecordTransfer) return null
	const result = actionData?.intent === 'recordTransfer' ? actionData.result : undefined
	const errors = (field: string) =>
		(result?.error?.[field] ?? []).map((message) => translateValidationMessage(tv, message)).join(' ')
	const formError = errors('')
	const amountError = errors('amount')
	return (
		<DetailSection id="record-transfer" title={t('orders.transfer.title')}>
			<Form method="post" className="flex flex-col gap-2">
				<input type="hidden" name="intent" value="recordTransfer" />
				<input type="hidden" name="idempotencyKey" value={detail.transferKey} />
				{formError ? (
					<p role="alert" className="text-danger">
						{formError}
					</p>
				) : null}
				<label htmlFor="transfer-amount" className="text-sm font-medium">
					{t('orders.transfer.amount')}
				</label>
				<input
					id="transfer-amount"
					name="amount"
					inputMode="decimal"
					required
					maxLength={12}
					defaultValue={(detail.order.amountDue / 100).toFixed(2).replace('.', locale === 'de' ? ',' : '.')}
					aria-invalid={amountError ? true : undefined}
					aria-describedby={`transfer-amount-hint${amountError ? ' transfer-amount-error' : ''}`}
					className={INPUT}
				/>
				<p id="transfer-amount-hint" className="text-xs text-ink-muted">
					{t('orders.transfer.amountHint', { due: formatAmount(detail.order.amountDue, locale) })}
				</p>
				{amountError ? (
					<p id="transfer-amount-error" className="text-sm text-danger">
						{amountError}
					</p>
				) : null}
				<label htmlFor="transfer-reference" className="text-sm font-medium">
					{t('orders.transfer.reference')}
				</label>
				<input
					id="transfer-reference"
					name="reference"
					maxLength={140}
					defaultValue={detail.order.code}
					className={INPUT}
				/>
				<label htmlFor="transfer-note" className="text-sm font-medium">
					{t('orders.transfer.note')}
				</label>
				<textarea id="transfer-note" name="note" rows={2} maxLength={500} className={INPUT} />
				<button type="submit" className="btn-primary" data-testid="record-transfer-submit">
					{t('orders.transfer.submit')}
				</button>
			</Form>
		</DetailSection>
	)
}
