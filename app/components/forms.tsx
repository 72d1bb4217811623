import {
	getFormProps,
	getInputProps,
	parse,
	useForm,
	type FieldMetadata,
	type Submission,
	type SubmissionResult,
} from '@conform-to/react'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import type { Namespace, TFunction } from 'i18next'
import { looseT } from '#app/utils/loose-t.ts'
import { translateValidationMessage } from '#app/utils/validation-messages.ts'
import { showAppToast } from './toaster.tsx'

/** Conform's reserved field for its own form controls (validate, update …). */
const INTENT = '__intent__'

export type AppFormOptions = {
	id: string
	lastResult?: SubmissionResult<string[]> | null
	defaultValue?: Record<string, unknown>
}

/** What a form's validator gets: Conform's onValidate context. */
export type FormValidationContext = {
	form: HTMLFormElement
	formData: FormData
	submitter: HTMLElement | null
}

/**
 * The form kit's Conform set-up, shared by `useAppForm` (the schema in the
 * page's bundle, app-form.ts) and `useLazyAppForm` (the schema loaded on
 * demand, lazy-app-form.ts). Fields validate once touched (blur) and again on
 * input; an invalid submit shows the warning toast with the generic form-error
 * text and sends nothing (spec §5). Without JavaScript the server validates
 * with the same schema.
 *
 * `validate` returns null while it cannot validate yet: the field errors on
 * screen stay as they are, and a submit is held (the lazy form sends it again
 * once it can validate).
 */
export function useFormValidatedBy<S extends z.ZodObject>(
	options: AppFormOptions,
	validate: (context: FormValidationContext) => Submission<unknown, unknown> | null,
) {
	const { t } = useTranslation()
	const current = useRef<{ allErrors: Record<string, string[]> } | null>(null)
	const result = useForm<z.input<S>>({
		id: options.id,
		lastResult: options.lastResult,
		defaultValue: options.defaultValue as never,
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
		onValidate(context) {
			const submission = validate(context)
			// Not yet: every error on screen is kept (null = unchanged), nothing is sent.
			if (!submission) {
				const shown = Object.keys(current.current?.allErrors ?? {})
				const keep = Object.fromEntries(shown.map((name) => [name, null]))
				return parse(context.formData, { resolve: () => ({ error: keep }) }) as never
			}
			if (!context.formData.has(INTENT) && submission.status !== 'success' && submission.error !== null) {
				showAppToast({ type: 'warning', description: t('toast.formInvalid') })
			}
			return submission as never
		},
	})
	useEffect(() => {
		current.current = result[0]
	})
	return result
}

export { getFormProps }

/** A field's label in a form's failure summary, by the field's name (undefined: the message alone). */
export type FieldLabels = (name: string) => string | undefined

/**
 * The labels of a form's fields for its failure summary from a translation
 * prefix: `fieldLabels(t, 'hostEditor:basic')` labels the field `name` with
 * `hostEditor:basic.name` — for forms whose labels are keyed by field name; a
 * list row's field by its last part. A name without such a key gets no label.
 */
export function fieldLabels<N extends Namespace>(t: TFunction<N>, prefix: string): FieldLabels {
	const translate = looseT(t as unknown as TFunction)
	const label = (key: string) => {
		const text: unknown = translate(`${prefix}.${key}`, { defaultValue: '', returnObjects: true })
		return typeof text === 'string' && text ? text : undefined
	}
	// A list row's field (`prices[0].weekdayPrice`) by its last part.
	return (name) => label(name) ?? label(name.replace(/^.*[.\]]/, ''))
}

/**
 * The failure summary at the top of every form (issue 31.4): the form's own
 * errors, and after a submit that failed each field's errors as a link to the
 * field (`#<field id>`), labelled with the field's label where the form names
 * them (`labels`). After a failed post without JavaScript the browser focuses
 * it and scrolls it into view as the page loads (the server renders the
 * `autofocus` attribute; GOV.UK's error summary), so the reloaded page opens on
 * it wherever the form sits. With JavaScript it appears in place (React does
 * not autofocus a div) while Conform focuses the first invalid field. Conform
 * keeps every typed value (passwords excepted).
 */
export function FormAlert({
	form,
	id,
	labels,
}: {
	form: {
		id?: string
		errors?: string[]
		errorId: string
		status?: 'success' | 'error'
		allErrors?: Record<string, string[]>
	}
	id?: string
	labels?: FieldLabels
}) {
	const { t } = useTranslation()
	const errors = form.errors ?? []
	const fieldErrors =
		form.status === 'error' && form.id
			? Object.entries(form.allErrors ?? {}).filter(([name, list]) => name !== '' && list?.length)
			: []
	if (!errors.length && !fieldErrors.length) return null
	return (
		<div
			role="alert"
			id={id ?? form.errorId}
			tabIndex={-1}
			autoFocus
			className="mb-4 rounded-lg border border-danger bg-surface p-3 text-sm font-medium text-danger"
			data-testid="form-alert"
		>
			{errors.map((error) => (
				<p key={error}>{translateValidationMessage(t, error)}</p>
			))}
			{fieldErrors.length ? (
				<>
					{errors.length ? null : <p>{t('validation.summary')}</p>}
					<ul className="mt-1 list-disc pl-5" data-testid="form-alert-fields">
						{fieldErrors.map(([name, list]) => {
							const label = labels?.(name)
							const messages = [...new Set(list.map((error) => translateValidationMessage(t, error)))]
							return (
								<li key={name}>
									<a href={`#${form.id}-${name}`} className="underline">
										{label ? `${label}: ` : null}
										{messages.join(' ')}
									</a>
								</li>
							)
						})}
					</ul>
				</>
			) : null}
		</div>
	)
}

