import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Form, useNavigation } from 'react-router'
import type { CheckoutActionData } from '#app/routes/checkout/checkout.tsx'
import { MESSAGE_MAX } from '#app/schemas/limits.ts'
import { formatAmount } from '#app/utils/format.ts'
import { formatStay } from '#app/utils/format-instant.ts'
import { useLocale } from '#app/hooks/use-root-data.ts'
import { PriceBreakdown, RefundSchedule } from '#app/components/booking-ui.tsx'
import {
	CheckboxField,
	FieldErrors,
	fieldLabels,
	FormAlert,
	getFormProps,
	SubmitButton,
	TextField,
} from '#app/components/forms.tsx'
import { useLazyAppForm } from '#app/components/lazy-app-form.ts'
import { resultFor, SlotTaken, type LoaderData } from './shared.tsx'
import { GiftVoucherLines } from './summary.tsx'

/** Step 5: everything at a glance, the event address of a mobile offer, message, terms and the order button. */
export function ReviewStep({
	data,
	actionData,
}: {
	data: LoaderData
	actionData: CheckoutActionData | undefined
}) {
	const { t } = useTranslation('booking')
	const { t: tc } = useTranslation('catalogue')
	const locale = useLocale()
	const navigation = useNavigation()
	const { view } = data
	const result = resultFor(actionData, 'confirm')
	const [form, fields] = useLazyAppForm({
		id: 'checkout-confirm',
		loadSchema: () => import('#app/schemas/checkout.ts').then((m) => m.confirmStepSchema),
		lastResult: result,
	})
	const mobile = view.summary.placeType === 'Mobile'
	const extras = view.price?.lines.filter((line) => line.kind === 'extra') ?? []
	const slotTaken = actionData?.intent === 'confirm' && actionData.errorName === 'SlotNotAvailable'
	const submitting = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'confirm'
	return (
		<div data-testid="review">
			{slotTaken ? <SlotTaken alternatives={actionData?.alternatives ?? []} /> : null}
			<dl className="mb-4 grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
				<dt className="font-medium text-ink-muted">{t('checkout.review.playroom')}</dt>
				<dd>
					{view.summary.name}, {view.summary.city}
				</dd>
				<dt className="font-medium text-ink-muted">{t('checkout.review.when')}</dt>
				<dd data-testid="review-when">
					{view.bookingType ? `${tc(`bookingTypes.${view.bookingType}`)}: ` : ''}
					{view.slot ? formatStay(view.slot.start, view.slot.end, locale) : ''}
				</dd>
				<dt className="font-medium text-ink-muted">{t('checkout.review.guests')}</dt>
				<dd>
					{t('checkout.review.guestsValue', {
						adults: view.state.adults ?? 0,
						children: view.state.children,
					})}
				</dd>
				{extras.length ? (
					<>
						<dt className="font-medium text-ink-muted">{t('checkout.review.extras')}</dt>
						<dd>
							{extras.map((e) => `${e.quantity} × ${locale === 'en' ? e.labelEn : e.labelDe}`).join(', ')}
						</dd>
					</>
				) : null}
				<dt className="font-medium text-ink-muted">{t('checkout.review.contact')}</dt>
				<dd>
					{data.contact
						? `${data.contact.firstName} ${data.contact.lastName}, ${data.contact.phoneNumber}`
						: ''}
					{data.user ? ` · ${data.user.email}` : ''}
				</dd>
				<dt className="font-medium text-ink-muted">{t('checkout.review.paymentMethod')}</dt>
				<dd>{view.state.paymentMethod ? tc(`paymentMethods.${view.state.paymentMethod}`) : ''}</dd>
			</dl>
			{view.price ? <PriceBreakdown price={view.price} testId="review-price" /> : null}
			<GiftVoucherLines view={view} />
			{view.price && view.price.deposit > 0 ? (
				<p className="mt-2 text-xs text-ink-muted">
					{t('checkout.review.depositNote', { amount: formatAmount(view.price.deposit, locale) })}
				</p>
			) : null}
			<h3 className="mt-4 mb-1 font-semibold">{t('checkout.review.cancellationPolicy')}</h3>
			<p className="text-sm">{tc(`cancellationPolicies.${view.summary.cancellationPolicy}`)}</p>
			<RefundSchedule tiers={view.refundSchedule} />
			<p className="my-4 rounded-lg bg-surface p-3 text-sm" data-testid="booking-mode">
				{view.summary.instantBooking ? t('checkout.review.instantNote') : t('checkout.review.requestNote')}
			</p>
			<Form method="post" {...getFormProps(form)} data-testid="confirm-form">
				<FormAlert form={form} labels={fieldLabels(t, 'booking:checkout.review')} />
				<input type="hidden" name="intent" value="confirm" />
				<input type="hidden" name="idempotencyKey" value={view.idempotencyKey} />
				{mobile ? (
					<fieldset className="mb-4 rounded-lg border border-line p-4">
						<legend className="px-1 font-semibold">{t('checkout.review.eventAddress')}</legend>
						{view.summary.serviceRadiusKm ? (
							<p className="mb-3 text-sm text-ink-muted" data-testid="service-radius">
								{t('checkout.review.serviceRadius', {
									radius: view.summary.serviceRadiusKm,
									city: view.summary.city,
								})}
							</p>
						) : null}
						<TextField
							field={fields.street}
							label={t('checkout.review.street')}
							required
							maxLength={100}
							autoComplete="street-address"
						/>
						<div className="grid gap-x-4 sm:grid-cols-[10rem_1fr]">
							<TextField
								field={fields.postalCode}
								label={t('checkout.review.postalCode')}
								required
								maxLength={10}
								autoComplete="postal-code"
							/>
							<TextField
								field={fields.city}
								label={t('checkout.review.city')}
								required
								maxLength={60}
								autoComplete="address-level2"
							/>
						</div>
					</fieldset>
				) : null}
				<TextAreaField
					field={fields.message}
					label={t('checkout.review.message')}
					hint={t('checkout.review.messageHint')}
				/>
				<CheckboxField field={fields.acceptTerms} label={t('checkout.review.acceptTerms')} required />
				<SubmitButton className="btn-primary w-full" pending={submitting}>
					{view.summary.instantBooking ? t('checkout.review.submitBook') : t('checkout.review.submitRequest')}
				</SubmitButton>
			</Form>
		</div>
	)
}

