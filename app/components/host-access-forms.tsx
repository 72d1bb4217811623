import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Form, useActionData, useFetcher } from 'react-router'
import {
	FieldErrors,
	fieldLabels,
	FormAlert,
	getFormProps,
	SelectField,
	SubmitButton,
	TextAreaField,
	TextField,
} from '#app/components/forms.tsx'
import { useAppForm } from '#app/components/app-form.ts'
import {
	ACCESS_AREA_TYPES,
	TEMPLATE_LOCALES,
	TEMPLATE_PLACEHOLDERS,
	TEMPLATE_TYPES,
	type TemplateValues,
} from '#app/domain/host-access.ts'
import {
	ACCESS_NAME_MAX,
	accessAreaSchema,
	CODE_MAX,
	codePartSchema,
	INSTRUCTIONS_MAX,
	SUBJECT_MAX,
	TEMPLATE_BODY_MAX,
	templateTextSchema,
} from '#app/schemas/host-access.ts'
import { useFormResult } from '#app/hooks/use-form-result.ts'
import { renderTemplate, toParagraphs } from '#app/utils/mini-template.ts'

/**
 * The forms of /host/accessAreas and /host/templateTexts (issue 13), each
 * used for "new" and "edit" (the template form also on the admin's
 * /admin/templateTexts/:templateTextId). Plain POST forms; JavaScript adds
 * Conform's checks and the live template preview.
 */
type AccessAreaDefaults = {
	name: string
	type: string
	instructionsDe: string
	instructionsEn: string
	playroomIds: string[]
}

export function AccessAreaForm({
	id,
	intent,
	defaults,
	playrooms,
	submitLabel,
}: {
	id: string
	intent: string
	defaults?: AccessAreaDefaults
	playrooms: { id: string; name: string }[]
	submitLabel: string
}) {
	const { t } = useTranslation('hostAccess')
	const [form, fields] = useAppForm({
		id,
		schema: accessAreaSchema,
		lastResult: useFormResult(intent),
		defaultValue: defaults,
	})
	const linked = new Set(defaults?.playroomIds ?? [])
	return (
		<Form method="POST" {...getFormProps(form)}>
			<input type="hidden" name="intent" value={intent} />
			<FormAlert form={form} labels={fieldLabels(t, 'hostAccess:areas')} />
			<TextField field={fields.name} label={t('areas.name')} required maxLength={ACCESS_NAME_MAX} />
			<SelectField
				field={fields.type}
				label={t('areas.type')}
				options={ACCESS_AREA_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) }))}
			/>
			<TextAreaField
				field={fields.instructionsDe}
				label={t('areas.instructionsDe')}
				maxLength={INSTRUCTIONS_MAX}
			/>
			<TextAreaField
				field={fields.instructionsEn}
				label={t('areas.instructionsEn')}
				maxLength={INSTRUCTIONS_MAX}
			/>
			<fieldset className="mb-4">
				<legend className="mb-1 text-sm font-medium">{t('areas.linkedPlayrooms')}</legend>
				{playrooms.length === 0 ? (
					<p className="text-sm text-ink-muted">{t('areas.noOwnPlayrooms')}</p>
				) : null}
				{playrooms.map((playroom) => (
					<label key={playroom.id} className="flex items-center gap-2 text-sm">
						<input
							type="checkbox"
							name={fields.playroomIds.name}
							value={playroom.id}
							defaultChecked={linked.has(playroom.id)}
							className="h-4 w-4 accent-accent"
						/>
						{playroom.name}
					</label>
				))}
			</fieldset>
			<SubmitButton className="btn-primary">{submitLabel}</SubmitButton>
		</Form>
	)
}

export function CodePartForm() {
	const { t } = useTranslation('hostAccess')
	const [form, fields] = useAppForm({
		id: 'code-part-form',
		schema: codePartSchema,
		lastResult: useFormResult('addPart'),
	})
	return (
		<Form method="POST" {...getFormProps(form)} className="mt-4">
			<input type="hidden" name="intent" value="addPart" />
			<FormAlert form={form} labels={fieldLabels(t, 'hostAccess:codes')} />
			<div className="grid gap-x-3 sm:grid-cols-2">
				<TextField field={fields.code} label={t('codes.code')} required maxLength={CODE_MAX} />
				<TextField field={fields.label} label={t('codes.label')} maxLength={60} />
				<DateField field={fields.validFrom} label={t('codes.validFrom')} />
				<DateField field={fields.validTo} label={t('codes.validTo')} />
			</div>
			<SubmitButton className="btn-secondary">{t('codes.add')}</SubmitButton>
		</Form>
	)
}

function DateField({
	field,
	label,
}: {
	field: { id: string; name: string; errorId: string; errors?: string[]; key?: string }
	label: string
}) {
	return (
		<div className="mb-4">
			<label htmlFor={field.id} className="mb-1 block text-sm font-medium">
				{label}
			</label>
			<input
				id={field.id}
				name={field.name}
				type="date"
				aria-invalid={Boolean(field.errors?.length) || undefined}
				aria-describedby={field.errors?.length ? field.errorId : undefined}
				className="w-full rounded-lg border border-line bg-surface px-3 py-2 text-ink"
			/>
			<FieldErrors id={field.errorId} errors={field.errors} />
		</div>
	)
}

export type TemplateDefaults = { type: string; locale: string; subject: string; body: string }

