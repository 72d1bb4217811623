import { useTranslation } from 'react-i18next'
import { Form } from 'react-router'
import type { RefundState } from '#app/models/booking/refunds.server.ts'
import { HOLDER_MAX } from '#app/schemas/refunds.ts'
import type { FormActionData } from '#app/utils/form-actions.server.ts'
import { formatAmount } from '#app/utils/format.ts'
import { formatDate } from '#app/utils/format-instant.ts'
import { useLocale } from '#app/hooks/use-root-data.ts'
import { translateValidationMessage } from '#app/utils/validation-messages.ts'
import { FieldErrors, Label } from './forms.tsx'
import { DetailSection } from './detail-frame.tsx'

/**
 * A refund as the guest sees it (issue 34, ADR 0176): "on its way" with the amount while due,
 * "refunded on <Berlin date>" once sent; and the account a bank refund goes to — asked for in the
 * cancellation form and, while a refund is due without one, on the order page. Plain forms: they
 * work without JavaScript and keep what was typed when refused.
 */
export function useRefundLabel() {
	const { t } = useTranslation('refunds')
	const locale = useLocale()
	return (refund: RefundState, form: 'status' | 'amount') => {
		const amount = formatAmount(refund.amount, locale)
		if (refund.state === 'due')
			return t(form === 'status' ? 'guest.statusOnItsWay' : 'guest.onItsWay', { amount })
		const date = refund.sentAt === null ? '' : formatDate(refund.sentAt, locale)
		return t(form === 'status' ? 'guest.statusSentOn' : 'guest.sentOn', { amount, date })
	}
}

type Result = FormActionData['result'] | undefined

function valueOf(result: Result, name: string): string {
	const value = (result?.initialValue as Record<string, unknown> | undefined)?.[name]
	return typeof value === 'string' ? value : ''
}

/** Holder and IBAN inputs, inside the cancellation form or the account form. */
export function RefundAccountInputs({
	result,
	required,
	hint = true,
}: {
	result: Result
	required: boolean
	/** The guest reads what the account is kept for; the admin knows. */
	hint?: boolean
}) {
	const { t } = useTranslation('refunds')
	const errors = result?.error ?? {}
	const field = (name: 'refundAccountHolder' | 'refundIban', label: string, hint?: string) => {
		const id = `refund-${name}`
		const fieldErrors = errors[name] ?? undefined
		return (
			<div className="mb-3">
				<Label htmlFor={id} label={label} required={required} />
				<input
					id={id}
					name={name}
					defaultValue={valueOf(result, name)}
					required={required}
					maxLength={name === 'refundIban' ? 42 : HOLDER_MAX}
					autoComplete={name === 'refundIban' ? 'off' : 'name'}
					spellCheck={false}
					aria-invalid={fieldErrors?.length ? true : undefined}
					aria-describedby={
						[fieldErrors?.length ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') ||
						undefined
					}
					className="w-full rounded-lg border border-line bg-surface px-3 py-2 text-ink"
					data-testid={id}
				/>
				{hint ? (
					<p id={`${id}-hint`} className="mt-1 text-sm text-ink-muted">
						{hint}
					</p>
				) : null}
				<FieldErrors id={`${id}-error`} errors={fieldErrors} />
			</div>
		)
	}
	return (
		<fieldset className="mb-3 min-w-0">
			{field('refundAccountHolder', t('account.holder'))}
			{field('refundIban', t('account.iban'), hint ? t('account.ibanHint') : undefined)}
		</fieldset>
	)
}

/** The guest's form while a bank refund is due without an account (intent `refundAccount`). */
export function RefundAccountPanel({
	refund,
	actionData,
}: {
	refund: RefundState
	actionData: FormActionData | undefined
}) {
	const { t } = useTranslation('refunds')
	const { t: tv } = useTranslation()
	const locale = useLocale()
	const result = actionData?.intent === 'refundAccount' ? actionData.result : undefined
	const formErrors = Object.values(result?.error ?? {}).flatMap((errors) => errors ?? [])
	return (
		<DetailSection
			id="refund-account"
			title={t('account.askTitle', { amount: formatAmount(refund.amount, locale) })}
		>
			<Form method="post" data-testid="refund-account-form">
				<input type="hidden" name="intent" value="refundAccount" />
				{formErrors.length ? (
					<p role="alert" className="mb-2 text-danger">
						{[...new Set(formErrors.map((error) => translateValidationMessage(tv, error)))].join(' ')}
					</p>
				) : null}
				<p className="mb-3">{t('account.askIntro')}</p>
				<RefundAccountInputs result={result} required />
				<button type="submit" className="btn-primary" data-testid="refund-account-submit">
					{t('account.submit')}
				</button>
			</Form>
		</DetailSection>
	)
}