function TextAreaField({
	field,
	label,
	hint,
}: {
	field: Parameters<typeof TextField>[0]['field']
	label: string
	hint: string
}) {
	const [length, setLength] = useState(() => String(field.initialValue ?? '').length)
	const { t } = useTranslation()
	return (
		<div className="mb-4">
			<label htmlFor={field.id} className="mb-1 block text-sm font-medium">
				{label}
			</label>
			<textarea
				id={field.id}
				name={field.name}
				rows={4}
				maxLength={MESSAGE_MAX}
				defaultValue={String(field.initialValue ?? '')}
				key={field.key}
				onInput={(event) => setLength(event.currentTarget.value.length)}
				aria-describedby={`${field.id}-hint ${field.id}-counter${field.errors?.length ? ` ${field.errorId}` : ''}`}
				aria-invalid={field.errors?.length ? true : undefined}
				className="w-full rounded-lg border border-line bg-surface px-3 py-2 text-ink"
			/>
			<div className="flex justify-between gap-2">
				<p id={`${field.id}-hint`} className="mt-1 text-xs text-ink-muted">
					{hint}
				</p>
				<p id={`${field.id}-counter`} className="mt-1 shrink-0 text-xs text-ink-muted">
					{t('validation.counter', { length, max: MESSAGE_MAX })}
				</p>
			</div>
			<FieldErrors id={field.errorId} errors={field.errors} />
		</div>
	)
}