/** A field's messages, each once (the server's and a live check's may say the same). */
export function FieldErrors({ id, errors }: { id: string; errors: string[] | undefined }) {
	const { t } = useTranslation()
	if (!errors?.length) return null
	const messages = [...new Set(errors.map((error) => translateValidationMessage(t, error)))]
	return (
		<ul id={id} className="mt-1 text-sm text-danger">
			{messages.map((message) => (
				<li key={message}>{message}</li>
			))}
		</ul>
	)
}

/** A field's label with the required marker; also for plain inputs outside the form kit. */
export function Label({ htmlFor, label, required }: { htmlFor: string; label: string; required?: boolean }) {
	const { t } = useTranslation()
	return (
		<label htmlFor={htmlFor} className="mb-1 block text-sm font-medium">
			{label}
			{required ? (
				<span className="ml-0.5 text-danger" title={t('validation.requiredMarker')} aria-hidden="true">
					*
				</span>
			) : null}
		</label>
	)
}

type FieldProps = {
	/** Text, or a number/time the schema coerces from the text. */
	field: FieldMetadata<unknown, Record<string, unknown>, string[]>
	label: string
	type?: 'text' | 'email' | 'password' | 'tel' | 'url' | 'date' | 'time'
	required?: boolean
	maxLength?: number
	hint?: string
	autoComplete?: string
	/** A message that comes from outside the schema (live checks). */
	extraError?: string | null
	onBlur?: (value: string) => void
	/** Called on every input (live hints, e.g. the password strength). */
	onInput?: (input: HTMLInputElement) => void
	/** The id of an extra description below the field (e.g. a live hint). */
	describedBy?: string
}

type FooterField = { id: string; errorId: string }

/** The ids a field's footer gives its input's aria-describedby: errors, hint, counter (+ an extra one). */
function footerDescribedBy(
	field: FooterField,
	parts: { hasErrors: boolean; hint?: string; maxLength?: number; extra?: string },
): string {
	return [
		parts.hasErrors ? field.errorId : null,
		parts.hint ? `${field.id}-hint` : null,
		parts.maxLength ? `${field.id}-counter` : null,
		parts.extra ?? null,
	]
		.filter(Boolean)
		.join(' ')
}

/** Below a text field: its hint and errors, and the length counter when it has a maximum. */
function FieldFooter({
	field,
	errors,
	hint,
	maxLength,
	length,
}: {
	field: FooterField
	errors: string[] | undefined
	hint?: string
	maxLength?: number
	length: number
}) {
	const { t } = useTranslation()
	return (
		<div className="flex justify-between gap-2">
			<div>
				{hint ? (
					<p id={`${field.id}-hint`} className="mt-1 text-xs text-ink-muted">
						{hint}
					</p>
				) : null}
				<FieldErrors id={field.errorId} errors={errors} />
			</div>
			{maxLength ? (
				<p id={`${field.id}-counter`} className="mt-1 shrink-0 text-xs text-ink-muted" aria-live="off">
					{t('validation.counter', { length, max: maxLength })}
				</p>
			) : null}
		</div>
	)
}

/** A text input with label, asterisk when required, counter for the maximum length and its errors. */
export function TextField({
	field,
	label,
	type = 'text',
	required,
	maxLength,
	hint,
	autoComplete,
	extraError,
	onBlur,
	onInput,
	describedBy: extraDescription,
}: FieldProps) {
	const [length, setLength] = useState(() => String(field.initialValue ?? '').length)
	const describedBy = footerDescribedBy(field, {
		hasErrors: Boolean(field.errors?.length || extraError),
		hint,
		maxLength,
		extra: extraDescription,
	})
	const inputProps = getInputProps(field, { type, ariaDescribedBy: describedBy || undefined })
	return (
		<div className="mb-4">
			<Label htmlFor={field.id} label={label} required={required} />
			<input
				{...inputProps}
				key={inputProps.key}
				required={required}
				maxLength={maxLength}
				autoComplete={autoComplete}
				aria-invalid={Boolean(field.errors?.length || extraError) || undefined}
				onInput={(event) => {
					setLength(event.currentTarget.value.length)
					onInput?.(event.currentTarget)
				}}
				onBlur={onBlur ? (event) => onBlur(event.currentTarget.value) : undefined}
				className="w-full rounded-lg border border-line bg-surface px-3 py-2 text-ink"
			/>
			<FieldFooter
				field={field}
				errors={extraError ? [...(field.errors ?? []), extraError] : field.errors}
				hint={hint}
				maxLength={maxLength}
				length={length}
			/>
		</div>
	)
}

