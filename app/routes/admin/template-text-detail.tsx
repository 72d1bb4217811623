import { useTranslation } from 'react-i18next'
import { useActionData } from 'react-router'
import type { Route } from './+types/template-text-detail.ts'
import { TemplateTextForm } from '#app/components/host-access-forms.tsx'
import { AuditHistory } from '#app/components/audit-history.tsx'
import { LocaleLink } from '#app/components/locale-link.tsx'
import { listAuditEntries } from '#app/models/platform/audit-log.server.ts'
import {
	getTemplateText,
	previewFromForm,
	sampleValues,
	updateTemplateText,
} from '#app/models/host-office/template-texts.server.ts'
import { templateTextSchema } from '#app/schemas/host-access.ts'
import { requireRole } from '#app/utils/auth.server.ts'
import { failedForm, invalidForm } from '#app/utils/form-actions.server.ts'
import { parseFormSubmission } from '#app/utils/form-submission.ts'
import { getLocale, getT } from '#app/utils/i18n.server.ts'
import { localizePath } from '#app/utils/locale.ts'
import { looseT } from '#app/utils/loose-t.ts'
import { requireOwnedParams } from '#app/utils/ownership.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'

/**
 * /admin/templateTexts/:templateTextId (issue 14, ADR 0096): edit a platform
 * default with the preview — the host's template form, reused. A default
 * keeps its type and language.
 */
export async function loader(args: Route.LoaderArgs) {
	const admin = await requireRole(args, 'Admin')
	requireOwnedParams(args.params, admin)
	const row = getTemplateText(admin, args.params.templateTextId)
	const t = looseT(getT(args.context))
	return {
		template: { id: row.id, type: row.type, locale: row.locale, subject: row.subject, body: row.body },
		platform: row.hostId === null,
		sample: sampleValues(row.locale, t('admin:templateTexts.sampleHost')),
		history: listAuditEntries('templateText', row.id),
	}
}

export async function action(args: Route.ActionArgs) {
	const admin = await requireRole(args, 'Admin')
	requireOwnedParams(args.params, admin)
	const id = args.params.templateTextId
	const form = await args.request.formData()
	if (form.get('intent') === 'preview') return { intent: 'preview' as const, preview: previewFromForm(form) }
	const submission = parseFormSubmission(form, { schema: templateTextSchema })
	if (submission.status !== 'success') return invalidForm('save', submission)
	try {
		updateTemplateText(admin, id, submission.value)
	} catch (error) {
		return failedForm('save', submission, error, { sayAtFields: true })
	}
	const t = looseT(getT(args.context))
	return redirectWithToast(localizePath(`/admin/templateTexts/${id}`, getLocale(args.context)), {
		type: 'success',
		description: t('hostAccess:templates.saved'),
	})
}

export default function AdminTemplateTextPage({ loaderData }: Route.ComponentProps) {
	const { t } = useTranslation()
	const { t: th } = useTranslation('hostAccess')
	const { t: ta } = useTranslation('admin')
	const actionData = useActionData<typeof action>()
	const preview = actionData && 'preview' in actionData ? actionData.preview : null
	const { template } = loaderData
	const heading = `${th(`templateTypes.${template.type}`)} (${th(`locales.${template.locale}`)})`
	return (
		<main id="main" data-testid="admin-template-text">
			<title>{`${heading} | ${t('appName')}`}</title>
			<p className="mb-2">
				<LocaleLink to="/admin/templateTexts" className="link text-sm">
					{ta('templateTexts.back')}
				</LocaleLink>
			</p>
			<h1 className="mb-2 text-3xl font-bold">{heading}</h1>
			<p className="mb-4 text-ink-muted">
				{ta(loaderData.platform ? 'templateTexts.platformIntro' : 'templateTexts.hostIntro')}
			</p>
			<TemplateTextForm
				id="template-form"
				intent="save"
				defaults={preview ? { ...template, ...preview } : template}
				sample={loaderData.sample}
				preview={preview ?? template}
				submitLabel={th('templates.save')}
			/>
			<div className="mt-6">
				<AuditHistory entries={loaderData.history} />
			</div>
		</main>
	)
}
