import { useTranslation } from 'react-i18next'
import { Form } from 'react-router'
import type { CheckoutView } from '#app/models/booking/checkout.server.ts'
import type { CheckoutActionData } from '#app/routes/checkout/checkout.tsx'
import { formatAmount } from '#app/utils/format.ts'
import { useLocale } from '#app/hooks/use-root-data.ts'
import { translateValidationMessage } from '#app/utils/validation-messages.ts'
import { FieldErrors, fieldLabels, FormAlert, getFormProps, SubmitButton } from '#app/components/forms.tsx'
import { useLazyAppForm } from '#app/components/lazy-app-form.ts'
import { resultFor, useCatchUpOnHydration } from './shared.tsx'

/** Step 2: adults, children and extras; with JavaScript each change asks for the live price. */
export function GuestsStep({
	view,
	actionData,
	onChange,
}: {
	view: CheckoutView
	actionData: CheckoutActionData | undefined
	onChange: (guests: number, extras: { additionId: string; quantity: number }[]) => void
}) {
	const { t } = useTranslation('booking')
	const { t: tc } = useTranslation('catalogue')
	const { t: tv } = useTranslation()
	const locale = useLocale()
	const result = resultFor(actionData, 'guests')
	const [form, fields] = useLazyAppForm({
		id: 'checkout-guests',
		loadSchema: () => import('#app/schemas/checkout.ts').then((m) => m.guestsStepSchema),
		lastResult: result,
		defaultValue: { adults: String(view.state.adults ?? 2), children: String(view.state.children) },
	})
	const extraErrors = (id: string) => (result?.error?.[`extra_${id}`] as string[] | undefined) ?? undefined
	const groupErrors = result?.error?.guests as string[] | undefined
	const chosen = new Map(view.state.extras.map((e) => [e.additionId, e.quantity]))
	/** What the price depends on, as the form holds it now. */
	const readChoice = (element: HTMLFormElement) => {
		const data = new FormData(element)
		const guests = Number(data.get('adults') || 0) + Number(data.get('children') || 0)
		const extras = view.summary.additions
			.map((a) => ({ additionId: a.id, quantity: Number(data.get(`extra_${a.id}`) || 0) }))
			.filter((e) => Number.isInteger(e.quantity) && e.quantity > 0)
		return { guests, extras }
	}
	const recompute = (element: HTMLFormElement) => {
		const { guests, extras } = readChoice(element)
		if (guests > 0) onChange(guests, extras)
	}
	// A change typed before the step hydrated gets its live price once it has.
	useCatchUpOnHydration(form.id, (element) => {
		const { guests, extras } = readChoice(element)
		const served = (view.state.adults ?? 2) + view.state.children
		const extrasChanged =
			extras.length !== chosen.size || extras.some((e) => chosen.get(e.additionId) !== e.quantity)
		if (guests !== served || extrasChanged) recompute(element)
	})
	return (
		<Form
			method="post"
			{...getFormProps(form)}
			onChange={(event) => recompute(event.currentTarget)}
			data-testid="guests-form"
		>
			<FormAlert form={form} labels={fieldLabels(t, 'booking:checkout.guests')} />
			<input type="hidden" name="intent" value="guests" />
			<p className="mb-3 text-sm text-ink-muted">
				{t('checkout.guests.maxGuests', { count: view.summary.maxGuests })}
			</p>
			<fieldset
				className="mb-4"
				aria-describedby={groupErrors?.length ? 'checkout-guests-group-error' : undefined}
				data-testid="guests-group"
			>
				<legend className="sr-only">{t('checkout.steps.guests')}</legend>
				<div className="grid gap-x-4 sm:grid-cols-2">
					<NumberField
						field={fields.adults}
						label={t('checkout.guests.adults')}
						min={1}
						max={view.summary.maxGuests}
					/>
					<NumberField
						field={fields.children}
						label={t('checkout.guests.children')}
						min={0}
						max={view.summary.maxGuests}
					/>
				</div>
				<FieldErrors id="checkout-guests-group-error" errors={groupErrors} />
			</fieldset>
			<fieldset className="mb-4">
				<legend className="mb-2 font-semibold">{t('checkout.guests.extras')}</legend>
				{view.summary.additions.length === 0 ? (
					<p className="text-sm text-ink-muted">{t('checkout.guests.noExtras')}</p>
				) : (
					<ul className="flex flex-col gap-3">
						{view.summary.additions.map((addition) => {
							const id = `extra-${addition.id}`
							const errors = extraErrors(addition.id)
							const unit = tc(
								`units.${addition.unit === 'PerGuest' ? 'guest' : addition.unit === 'PerHour' ? 'hour' : 'booking'}`,
							)
							return (
								<li key={addition.id} className="flex flex-wrap items-center justify-between gap-2">
									<label htmlFor={id} className="text-sm">
										<span className="font-medium">{addition.name}</span>{' '}
										<span className="text-ink-muted">
											{t('checkout.guests.perUnit', { price: formatAmount(addition.price, locale), unit })} ·{' '}
											{t('checkout.guests.maxQuantity', { max: addition.maxQuantity })}
										</span>
									</label>
									<input
										id={id}
										type="number"
										name={`extra_${addition.id}`}
										min={0}
										max={addition.maxQuantity}
										step={1}
										inputMode="numeric"
										defaultValue={String(chosen.get(addition.id) ?? 0)}
										aria-invalid={errors?.length ? true : undefined}
										aria-describedby={errors?.length ? `${id}-error` : undefined}
										className="w-24 rounded-lg border border-line bg-surface px-3 py-2 text-ink"
									/>
									{errors?.length ? (
										<ul id={`${id}-error`} className="w-full text-sm text-danger">
											{errors.map((error) => (
												<li key={error}>{translateValidationMessage(tv, error)}</li>
											))}
										</ul>
									) : null}
								</li>
							)
						})}
					</ul>
				)}
			</fieldset>
			<noscript>
				<p className="mb-2 text-xs text-ink-muted">{t('checkout.guests.updatePrice')}</p>
			</noscript>
			<SubmitButton className="btn-primary">{t('checkout.next')}</SubmitButton>
		</Form>
	)
}

type PlainField = {
	id: string
	name: string
	key?: string
	initialValue?: unknown
	errors?: string[]
	errorId: string
}

function NumberField({
	field,
	label,
	min,
	max,
}: {
	field: PlainField
	label: string
	min: number
	max: number
}) {
	return (
		<div className="mb-4">
			<label htmlFor={field.id} className="mb-1 block text-sm font-medium">
				{label}
				<span className="ml-0.5 text-danger" aria-hidden="true">
					*
				</span>
			</label>
			<input
				id={field.id}
				name={field.name}
				type="number"
				inputMode="numeric"
				min={min}
				max={max}
				step={1}
				required
				defaultValue={String(field.initialValue ?? '')}
				key={field.key}
				aria-invalid={field.errors?.length ? true : undefined}
				aria-describedby={field.errors?.length ? field.errorId : undefined}
				className="w-full rounded-lg border border-line bg-surface px-3 py-2 text-ink"
			/>
			<FieldErrors id={field.errorId} errors={field.errors} />
		</div>
	)
}
