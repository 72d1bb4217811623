import type { FieldMetadata } from '@conform-to/react'
import { useTranslation } from 'react-i18next'
import { FieldErrors } from './forms.tsx'
import { SpriteIcon } from './icon.tsx'

/**
 * Fields of the playroom editor that the account form kit does not have:
 * checkbox groups (features, safety checklist) and repeatable bilingual rows
 * (FAQ, extra pages) that work without JavaScript — one blank row more than
 * there are, a row emptied is a row removed, a position field sets the order.
 */
type ListField = FieldMetadata<string[] | undefined, Record<string, unknown>, string[]>

export function CheckboxGroup({
	field,
	legend,
	hint,
	options,
}: {
	field: ListField
	legend: string
	hint?: string
	options: { value: string; label: string; icon?: string }[]
}) {
	const selected = new Set(([] as unknown[]).concat(field.initialValue ?? []).map(String))
	return (
		<fieldset className="mb-6" aria-describedby={field.errors?.length ? field.errorId : undefined}>
			<legend className="mb-1 text-lg font-semibold">{legend}</legend>
			{hint ? <p className="mb-2 text-xs text-ink-muted">{hint}</p> : null}
			<div className="grid gap-2 sm:grid-cols-2">
				{options.map((option) => (
					<label key={option.value} className="flex items-center gap-2 text-sm">
						<input
							type="checkbox"
							name={field.name}
							value={option.value}
							defaultChecked={selected.has(option.value)}
							key={`${field.key ?? ''}-${option.value}`}
							className="h-4 w-4 accent-accent"
						/>
						{option.icon ? <SpriteIcon name={option.icon} className="h-4 w-4" /> : null}
						{option.label}
					</label>
				))}
			</div>
			<FieldErrors id={field.errorId} errors={field.errors} />
		</fieldset>
	)
}

export function FeatureCheckboxes({
	field,
	features,
	legend,
}: {
	field: ListField
	features: { key: string; icon: string; nameDe: string; nameEn: string }[]
	legend: string
}) {
	const { i18n } = useTranslation()
	return (
		<CheckboxGroup
			field={field}
			legend={legend}
			options={features.map((f) => ({
				value: f.key,
				icon: f.icon,
				label: i18n.language === 'en' ? f.nameEn : f.nameDe,
			}))}
		/>
	)
}

type RowField = FieldMetadata<Record<string, unknown>[] | undefined, Record<string, unknown>, string[]>

export function BilingualRows<K extends string>({
	field,
	keys,
	legend,
	hint,
	rowLabel,
	multiline = [],
}: {
	field: RowField
	keys: readonly K[]
	legend: string
	hint?: string
	rowLabel: (number: number) => string
	multiline?: K[]
}) {
	const { t } = useTranslation('hostEditor')
	const rows = field.getFieldList()
	const total = rows.length + 1
	return (
		<fieldset className="mb-6">
			<legend className="mb-1 text-lg font-semibold">{legend}</legend>
			{hint ? <p className="mb-2 text-xs text-ink-muted">{hint}</p> : null}
			{Array.from({ length: total }, (_, index) => {
				const row = rows[index]?.getFieldset() as Record<string, FieldMetadata<string>> | undefined
				const name = (key: string) => `${field.name}[${index}].${key}`
				return (
					<fieldset key={`${field.key ?? ''}-${index}`} className="mb-3 rounded-lg border border-line p-3">
						<legend className="px-1 text-sm font-medium">{rowLabel(index + 1)}</legend>
						<label className="mb-2 block text-sm">
							{t('detail.order')}{' '}
							<input
								name={name('order')}
								defaultValue={String(row?.order?.initialValue ?? index)}
								inputMode="numeric"
								className="w-16 rounded border border-line bg-surface px-2 py-1"
							/>
						</label>
						<div className="grid gap-x-4 sm:grid-cols-2">
							{keys.map((key) => {
								const sub = row?.[key]
								const id = `${field.id}-${index}-${key}`
								const props = {
									id,
									name: name(key),
									defaultValue: String(sub?.initialValue ?? ''),
									'aria-invalid': Boolean(sub?.errors?.length) || undefined,
									className: 'w-full rounded-lg border border-line bg-surface px-3 py-2 text-ink',
								}
								return (
									<div key={key} className="mb-2">
										<label htmlFor={id} className="mb-1 block text-sm">
											{t(`detail.${key}` as 'detail.questionDe')}
										</label>
										{multiline.includes(key) ? <textarea rows={3} {...props} /> : <input {...props} />}
										<FieldErrors id={`${id}-error`} errors={sub?.errors} />
									</div>
								)
							})}
						</div>
					</fieldset>
				)
			})}
			<FieldErrors id={field.errorId} errors={field.errors} />
		</fieldset>
	)
}
