import { parse, type Submission } from '@conform-to/react'
import { data } from 'react-router'
import { isAppError } from './app-error.ts'
import { validationMessage } from './validation.ts'

/**
 * Page actions of forms (Conform submissions): domain errors become form and
 * field errors of the submission, in the same encoded-key form the schema's
 * messages have, so the page translates both alike. Anything else is a bug
 * and is rethrown (error page, logged).
 */
export type FormActionData<Intent extends string = string> = {
	intent: Intent
	result: ReturnType<Submission<unknown>['reply']>
	errorName?: string
	/** What another form of the page typed and did not save, handed back as it was (issue 31.3). */
	kept?: { intent: string; result: ReturnType<Submission<unknown>['reply']> }
	/** A success said on the page instead of a toast after a redirect (the page stays as it was). */
	notice?: string
}

/**
 * The unsaved fields of a page's form that came along with a post of another
 * of its actions (the editor's photos post the descriptions' form, issue
 * 31.3): handed back as that form's values, neither checked nor saved. Files
 * are not handed back.
 */
export function keptForm(intent: string, form: FormData): NonNullable<FormActionData['kept']> {
	const fields = new FormData()
	for (const [name, value] of form) if (typeof value === 'string') fields.append(name, value)
	const submission = parse(fields, { resolve: () => ({ value: {} }) }) as Submission<unknown>
	return { intent, result: submission.reply({ hideFields: SECRET_FIELDS }) }
}

const SECRET_FIELDS = ['password', 'currentPassword', 'newPassword', 'confirmPassword']

export function invalidForm<Intent extends string>(intent: Intent, submission: Submission<unknown>) {
	return data<FormActionData<Intent>>(
		{ intent, result: submission.reply({ hideFields: SECRET_FIELDS }) },
		{ status: 400 },
	)
}

/**
 * `sayAtFields`: the page renders every field a domain error can name, so an
 * error that names fields is said once, at them, not again in the form's alert
 * (issue 11: "already registered" three times). Pages whose steps do not show
 * every field (the checkout wizard) keep the alert.
 */
export function failedForm<Intent extends string>(
	intent: Intent,
	submission: Submission<unknown>,
	error: unknown,
	options: { sayAtFields?: boolean } = {},
) {
	if (!isAppError(error)) throw error
	const atFields = Boolean(options.sayAtFields) && Object.keys(error.fields ?? {}).length > 0
	return data<FormActionData<Intent>>(
		{
			intent,
			errorName: error.errorName,
			result: submission.reply({
				formErrors: atFields ? [] : [validationMessage(error.messageKey, error.params)],
				fieldErrors: error.fields,
				hideFields: SECRET_FIELDS,
			}),
		},
		{ status: error.status === 429 ? 429 : error.status === 403 ? 403 : 400 },
	)
}

/** Data a fetcher-driven form gets back on success (the modal's forgot/resend panels). */
export function succeededForm<Intent extends string>(intent: Intent, submission: Submission<unknown>) {
	return { intent, result: submission.reply({ resetForm: true }), sent: true as const }
}
