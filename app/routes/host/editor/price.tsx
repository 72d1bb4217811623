import { parseFormSubmission } from '#app/utils/form-submission.ts'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Route } from './+types/price.ts'
import { EditorForm, SaveBar } from '#app/components/editor-tabs.tsx'
import { useFormResult } from '#app/hooks/use-form-result.ts'
import { FieldErrors, fieldLabels, FormAlert, getFormProps, TextField } from '#app/components/forms.tsx'
import { useAppForm } from '#app/components/app-form.ts'
import { priceExample } from '#app/domain/price-example.ts'
import type { PriceBreakdown } from '#app/domain/pricing.ts'
import { readBookingTypes, readPrice, savePrice } from '#app/models/host-office/host-editor.server.ts'
import { getHostTaxStatus } from '#app/models/catalogue/playrooms.server.ts'
import { priceSchema } from '#app/schemas/host-editor.ts'
import { ADDITION_UNITS, type BookingType } from '#db/schema/catalogue-enums.ts'
import { formatMoney } from '#app/utils/format.ts'
import { looseT } from '#app/utils/loose-t.ts'
import { describeTax } from '#app/utils/price-lines.ts'
import { getLocale } from '#app/utils/i18n.server.ts'
import type { Locale } from '#app/utils/locale.ts'
import { useLocale } from '#app/hooks/use-root-data.ts'
import { requireEditablePlayroom, saveTab } from './editor.server.ts'

/**
 * Tab price: per enabled booking type the weekday/weekend price, guests
 * included, extra-guest, cleaning and deposit; the extras; and an example
 * breakdown from the real price engine (server-rendered from the saved
 * prices, recomputed in the browser while typing).
 */
/** Cents as the host types euros: "35", "35.50" — in German with a decimal comma ("35,50"). */
function euroInput(cents: number, locale: Locale): string {
	const value = (cents / 100).toFixed(2).replace('.00', '')
	return locale === 'de' ? value.replace('.', ',') : value
}

export async function loader(args: Route.LoaderArgs) {
	const { playroom } = await requireEditablePlayroom(args)
	const locale = getLocale(args.context)
	const euros = (cents: number) => euroInput(cents, locale)
	const price = readPrice(playroom)
	const stays = Object.fromEntries(
		readBookingTypes(playroom.id).map((t) => [
			t.bookingType,
			{ minHours: t.minHours, minNights: t.minNights },
		]),
	)
	return {
		enabledTypes: price.enabledTypes,
		values: {
			prices: Object.fromEntries(
				Object.entries(price.prices).map(([type, p]) => [
					type,
					{
						weekdayPrice: euros(p.weekdayPrice),
						weekendPrice: euros(p.weekendPrice),
						guestsIncluded: p.guestsIncluded,
						extraGuestFee: euros(p.extraGuestFee),
						cleaningFee: euros(p.cleaningFee),
						deposit: euros(p.deposit),
					},
				]),
			),
			extras: price.extras.map((e) => ({ ...e, price: euros(e.price) })),
		},
		// The example follows the host's tax status (paymentAndInvoice tab; ADR 0150).
		example: {
			maxGuests: playroom.maxGuests,
			stays,
			now: Date.now(),
			taxStatus: getHostTaxStatus(playroom.hostId),
		},
	}
}

export async function action(args: Route.ActionArgs) {
	return saveTab(args, { tab: 'price', schema: priceSchema, save: savePrice })
}

type Example = Route.ComponentProps['loaderData']['example']

function examplesFrom(formData: FormData, types: readonly BookingType[], example: Example) {
	const parsed = parseFormSubmission(formData, { schema: priceSchema })
	if (parsed.status !== 'success') return null
	return types.flatMap((type) => {
		const settings = parsed.value.prices[type]
		if (!settings) return []
		const result = priceExample(type, settings, parsed.value.extras, {
			maxGuests: example.maxGuests,
			stay: example.stays[type] ?? {},
			now: example.now,
			taxStatus: example.taxStatus,
		})
		return result ? [{ type, ...result }] : []
	})
}

