import { useTranslation } from 'react-i18next'
import { Form, useActionData } from 'react-router'
import type { Route } from './+types/template-text-detail.ts'
import { TemplateTextForm } from '#app/components/host-access-forms.tsx'
import { LocaleLink } from '#app/components/locale-link.tsx'
import {
	deleteTemplateText,
	getTemplateText,
	previewFromForm,
	sampleValues,
	updateTemplateText,
} from '#app/models/host-office/template-texts.server.ts'
import { templateTextSchema } from '#app/schemas/host-access.ts'
import { isAppError } from '#app/utils/app-error.ts'
import { requireRole } from '#app/utils/auth.server.ts'
import { failedForm, invalidForm } from '#app/utils/form-actions.server.ts'
import { parseFormSubmission } from '#app/utils/form-submission.ts'
import { getLocale, getT } from '#app/utils/i18n.server.ts'
import { localizePath } from '#app/utils/locale.ts'
import { looseT } from '#app/utils/loose-t.ts'
import { requireOwnedParams } from '#app/utils/ownership.server.ts'
import { notFound } from '#app/utils/route-params.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'

/**
 * /host/templateTexts/:templateTextId (issue 13): edit one of the host's
 * template texts with the live preview, or delete it (the guests then get the
 * platform default again). Another host's text is a 404.
 */
export async function loader(args: Route.LoaderArgs) {
	const host = await requireRole(args, 'Owner')
	requireOwnedParams(args.params, host)
	const row = getTemplateText(host, args.params.templateTextId)
	return {
		template: { id: row.id, type: row.type, locale: row.locale, subject: row.subject, body: row.body },
		sample: sampleValues(row.locale, host.displayName),
	}
}

export async function action(args: Route.ActionArgs) {
	const host = await requireRole(args, 'Owner')
	requireOwnedParams(args.params, host)
	const id = args.params.templateTextId
	const form = await args.request.formData()
	const locale = getLocale(args.context)
	const t = looseT(getT(args.context))
	const intent = form.get('intent')
	if (intent === 'preview') return { intent: 'preview' as const, preview: previewFromForm(form) }
	if (intent === 'delete') {
		try {
			deleteTemplateText(host, id)
		} catch (error) {
			if (isAppError(error) && error.status === 404) throw notFound()
			throw error
		}
		return redirectWithToast(localizePath('/host/templateTexts', locale), {
			type: 'success',
			description: t('hostAccess:templates.removed'),
		})
	}
	const submission = parseFormSubmission(form, { schema: templateTextSchema })
	if (submission.status !== 'success') return invalidForm('save', submission)
	try {
		updateTemplateText(host, id, submission.value)
		return redirectWithToast(localizePath(`/host/templateTexts/${id}`, locale), {
			type: 'success',
			description: t('hostAccess:templates.saved'),
		})
	} catch (error) {
		return failedForm('save', submission, error, { sayAtFields: true })
	}
}

export default function TemplateTextPage({ loaderData }: Route.ComponentProps) {
	const { t } = useTranslation()
	const { t: ta } = useTranslation('hostAccess')
	const actionData = useActionData<typeof action>()
	const preview = actionData && 'preview' in actionData ? actionData.preview : null
	const { template } = loaderData
	const heading = `${ta(`templateTypes.${template.type}`)} (${ta(`locales.${template.locale}`)})`
	return (
		<main id="main" data-testid="host-template-text">
			<title>{`${heading} | ${t('appName')}`}</title>
			<p className="mb-2">
				<LocaleLink to="/host/templateTexts" className="link text-sm">
					{ta('templates.back')}
				</LocaleLink>
			</p>
			<h1 className="mb-4 text-3xl font-bold">{heading}</h1>
			<TemplateTextForm
				id="template-form"
				intent="save"
				defaults={preview ? { ...template, ...preview } : template}
				sample={loaderData.sample}
				preview={preview ?? template}
				submitLabel={ta('templates.save')}
			/>
			<Form method="POST" className="mt-4">
				<button type="submit" name="intent" value="delete" className="btn-secondary">
					{ta('templates.remove')}
				</button>
			</Form>
		</main>
	)
}
