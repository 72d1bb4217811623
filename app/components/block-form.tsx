import { useTranslation } from 'react-i18next'
import { Form } from 'react-router'
import { BLOCK_NOTE_MAX, blockFormSchema } from '#app/schemas/host-calendar.ts'
import { useFormResult } from '#app/hooks/use-form-result.ts'
import { CheckboxField, FormAlert, getFormProps, SelectField, SubmitButton, TextField } from './forms.tsx'
import { useAppForm } from './app-form.ts'
import { LocaleLink } from './locale-link.tsx'

/**
 * The block form of the host calendar: new block, or one block being edited
 * (with its "remove" form). A plain POST form; the calendar's links and drags
 * only prefill it through the URL. `context` carries the calendar's view, date
 * and filter so the action returns to the same place.
 */
export type BlockFormValues = {
	id: string | null
	playroomId: string
	allDay: boolean
	startDate: string
	startTime: string
	endDate: string
	endTime: string
	note: string
}

export function BlockForm({
	values,
	playrooms,
	context,
	cancelHref,
}: {
	values: BlockFormValues
	playrooms: { id: string; name: string }[]
	context: Record<string, string>
	cancelHref: string
}) {
	const { t } = useTranslation('hostCalendar')
	const editing = values.id !== null
	const [form, fields] = useAppForm({
		id: 'calendar-block-form',
		schema: blockFormSchema,
		lastResult: useFormResult('block'),
		defaultValue: { ...values, allDay: values.allDay ? 'on' : undefined },
	})
	const hidden = Object.entries(context).map(([name, value]) => (
		<input key={name} type="hidden" name={name} value={value} />
	))
	return (
		<section id="block-form" aria-labelledby="block-form-title" className="card max-w-xl scroll-mt-24">
			<h2 id="block-form-title" className="mb-1 text-xl font-semibold">
				{editing ? t('form.editTitle') : t('form.newTitle')}
			</h2>
			<p className="mb-4 text-sm text-ink-muted">{t('form.intro')}</p>
			<FormAlert form={form} />
			<Form method="POST" {...getFormProps(form)} data-testid="block-form">
				{hidden}
				{editing ? <input type="hidden" name="blockId" value={values.id ?? ''} /> : null}
				<SelectField
					field={fields.playroomId}
					label={t('form.playroom')}
					options={playrooms.map((p) => ({ value: p.id, label: p.name }))}
				/>
				<CheckboxField field={fields.allDay} label={t('form.allDay')} />
				<div className="grid gap-x-4 sm:grid-cols-2">
					<TextField field={fields.startDate} type="date" label={t('form.startDate')} required />
					<TextField field={fields.startTime} type="time" label={t('form.startTime')} />
					<TextField field={fields.endDate} type="date" label={t('form.endDate')} required />
					<TextField field={fields.endTime} type="time" label={t('form.endTime')} />
				</div>
				<TextField field={fields.note} label={t('form.note')} maxLength={BLOCK_NOTE_MAX} />
				<div className="flex flex-wrap gap-2">
					<SubmitButton name="intent" value={editing ? 'update' : 'create'} className="btn-primary">
						{editing ? t('form.save') : t('form.create')}
					</SubmitButton>
					{editing ? (
						<LocaleLink to={cancelHref} className="btn-ghost">
							{t('form.cancel')}
						</LocaleLink>
					) : null}
				</div>
			</Form>
			{editing ? (
				<Form method="POST" className="mt-4 border-t border-line pt-4">
					{hidden}
					<input type="hidden" name="blockId" value={values.id ?? ''} />
					<button type="submit" name="intent" value="delete" className="btn-ghost text-danger">
						{t('form.delete')}
					</button>
				</Form>
			) : null}
		</section>
	)
}