export default function PriceTab({ loaderData }: Route.ComponentProps) {
	const { t } = useTranslation('hostEditor')
	const [form, fields] = useAppForm({
		id: 'price',
		schema: priceSchema,
		lastResult: useFormResult('price'),
		defaultValue: loaderData.values,
	})
	const initial = () => {
		const data = new FormData()
		for (const [type, p] of Object.entries(loaderData.values.prices)) {
			for (const [key, value] of Object.entries(p)) data.set(`prices.${type}.${key}`, String(value))
		}
		loaderData.values.extras.forEach((e, i) => {
			for (const key of ['nameDe', 'nameEn', 'price', 'unit', 'maxQuantity'] as const) {
				data.set(`extras[${i}].${key}`, String(e[key]))
			}
		})
		return examplesFrom(data, loaderData.enabledTypes, loaderData.example)
	}
	const [examples, setExamples] = useState(initial)
	const prices = fields.prices.getFieldset()
	const extras = fields.extras.getFieldList()
	return (
		<EditorForm
			{...getFormProps(form)}
			className="card"
			onInput={(event) => {
				const next = examplesFrom(
					new FormData(event.currentTarget),
					loaderData.enabledTypes,
					loaderData.example,
				)
				if (next) setExamples(next)
			}}
		>
			<FormAlert form={form} labels={fieldLabels(t, 'hostEditor:price')} />
			{loaderData.enabledTypes.length === 0 ? <p className="mb-4">{t('price.noTypes')}</p> : null}
			{loaderData.enabledTypes.map((type) => {
				const row = prices[type].getFieldset()
				return (
					<fieldset key={type} className="mb-6">
						<legend className="mb-2 text-lg font-semibold">
							{t('price.perType', { type: t(`bookingType.${type}`) })}
						</legend>
						<p className="mb-2 text-xs text-ink-muted">{t(`price.basis.${type}`)}</p>
						<div className="grid gap-x-4 sm:grid-cols-3">
							<TextField field={row.weekdayPrice} label={t('price.weekdayPrice')} required />
							<TextField field={row.weekendPrice} label={t('price.weekendPrice')} required />
							<TextField field={row.guestsIncluded} label={t('price.guestsIncluded')} required />
							<TextField field={row.extraGuestFee} label={t('price.extraGuestFee')} required />
							<TextField field={row.cleaningFee} label={t('price.cleaningFee')} required />
							<TextField field={row.deposit} label={t('price.deposit')} required />
						</div>
					</fieldset>
				)
			})}
			<fieldset className="mb-6">
				<legend className="mb-1 text-lg font-semibold">{t('price.extras')}</legend>
				<p className="mb-2 text-xs text-ink-muted">{t('price.extrasHint')}</p>
				{Array.from({ length: extras.length + 1 }, (_, index) => (
					<ExtraRow
						key={index}
						index={index}
						row={extras[index]?.getFieldset() as ExtraFields | undefined}
						name={fields.extras.name}
					/>
				))}
			</fieldset>
			<ExampleTable examples={examples ?? []} />
			<SaveBar />
		</EditorForm>
	)
}

type ExtraFields = Record<string, { initialValue?: unknown; errors?: string[] }>

function ExtraRow({ index, row, name }: { index: number; row: ExtraFields | undefined; name: string }) {
	const { t } = useTranslation('hostEditor')
	const input = (key: string, label: string) => {
		const sub = row?.[key]
		const id = `extras-${index}-${key}`
		return (
			<div className="mb-2">
				<label htmlFor={id} className="mb-1 block text-sm">
					{label}
				</label>
				{key === 'unit' ? (
					<select
						id={id}
						name={`${name}[${index}].${key}`}
						defaultValue={String(sub?.initialValue ?? 'PerBooking')}
						className="w-full rounded-lg border border-line bg-surface px-3 py-2"
					>
						{ADDITION_UNITS.map((unit) => (
							<option key={unit} value={unit}>
								{t(`price.${unit}`)}
							</option>
						))}
					</select>
				) : (
					<input
						id={id}
						name={`${name}[${index}].${key}`}
						defaultValue={String(sub?.initialValue ?? '')}
						aria-invalid={Boolean(sub?.errors?.length) || undefined}
						className="w-full rounded-lg border border-line bg-surface px-3 py-2"
					/>
				)}
				<FieldErrors errors={sub?.errors} id={`${id}-error`} />
			</div>
		)
	}
	return (
		<fieldset className="mb-3 rounded-lg border border-line p-3">
			<legend className="px-1 text-sm font-medium">{t('price.extra', { number: index + 1 })}</legend>
			<div className="grid gap-x-4 sm:grid-cols-5">
				{input('nameDe', t('price.nameDe'))}
				{input('nameEn', t('price.nameEn'))}
				{input('price', t('price.extraPrice'))}
				{input('unit', t('price.unit'))}
				{input('maxQuantity', t('price.maxQuantity'))}
			</div>
		</fieldset>
	)
}

function ExampleTable({
	examples,
}: {
	examples: { type: BookingType; breakdown: PriceBreakdown; guests: number }[]
}) {
	const { t } = useTranslation('hostEditor')
	const locale = useLocale()
	const lt = looseT(t as unknown as Parameters<typeof looseT>[0])
	if (!examples.length) return null
	return (
		<section aria-labelledby="price-example" className="mb-4" aria-live="polite">
			<h2 id="price-example" className="mb-2 text-lg font-semibold">
				{t('price.example')}
			</h2>
			{examples.map(({ type, breakdown, guests }) => {
				const tax = describeTax(breakdown, lt, locale)
				return (
					<table key={type} className="mb-4 w-full text-sm" data-testid={`price-example-${type}`}>
						<caption className="text-left text-ink-muted">
							{t('price.exampleHint', { type: t(`bookingType.${type}`), guests })}
						</caption>
						<tbody>
							{breakdown.lines.map((line, index) => (
								<tr key={index}>
									<td>
										{line.kind === 'extra'
											? locale === 'de'
												? line.labelDe
												: line.labelEn
											: t(`price.line.${line.kind}`)}
									</td>
									<td className="text-right">{formatMoney(line.amount, locale)}</td>
								</tr>
							))}
							<tr className="font-semibold">
								<td>{t('price.total')}</td>
								<td className="text-right" data-testid="price-example-total">
									{formatMoney(breakdown.total, locale)}
								</td>
							</tr>
							<tr className="text-xs text-ink-muted" data-testid="price-example-tax">
								<td colSpan={tax.amount === null ? 2 : 1}>{tax.label}</td>
								{tax.amount === null ? null : <td className="text-right">{tax.amount}</td>}
							</tr>
							{breakdown.deposit ? (
								<tr>
									<td>{t('price.depositLine')}</td>
									<td className="text-right">{formatMoney(breakdown.deposit, locale)}</td>
								</tr>
							) : null}
						</tbody>
					</table>
				)
			})}
		</section>
	)
}
