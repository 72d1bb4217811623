import { useTranslation } from 'react-i18next'
import type { Route } from './+types/rules.ts'
import { CheckboxGroup } from '#app/components/editor-fields.tsx'
import { EditorForm, SaveBar } from '#app/components/editor-tabs.tsx'
import { useFormResult } from '#app/hooks/use-form-result.ts'
import {
	CheckboxField,
	fieldLabels,
	FormAlert,
	getFormProps,
	SelectField,
	TextAreaField,
	TextField,
} from '#app/components/forms.tsx'
import { useAppForm } from '#app/components/app-form.ts'
import { CANCELLATION_TIERS } from '#app/domain/cancellation.ts'
import { readRules, saveRules } from '#app/models/host-office/host-editor-settings.server.ts'
import { EDITOR_LIMITS, rulesSchema } from '#app/schemas/host-editor.ts'
import { CANCELLATION_POLICIES, SAFETY_ITEMS } from '#db/schema/catalogue-enums.ts'
import { requireEditablePlayroom, saveTab } from './editor.server.ts'

/**
 * Tab rules: house rules de/en, cancellation policy (with the refund table of
 * app/domain/cancellation.ts), instant booking, children's ages and the
 * child-safety checklist (all ticked → the "safety checked by the host" badge).
 */
export async function loader(args: Route.LoaderArgs) {
	const { playroom } = await requireEditablePlayroom(args)
	const values = readRules(playroom)
	return { values: { ...values, instantBooking: values.instantBooking ? 'on' : '' } }
}

export async function action(args: Route.ActionArgs) {
	return saveTab(args, { tab: 'rules', schema: rulesSchema, save: saveRules })
}

function RefundTable() {
	const { t } = useTranslation('hostEditor')
	return (
		<table className="mb-6 w-full text-sm" data-testid="refund-table">
			<caption className="mb-1 text-left font-medium">{t('rules.refundTable')}</caption>
			<tbody>
				{CANCELLATION_POLICIES.map((policy) => (
					<tr key={policy} className="border-t border-line">
						<th scope="row" className="py-1 pr-3 text-left font-medium">
							{t(`rules.${policy}`)}
						</th>
						{CANCELLATION_TIERS[policy].map((tier) => (
							<td key={tier.minNoticeMs} className="py-1 pr-3">
								{Number.isFinite(tier.minNoticeMs)
									? t('rules.refundBefore', { hours: tier.minNoticeMs / 3_600_000 })
									: t('rules.refundLater')}
								: {t('rules.refundPercent', { percent: tier.percent })}
							</td>
						))}
					</tr>
				))}
			</tbody>
		</table>
	)
}

export default function RulesTab({ loaderData }: Route.ComponentProps) {
	const { t } = useTranslation('hostEditor')
	const [form, fields] = useAppForm({
		id: 'rules',
		schema: rulesSchema,
		lastResult: useFormResult('rules'),
		defaultValue: loaderData.values,
	})
	return (
		<EditorForm {...getFormProps(form)} className="card">
			<FormAlert form={form} labels={fieldLabels(t, 'hostEditor:rules')} />
			<TextAreaField field={fields.rulesDe} label={t('rules.rulesDe')} maxLength={EDITOR_LIMITS.rules} />
			<TextAreaField field={fields.rulesEn} label={t('rules.rulesEn')} maxLength={EDITOR_LIMITS.rules} />
			<SelectField
				field={fields.cancellationPolicy}
				label={t('rules.cancellationPolicy')}
				options={CANCELLATION_POLICIES.map((value) => ({ value, label: t(`rules.${value}`) }))}
			/>
			<RefundTable />
			<CheckboxField field={fields.instantBooking} label={t('rules.instantBooking')} />
			<fieldset className="mb-4">
				<legend className="mb-1 text-lg font-semibold">{t('rules.ages')}</legend>
				<div className="grid gap-x-4 sm:grid-cols-2">
					<TextField field={fields.minChildAge} label={t('rules.minChildAge')} />
					<TextField field={fields.maxChildAge} label={t('rules.maxChildAge')} />
				</div>
			</fieldset>
			<CheckboxGroup
				field={fields.safety}
				legend={t('rules.safety')}
				hint={t('rules.safetyHint')}
				options={SAFETY_ITEMS.map((value) => ({ value, label: t(`rules.items.${value}`) }))}
			/>
			<SaveBar />
		</EditorForm>
	)
}