export function CheckboxField({
	field,
	label,
	required,
}: {
	field: FieldMetadata<boolean | string | undefined | null, Record<string, unknown>, string[]>
	/** Text, or text with links (the terms a registration accepts). */
	label: ReactNode
	required?: boolean
}) {
	const inputProps = getInputProps(field, { type: 'checkbox' })
	return (
		<div className="mb-4">
			<div className="flex items-start gap-2">
				<input {...inputProps} key={inputProps.key} className="mt-1 h-4 w-4 accent-accent" />
				<label htmlFor={field.id} className="text-sm">
					{label}
					{required ? (
						<span className="ml-0.5 text-danger" aria-hidden="true">
							*
						</span>
					) : null}
				</label>
			</div>
			<FieldErrors id={field.errorId} errors={field.errors} />
		</div>
	)
}

/** A group of radio buttons for one field: a fieldset with its legend, one labelled button per option. */
export function RadioGroupField({
	field,
	legend,
	options,
}: {
	field: FieldMetadata<string | undefined | null, Record<string, unknown>, string[]>
	legend: ReactNode
	options: { value: string; label: ReactNode; hint?: ReactNode }[]
}) {
	return (
		<fieldset className="mb-4" aria-describedby={field.errors?.length ? field.errorId : undefined}>
			<legend className="mb-2 text-sm font-medium">{legend}</legend>
			<div className="flex flex-col gap-2">
				{options.map((option) => (
					<label key={option.value} className="flex items-start gap-2 text-sm">
						<input
							type="radio"
							name={field.name}
							value={option.value}
							defaultChecked={option.value === field.initialValue}
							className="mt-1 h-4 w-4 accent-accent"
						/>
						<span>
							{option.label}
							{option.hint ? <span className="block text-xs text-ink-muted">{option.hint}</span> : null}
						</span>
					</label>
				))}
			</div>
			<FieldErrors id={field.errorId} errors={field.errors} />
		</fieldset>
	)
}

export function SelectField({
	field,
	label,
	options,
	onChange,
}: {
	field: FieldMetadata<unknown, Record<string, unknown>, string[]>
	label: string
	options: { value: string; label: string }[]
	/** With JavaScript: react to a new choice (the template form loads that type's default text). */
	onChange?: (event: React.ChangeEvent<HTMLSelectElement>) => void
}) {
	return (
		<div className="mb-4">
			<Label htmlFor={field.id} label={label} />
			<select
				onChange={onChange}
				id={field.id}
				name={field.name}
				defaultValue={String(field.initialValue ?? '')}
				key={field.key}
				aria-invalid={Boolean(field.errors?.length) || undefined}
				aria-describedby={field.errors?.length ? field.errorId : undefined}
				className="w-full rounded-lg border border-line bg-surface px-3 py-2 text-ink"
			>
				{options.map((option) => (
					<option key={option.value} value={option.value}>
						{option.label}
					</option>
				))}
			</select>
			<FieldErrors id={field.errorId} errors={field.errors} />
		</div>
	)
}

export function SubmitButton({
	children,
	pending,
	name,
	value,
	className = 'btn-primary w-full',
}: {
	children: React.ReactNode
	pending?: boolean
	name?: string
	value?: string
	className?: string
}) {
	return (
		<button
			type="submit"
			name={name}
			value={value}
			className={className}
			aria-disabled={pending || undefined}
		>
			{children}
		</button>
	)
}

/**
 * A multi-line text with label, required marker, length counter and errors
 * (descriptions, house rules, template bodies); `onInput` feeds live previews.
 */
export function TextAreaField({
	field,
	label,
	required,
	maxLength,
	hint,
	rows = 6,
	onInput,
}: {
	field: FieldMetadata<string | undefined | null, Record<string, unknown>, string[]>
	label: string
	required?: boolean
	maxLength?: number
	hint?: string
	rows?: number
	onInput?: (value: string) => void
}) {
	const [length, setLength] = useState(() => String(field.initialValue ?? '').length)
	const describedBy = footerDescribedBy(field, { hasErrors: Boolean(field.errors?.length), hint, maxLength })
	return (
		<div className="mb-4">
			<Label htmlFor={field.id} label={label} required={required} />
			<textarea
				id={field.id}
				name={field.name}
				key={field.key}
				defaultValue={String(field.initialValue ?? '')}
				required={required}
				rows={rows}
				maxLength={maxLength}
				aria-invalid={Boolean(field.errors?.length) || undefined}
				aria-describedby={describedBy || undefined}
				onInput={(event) => {
					setLength(event.currentTarget.value.length)
					onInput?.(event.currentTarget.value)
				}}
				className="w-full rounded-lg border border-line bg-surface px-3 py-2 text-ink"
			/>
			<FieldFooter field={field} errors={field.errors} hint={hint} maxLength={maxLength} length={length} />
		</div>
	)
}