/**
 * What a template form's action answers to "Preview" (the chosen type and language and the typed
 * subject and body) and to "Start from the default text" (that type's default): nothing saved.
 */
export type TemplatePreviewData = {
	intent: 'preview'
	preview: { type?: string; locale?: string; subject: string; body: string }
}

/**
 * The template form with its preview: the server renders it; with JavaScript it follows the typing.
 * After a "Preview" submit (no JavaScript) the form and the preview show the submitted type,
 * language and text (issue 31.8). "Start from the default text" puts the default text of the
 * chosen type and language into the form; with JavaScript so does choosing another type or
 * language while the text is not edited (a fetcher: nothing else in the form changes).
 */
export function TemplateTextForm({
	id,
	intent,
	defaults,
	sample,
	submitLabel,
}: {
	id: string
	intent: string
	/** The text in the form before anything is typed (the saved text, or the default for a new one). */
	defaults: TemplateDefaults
	sample: TemplateValues
	submitLabel: string
}) {
	const { t } = useTranslation('hostAccess')
	const actionData = useActionData<TemplatePreviewData | { intent: string }>()
	const submitted = actionData && 'preview' in actionData ? actionData.preview : null
	const preview = submitted ?? defaults
	const [form, fields] = useAppForm({
		id,
		schema: templateTextSchema,
		lastResult: useFormResult(intent),
		defaultValue: submitted ? { ...defaults, ...submitted } : defaults,
	})
	const defaults$ = useFetcher<TemplatePreviewData>()
	const loaded = defaults$.data && 'preview' in defaults$.data ? defaults$.data.preview : null
	// The typed text since the last default loaded (with JavaScript).
	const [live, setLive] = useState<{ from: unknown; subject: string; body: string } | null>(null)
	const base = loaded ?? preview
	const shown = live && live.from === loaded ? live : base
	const edited = useRef(false)
	const update = (part: 'subject' | 'body', value: string) => {
		edited.current = true
		setLive((current) => ({
			...(current && current.from === loaded ? current : base),
			from: loaded,
			[part]: value,
		}))
	}
	const loadDefault = (element: HTMLFormElement | null) => {
		if (!element) return
		const data = new FormData(element)
		data.set('intent', 'loadDefault')
		void defaults$.submit(data, { method: 'POST' })
	}
	useEffect(() => {
		if (!loaded) return
		form.update({ name: fields.subject.name, value: loaded.subject })
		form.update({ name: fields.body.name, value: loaded.body })
		edited.current = false
		// eslint-disable-next-line react-hooks/exhaustive-deps -- once per answer of the fetcher; `form` and `fields` are new objects every render
	}, [loaded])
	const chooseOther = (event: React.ChangeEvent<HTMLSelectElement>) => {
		if (!edited.current) loadDefault(event.currentTarget.form)
	}
	return (
		<div className="grid gap-4 lg:grid-cols-2">
			<Form method="POST" {...getFormProps(form)}>
				<FormAlert form={form} labels={fieldLabels(t, 'hostAccess:templates')} />
				<SelectField
					field={fields.type}
					label={t('templates.type')}
					options={TEMPLATE_TYPES.map((type) => ({ value: type, label: t(`templateTypes.${type}`) }))}
					onChange={chooseOther}
				/>
				<SelectField
					field={fields.locale}
					label={t('templates.locale')}
					options={TEMPLATE_LOCALES.map((locale) => ({ value: locale, label: t(`locales.${locale}`) }))}
					onChange={chooseOther}
				/>
				<button
					type="submit"
					name="intent"
					value="loadDefault"
					formNoValidate
					className="btn-secondary mb-4"
					data-testid="template-load-default"
					onClick={(event) => {
						event.preventDefault()
						loadDefault(event.currentTarget.form)
					}}
				>
					{t('templates.useDefault')}
				</button>
				<TextAreaField
					field={fields.subject}
					label={t('templates.subject')}
					required
					rows={1}
					maxLength={SUBJECT_MAX}
					onInput={(value) => update('subject', value)}
				/>
				<TextAreaField
					field={fields.body}
					label={t('templates.body')}
					required
					rows={10}
					maxLength={TEMPLATE_BODY_MAX}
					hint={t('templates.placeholders', {
						list: TEMPLATE_PLACEHOLDERS.map((name) => `{{${name}}}`).join(', '),
						interpolation: { escapeValue: false },
					})}
					onInput={(value) => update('body', value)}
				/>
				<div className="flex flex-wrap gap-2">
					<SubmitButton className="btn-primary" name="intent" value={intent}>
						{submitLabel}
					</SubmitButton>
					<button type="submit" name="intent" value="preview" formNoValidate className="btn-secondary">
						{t('templates.preview')}
					</button>
				</div>
			</Form>
			<section
				className="card"
				aria-labelledby={`${id}-preview`}
				data-testid="template-preview"
				aria-live="polite"
			>
				<h2 id={`${id}-preview`} className="mb-2 text-lg font-semibold">
					{t('templates.previewTitle')}
				</h2>
				<p className="mb-2 font-medium">{renderTemplate(shown.subject, sample)}</p>
				{toParagraphs(renderTemplate(shown.body, sample)).map((paragraph, index) => (
					<p key={index} className="mb-2 whitespace-pre-line">
						{paragraph}
					</p>
				))}
			</section>
		</div>
	)
}
