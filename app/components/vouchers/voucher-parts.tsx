import { useTranslation } from 'react-i18next'
import { Form, useActionData } from 'react-router'
import { AdminReasonForm } from '#app/components/admin-reason-form.tsx'
import { AuditHistory } from '#app/components/audit-history.tsx'
import { Facts } from '#app/components/booking-ui.tsx'
import { useAppForm } from '#app/components/app-form.ts'
import { DetailFrame, DetailSection, Rows } from '#app/components/detail-frame.tsx'
import {
	fieldLabels,
	FormAlert,
	getFormProps,
	SelectField,
	SubmitButton,
	TextField,
} from '#app/components/forms.tsx'
import { LocaleLink } from '#app/components/locale-link.tsx'
import { useFormResult } from '#app/hooks/use-form-result.ts'
import { useLocale } from '#app/hooks/use-root-data.ts'
import {
	adjustVoucherSchema,
	DISCOUNT_TYPES,
	hostDiscountCodeSchema,
	platformDiscountCodeSchema,
	REASON_MAX,
} from '#app/schemas/voucher-offices.ts'
import type { AuditEntry } from '#app/models/platform/audit-log.server.ts'
import type { FormActionData } from '#app/utils/form-actions.server.ts'
import { formatMoney } from '#app/utils/format.ts'
import { formatDate, formatDateTime } from '#app/utils/format-instant.ts'
import type { Locale } from '#app/utils/locale.ts'

/**
 * The building blocks of the voucher back offices (issue 33, ADR 0170), shared by the host's
 * /host/vouchers(/:voucherId) and the admin's /admin/vouchers(/:voucherId): a voucher's value,
 * validity and scope as text, its facts, its transaction table, the discount code form and the
 * card that shows a new code once, and the admin's balance correction.
 */
export type VoucherView = {
	id: string
	kind: 'Gift' | 'Discount'
	issuer: 'Platform' | 'Host'
	scope: 'All' | 'Host' | 'Playroom'
	playroomName: string | null
	hostName: string | null
	code: string
	discountPercent: number | null
	discountAmount: number | null
	initialAmount: number
	balance: number
	usesCount: number
	maxUses: number | null
	maxUsesPerGuest: number | null
	minOrderAmount: number
	validFrom: number | null
	validUntil: number | null
	status: 'Active' | 'UsedUp' | 'Expired' | 'Cancelled'
	origin: 'Purchase' | 'Welcome' | 'Created'
	cancelReason: string | null
	createdAt: number
}

export type VoucherTransactionView = {
	id: string
	kind: string
	amount: number
	value: number
	balanceAfter: number
	orderId: string | null
	orderCode: string | null
	orderLinked: boolean
	reason: string | null
	createdAt: number
}

/** "10 % off" / "5 € off" (discount codes) or the gift voucher's value. */
export function useVoucherTexts() {
	const { t } = useTranslation('voucherOffices')
	const locale = useLocale() as Locale
	const money = (cents: number) => formatMoney(cents, locale)
	return {
		value: (voucher: VoucherView) =>
			voucher.kind === 'Gift'
				? money(voucher.initialAmount)
				: voucher.discountPercent !== null
					? t('value.percent', { percent: voucher.discountPercent })
					: t('value.amount', { amount: money(voucher.discountAmount ?? 0) }),
		validity: (voucher: Pick<VoucherView, 'validFrom' | 'validUntil'>) => {
			const from = voucher.validFrom === null ? null : formatDate(voucher.validFrom, locale)
			const until = voucher.validUntil === null ? null : formatDate(voucher.validUntil, locale)
			if (from && until) return t('validity.range', { from, until })
			if (from) return t('validity.from', { from })
			if (until) return t('validity.until', { until })
			return t('validity.always')
		},
		scope: (voucher: VoucherView) =>
			voucher.scope === 'All'
				? t('scopes.All')
				: voucher.scope === 'Playroom'
					? t('scopes.Playroom', { name: voucher.playroomName ?? '–' })
					: t('scopes.Host', { name: voucher.hostName ?? '–' }),
		uses: (voucher: Pick<VoucherView, 'usesCount' | 'maxUses'>) =>
			voucher.maxUses === null ? String(voucher.usesCount) : `${voucher.usesCount} / ${voucher.maxUses}`,
		money,
	}
}

export function VoucherStatusBadge({ status }: { status: VoucherView['status'] }) {
	const { t } = useTranslation('voucherOffices')
	return (
		<span className="badge" data-testid="voucher-status">
			{t(`statuses.${status}`)}
		</span>
	)
}

