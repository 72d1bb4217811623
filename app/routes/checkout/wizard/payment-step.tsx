import { useTranslation } from 'react-i18next'
import { Form } from 'react-router'
import type { PaymentMethod } from '#db/schema/catalogue.ts'
import type { CheckoutView } from '#app/models/booking/checkout.server.ts'
import type { CheckoutActionData } from '#app/routes/checkout/checkout.tsx'
import { VOUCHER_CODE_MAX } from '#app/schemas/limits.ts'
import {
	FieldErrors,
	fieldLabels,
	FormAlert,
	getFormProps,
	SubmitButton,
	TextField,
} from '#app/components/forms.tsx'
import { useLazyAppForm } from '#app/components/lazy-app-form.ts'
import { resultFor } from './shared.tsx'
import { formatAmount } from '#app/utils/format.ts'
import { useLocale } from '#app/hooks/use-root-data.ts'

/** Step 4: payment method and voucher code. */
export function PaymentStep({
	view,
	actionData,
}: {
	view: CheckoutView
	actionData: CheckoutActionData | undefined
}) {
	const { t } = useTranslation('booking')
	const { t: tc } = useTranslation('catalogue')
	const [form, fields] = useLazyAppForm({
		id: 'checkout-payment',
		loadSchema: () => import('#app/schemas/checkout.ts').then((m) => m.paymentStepSchema),
		lastResult: resultFor(actionData, 'payment'),
		defaultValue: {
			paymentMethod: view.state.paymentMethod ?? view.paymentMethods[0] ?? '',
			voucherCode: view.state.voucherCode ?? '',
		},
	})
	const selected = view.state.paymentMethod ?? view.paymentMethods[0]
	const { t: tv } = useTranslation('vouchers')
	const locale = useLocale()
	// The code in the checkout's state was checked by the loader: its reason shows without a post too.
	const voucherErrors = fields.voucherCode.errors?.length
		? fields.voucherCode.errors
		: view.priceErrors.voucherCode
	return (
		<Form method="post" {...getFormProps(form)} data-testid="payment-form">
			<FormAlert form={form} labels={fieldLabels(t, 'booking:checkout.payment')} />
			<input type="hidden" name="intent" value="payment" />
			{view.paymentMethods.length === 0 ? (
				<p role="alert" className="mb-4 text-danger">
					{t('checkout.payment.noMethods')}
				</p>
			) : (
				<fieldset
					className="mb-4"
					aria-describedby={fields.paymentMethod.errors?.length ? fields.paymentMethod.errorId : undefined}
				>
					<legend className="mb-2 font-semibold">{t('checkout.payment.method')}</legend>
					<div className="flex flex-col gap-2">
						{view.paymentMethods.map((method: PaymentMethod) => (
							<label key={method} className="flex items-start gap-2 rounded-lg border border-line p-3">
								<input
									type="radio"
									name={fields.paymentMethod.name}
									value={method}
									defaultChecked={method === selected}
									className="mt-1"
								/>
								<span>
									<span className="block font-medium">{tc(`paymentMethods.${method}`)}</span>
									<span className="block text-sm text-ink-muted">
										{t(`checkout.payment.methodHints.${method}`)}
									</span>
								</span>
							</label>
						))}
					</div>
					<FieldErrors id={fields.paymentMethod.errorId} errors={fields.paymentMethod.errors} />
				</fieldset>
			)}
			<TextField
				field={fields.voucherCode}
				label={t('checkout.payment.voucherCode')}
				maxLength={VOUCHER_CODE_MAX}
				hint={t('checkout.payment.voucherHint')}
				autoComplete="off"
			/>
			<div aria-live="polite" data-testid="voucher-status" className="-mt-2 mb-4">
				{!fields.voucherCode.errors?.length && voucherErrors?.length ? (
					<FieldErrors id="voucher-status-errors" errors={voucherErrors} />
				) : view.voucher?.kind === 'Discount' ? (
					<p className="text-sm text-success">
						{tv('checkout.discountApplied', {
							code: view.voucher.code,
							amount: formatAmount(view.voucher.amount, locale),
						})}
					</p>
				) : view.voucher?.kind === 'Gift' ? (
					<p className="text-sm text-success">
						{tv('checkout.giftPays', { code: view.voucher.code })}:{' '}
						{formatAmount(view.voucher.amount, locale)}
						{view.amountDue === 0 ? ` – ${tv('checkout.fullyCovered')}` : null}
					</p>
				) : null}
			</div>
			<SubmitButton className="btn-primary">{t('checkout.next')}</SubmitButton>
		</Form>
	)
}
