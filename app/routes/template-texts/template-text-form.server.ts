import type { RouterContextProvider } from 'react-router'
import type { TemplatePreviewData } from '#app/components/host-access-forms.tsx'
import { defaultFromForm, previewFromForm } from '#app/models/host-office/template-texts.server.ts'
import { templateTextSchema, type TemplateTextInput } from '#app/schemas/host-access.ts'
import { failedForm, invalidForm } from '#app/utils/form-actions.server.ts'
import { parseFormSubmission } from '#app/utils/form-submission.ts'
import { getLocale, getT } from '#app/utils/i18n.server.ts'
import { localizePath } from '#app/utils/locale.ts'
import { looseT } from '#app/utils/loose-t.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'

/**
 * The action of a template form (`TemplateTextForm`): the host's "new template"
 * on /host/templateTexts and "save" on the template text page of both areas
 * (issue 30: one action for the three). "Preview" answers the chosen type and
 * language with the typed text and saves nothing, "Start from the default text"
 * (`loadDefault`) the default text of the chosen type and language (issue 31.8); otherwise the text is validated and `write` stores it and
 * names its id — then a redirect to the text's page in the area with the
 * `toast`, or the form's errors at its fields.
 */
export async function submitTemplateText<Intent extends string>(
	context: Readonly<RouterContextProvider>,
	form: FormData,
	options: {
		area: 'host' | 'admin'
		intent: Intent
		write: (input: TemplateTextInput) => string
		toast: string
	},
) {
	if (form.get('intent') === 'preview') {
		return { intent: 'preview', preview: previewFromForm(form) } satisfies TemplatePreviewData
	}
	if (form.get('intent') === 'loadDefault') {
		const fallback = { type: 'BookingConfirmation', locale: getLocale(context) } as const
		return { intent: 'preview', preview: defaultFromForm(form, fallback) } satisfies TemplatePreviewData
	}
	const submission = parseFormSubmission(form, { schema: templateTextSchema })
	if (submission.status !== 'success') return invalidForm(options.intent, submission)
	let id: string
	try {
		id = options.write(submission.value)
	} catch (error) {
		return failedForm(options.intent, submission, error, { sayAtFields: true })
	}
	return redirectWithToast(localizePath(`/${options.area}/templateTexts/${id}`, getLocale(context)), {
		type: 'success',
		description: looseT(getT(context))(options.toast),
	})
}