/** The facts of a voucher's detail page (host and admin). */
export function VoucherFacts({ voucher }: { voucher: VoucherView }) {
	const { t } = useTranslation('voucherOffices')
	const texts = useVoucherTexts()
	const locale = useLocale() as Locale
	const rows: [string, React.ReactNode][] = [
		[t('columns.code'), <span className="font-mono">{voucher.code}</span>],
		[t('columns.kind'), t(`kinds.${voucher.kind}`)],
		[t('columns.issuer'), t(`issuers.${voucher.issuer}`)],
		[t('columns.scope'), texts.scope(voucher)],
		[t('columns.value'), texts.value(voucher)],
	]
	if (voucher.kind === 'Gift') rows.push([t('columns.balance'), texts.money(voucher.balance)])
	rows.push([t('columns.uses'), texts.uses(voucher)])
	if (voucher.maxUsesPerGuest !== null)
		rows.push([t('form.maxUsesPerGuest'), t('value.perGuest', { count: voucher.maxUsesPerGuest })])
	if (voucher.minOrderAmount > 0)
		rows.push([
			t('form.minOrderAmount'),
			t('value.minOrder', { amount: texts.money(voucher.minOrderAmount) }),
		])
	rows.push([t('columns.validity'), texts.validity(voucher)])
	rows.push([t('detail.origin'), t(`detail.origins.${voucher.origin}`)])
	rows.push([t('columns.createdAt'), formatDateTime(voucher.createdAt, locale)])
	if (voucher.cancelReason) rows.push([t('detail.cancelReason'), voucher.cancelReason])
	return <Facts rows={rows} testId="voucher-fact-list" />
}

/**
 * A voucher's transactions (issue, hold, capture, release, refund, adjust, expire): the amount
 * (the change of the balance, or what a use stood for), the order and the time in Europe/Berlin.
 * `orderPath` makes the order's code a link where the reader may open it.
 */
export function VoucherTransactionTable({
	transactions,
	orderPath,
}: {
	transactions: VoucherTransactionView[]
	orderPath: (orderId: string) => string
}) {
	const { t } = useTranslation('voucherOffices')
	const locale = useLocale() as Locale
	if (transactions.length === 0) return <p>{t('detail.noTransactions')}</p>
	const money = (cents: number) => (
		<span className="block text-right tabular-nums whitespace-nowrap">{formatMoney(cents, locale)}</span>
	)
	return (
		<Rows
			label={t('detail.transactions')}
			testId="voucher-transaction-table"
			rowTestId="voucher-transaction"
			head={[
				t('columns.time'),
				t('columns.transaction'),
				t('columns.amount'),
				t('columns.balanceAfter'),
				t('columns.order'),
				t('columns.reason'),
			]}
			rows={transactions.map((row) => [
				<span className="whitespace-nowrap">{formatDateTime(row.createdAt, locale)}</span>,
				t(`transactionKinds.${row.kind}`, { defaultValue: row.kind }),
				money(row.amount !== 0 ? row.amount : row.value),
				money(row.balanceAfter),
				row.orderId && row.orderCode ? (
					row.orderLinked ? (
						<LocaleLink to={orderPath(row.orderId)} className="font-mono underline">
							{row.orderCode}
						</LocaleLink>
					) : (
						<span className="font-mono">{row.orderCode}</span>
					)
				) : (
					'–'
				),
				<span className="break-words">{row.reason ?? ''}</span>,
			])}
		/>
	)
}

/** The new code, shown once in full (only its hash is stored; afterwards `…-7K3M`). */
export function CreatedCodeCard({ code, masked }: { code: string | null; masked: string }) {
	const { t } = useTranslation('voucherOffices')
	return (
		<section
			role="status"
			aria-labelledby="created-code-title"
			className="card mb-6 border-2 border-accent"
			data-testid="created-code"
		>
			<h2 id="created-code-title" className="mb-2 text-xl font-semibold">
				{t('created.title')}
			</h2>
			{code ? (
				<>
					<p className="mb-2 font-mono text-2xl font-bold tracking-wider break-all" data-testid="new-code">
						{code}
					</p>
					<p className="text-sm">{t('created.once', { masked })}</p>
				</>
			) : (
				<p className="text-sm">{t('created.again', { masked })}</p>
			)}
		</section>
	)
}

/**
 * The discount code form: a host's (all my playrooms or one of them) or the platform's (every
 * playroom). A plain POST form (intent `create`) with a fresh key per render of the page.
 */
