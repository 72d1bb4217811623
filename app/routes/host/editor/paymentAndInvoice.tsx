import { useTranslation } from 'react-i18next'
import type { Route } from './+types/paymentAndInvoice.ts'
import { EditorForm, SaveBar } from '#app/components/editor-tabs.tsx'
import { useFormResult } from '#app/hooks/use-form-result.ts'
import {
	CheckboxField,
	fieldLabels,
	FormAlert,
	getFormProps,
	RadioGroupField,
	TextField,
} from '#app/components/forms.tsx'
import { useAppForm } from '#app/components/app-form.ts'
import { readPayment, savePayment } from '#app/models/host-office/host-editor-settings.server.ts'
import { paymentSchema } from '#app/schemas/host-editor.ts'
import { requireEditablePlayroom, saveTab } from './editor.server.ts'

/**
 * Tab paymentAndInvoice: payment methods (bank transfer always, on site
 * optional, card only when the platform has Stripe), the host's invoice data
 * with the tax status for the platform's commission invoices (private person /
 * small business under § 19 UStG / standard with VAT id — issue 34, ADR 0178;
 * the VAT id is required for standard), and the payout IBAN (checksum-checked,
 * never sent back in full — only masked).
 */
export async function loader(args: Route.LoaderArgs) {
	const { playroom } = await requireEditablePlayroom(args)
	const { maskedIban, cardAvailable, ...values } = readPayment(playroom)
	const tick = (value: boolean) => (value ? 'on' : '')
	return {
		maskedIban,
		cardAvailable,
		values: {
			...values,
			onSite: tick(values.onSite),
			card: tick(values.card),
		},
	}
}

export async function action(args: Route.ActionArgs) {
	return saveTab(args, { tab: 'paymentAndInvoice', schema: paymentSchema, save: savePayment })
}

export default function PaymentTab({ loaderData }: Route.ComponentProps) {
	const { t } = useTranslation('hostEditor')
	const [form, fields] = useAppForm({
		id: 'paymentAndInvoice',
		schema: paymentSchema,
		lastResult: useFormResult('paymentAndInvoice'),
		defaultValue: loaderData.values,
	})
	return (
		<EditorForm {...getFormProps(form)} className="card">
			<FormAlert form={form} labels={fieldLabels(t, 'hostEditor:payment')} />
			<fieldset className="mb-4">
				<legend className="mb-2 text-lg font-semibold">{t('payment.methods')}</legend>
				<p className="mb-2 flex items-center gap-2 text-sm">
					<input type="checkbox" checked disabled className="h-4 w-4" id="bank-transfer" />
					<label htmlFor="bank-transfer">{t('payment.bankTransfer')}</label>
				</p>
				<CheckboxField field={fields.onSite} label={t('payment.onSite')} />
				{loaderData.cardAvailable ? (
					<CheckboxField field={fields.card} label={t('payment.card')} />
				) : (
					<p className="mb-4 text-sm text-ink-muted">{t('payment.cardUnavailable')}</p>
				)}
			</fieldset>
			<fieldset className="mb-4">
				<legend className="mb-2 text-lg font-semibold">{t('payment.invoice')}</legend>
				<TextField field={fields.companyName} label={t('payment.companyName')} autoComplete="organization" />
				<TextField field={fields.street} label={t('payment.street')} autoComplete="street-address" />
				<div className="grid gap-x-4 sm:grid-cols-3">
					<TextField field={fields.postalCode} label={t('payment.postalCode')} autoComplete="postal-code" />
					<TextField field={fields.city} label={t('payment.city')} autoComplete="address-level2" />
					<TextField field={fields.country} label={t('payment.country')} autoComplete="country-name" />
				</div>
				<RadioGroupField
					field={fields.taxStatus}
					legend={t('payment.taxStatus')}
					options={[
						{ value: 'Private', label: t('payment.taxStatuses.Private') },
						{
							value: 'SmallBusiness',
							label: t('payment.taxStatuses.SmallBusiness'),
							hint: t('payment.smallBusinessInvoiceNote'),
						},
						{ value: 'Standard', label: t('payment.taxStatuses.Standard') },
					]}
				/>
				<TextField field={fields.vatId} label={t('payment.vatId')} hint={t('payment.vatIdHint')} />
				<TextField
					field={fields.taxNumber}
					label={t('payment.taxNumber')}
					hint={t('payment.taxNumberHint')}
				/>
				<TextField
					field={fields.payoutIban}
					label={t('payment.payoutIban')}
					autoComplete="off"
					hint={
						loaderData.maskedIban
							? t('payment.ibanStored', { iban: loaderData.maskedIban })
							: t('payment.ibanNone')
					}
				/>
			</fieldset>
			<SaveBar />
		</EditorForm>
	)
}