export function DiscountCodeForm({
	playrooms,
	idempotencyKey,
	platform = false,
}: {
	playrooms: { id: string; name: string }[]
	idempotencyKey: string
	platform?: boolean
}) {
	const { t } = useTranslation('voucherOffices')
	const [form, fields] = useAppForm({
		id: 'discount-code-form',
		schema: platform ? platformDiscountCodeSchema : hostDiscountCodeSchema,
		lastResult: useFormResult('create'),
		defaultValue: { scope: platform ? 'All' : 'Host', discountType: 'percent' },
	})
	const scopes = platform
		? [{ value: 'All', label: t('form.scopeAll') }]
		: [
				{ value: 'Host', label: t('form.scopeHost') },
				{ value: 'Playroom', label: t('form.scopePlayroom') },
			]
	return (
		<Form method="POST" {...getFormProps(form)}>
			<input type="hidden" name="intent" value="create" />
			<input type="hidden" name="idempotencyKey" value={idempotencyKey} />
			<FormAlert form={form} labels={fieldLabels(t, 'voucherOffices:form')} />
			<div className="grid gap-x-3 sm:grid-cols-2">
				<SelectField field={fields.scope} label={t('form.scope')} options={scopes} />
				{platform ? null : (
					<SelectField
						field={fields.playroomId}
						label={t('form.playroomId')}
						options={[
							{ value: '', label: '–' },
							...playrooms.map((playroom) => ({ value: playroom.id, label: playroom.name })),
						]}
					/>
				)}
				<SelectField
					field={fields.discountType}
					label={t('form.discountType')}
					options={DISCOUNT_TYPES.map((type) => ({
						value: type,
						label: t(type === 'percent' ? 'form.typePercent' : 'form.typeAmount'),
					}))}
				/>
				<TextField field={fields.discountPercent} label={t('form.discountPercent')} maxLength={3} />
				<TextField field={fields.discountAmount} label={t('form.discountAmount')} maxLength={20} />
				<TextField field={fields.minOrderAmount} label={t('form.minOrderAmount')} maxLength={20} />
				<TextField field={fields.validFrom} type="date" label={t('form.validFrom')} />
				<TextField field={fields.validUntil} type="date" label={t('form.validUntil')} />
				<TextField field={fields.maxUses} label={t('form.maxUses')} maxLength={6} />
				<TextField field={fields.maxUsesPerGuest} label={t('form.maxUsesPerGuest')} maxLength={6} />
			</div>
			<SubmitButton className="btn-primary">{t('form.create')}</SubmitButton>
		</Form>
	)
}

/** The admin's correction of a gift voucher's balance: credit or debit, amount, reason, the form's key. */
export function AdjustVoucherForm({ idempotencyKey }: { idempotencyKey: string }) {
	const { t } = useTranslation('voucherOffices')
	const [form, fields] = useAppForm({
		id: 'adjust-voucher-form',
		schema: adjustVoucherSchema,
		lastResult: useFormResult('adjust'),
		defaultValue: { direction: 'credit' },
	})
	const labels: Record<string, string> = {
		direction: t('detail.direction'),
		amount: t('detail.adjustAmount'),
		reason: t('columns.reason'),
	}
	return (
		<Form method="POST" {...getFormProps(form)} data-testid="adjust-voucher">
			<input type="hidden" name="intent" value="adjust" />
			<input type="hidden" name="idempotencyKey" value={idempotencyKey} />
			<FormAlert form={form} labels={(name) => labels[name]} />
			<p className="mb-3 text-sm text-ink-muted">{t('detail.adjustIntro')}</p>
			<SelectField
				field={fields.direction}
				label={t('detail.direction')}
				options={[
					{ value: 'credit', label: t('detail.credit') },
					{ value: 'debit', label: t('detail.debit') },
				]}
			/>
			<TextField field={fields.amount} label={t('detail.adjustAmount')} required maxLength={20} />
			<TextField field={fields.reason} label={t('columns.reason')} required maxLength={REASON_MAX} />
			<SubmitButton className="btn-secondary">{t('detail.adjust')}</SubmitButton>
		</Form>
	)
}

/**
 * A voucher's detail page in the detail frame (host and admin): facts, `extra` sections (the
 * admin's correction), cancel with a reason where the reader may, and the transaction table.
 */
export function VoucherDetail({
	area,
	voucher,
	transactions,
	mayCancel,
	extra,
	history,
}: {
	area: 'host' | 'admin'
	voucher: VoucherView
	transactions: VoucherTransactionView[]
	mayCancel: boolean
	extra?: React.ReactNode
	/** The admins' writes on it (the admin page only). */
	history: AuditEntry[]
}) {
	const { t } = useTranslation('voucherOffices')
	const { t: tc } = useTranslation()
	const actionData = useActionData<FormActionData>()
	const title = `${t(`kinds.${voucher.kind}`)} ${voucher.code}`
	return (
		<DetailFrame
			testId={`${area}-voucher`}
			title={voucher.code}
			subtitle={t(`kinds.${voucher.kind}`)}
			badge={<VoucherStatusBadge status={voucher.status} />}
			actions={
				<LocaleLink to={`/${area}/vouchers`} className="btn-secondary">
					{t('detail.back')}
				</LocaleLink>
			}
		>
			<title>{`${title} | ${tc('appName')}`}</title>
			<DetailSection id="voucher-facts" title={t('detail.facts')}>
				<VoucherFacts voucher={voucher} />
			</DetailSection>
			{extra}
			{mayCancel ? (
				<DetailSection id="voucher-cancel" title={t('detail.cancelTitle')}>
					<p className="mb-3 text-sm text-ink-muted">{t('detail.cancelIntro')}</p>
					<AdminReasonForm
						intent="cancel"
						label={t('detail.cancelReasonLabel')}
						submit={t('detail.cancel')}
						actionData={actionData}
						danger
						testId="cancel-voucher"
					/>
				</DetailSection>
			) : null}
			<DetailSection id="voucher-transactions" title={t('detail.transactions')} wide>
				<VoucherTransactionTable
					transactions={transactions}
					orderPath={(orderId) => `/${area}/orders/${orderId}`}
				/>
			</DetailSection>
			{area === 'admin' ? <AuditHistory entries={history} /> : null}
		</DetailFrame>
	)
}
