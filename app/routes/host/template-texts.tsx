import { useTranslation } from 'react-i18next'
import type { Route } from './+types/template-texts.ts'
import { TemplateTextForm } from '#app/components/host-access-forms.tsx'
import { LocaleLink } from '#app/components/locale-link.tsx'
import {
	createTemplateText,
	listHostTemplates,
	resolveTemplate,
	sampleValues,
} from '#app/models/host-office/template-texts.server.ts'
import { requireRole } from '#app/utils/auth.server.ts'
import { getLocale } from '#app/utils/i18n.server.ts'
import { pageTitle } from '#app/utils/page-title.ts'
import { submitTemplateText } from '../template-texts/template-text-form.server.ts'

/**
 * /host/templateTexts (issue 13): the host's own template texts and the "new
 * template" form (prefilled with the platform default) with its preview.
 */
export async function loader(args: Route.LoaderArgs) {
	const host = await requireRole(args, 'Owner')
	const locale = getLocale(args.context)
	const start = resolveTemplate(null, 'BookingConfirmation', locale)
	return {
		templates: listHostTemplates(host.id).map((row) => ({
			id: row.id,
			type: row.type,
			locale: row.locale,
			subject: row.subject,
		})),
		defaults: { type: 'BookingConfirmation', locale, ...start },
		sample: sampleValues(locale, host.displayName),
	}
}

export async function action(args: Route.ActionArgs) {
	const host = await requireRole(args, 'Owner')
	return submitTemplateText(args.context, await args.request.formData(), {
		area: 'host',
		intent: 'create',
		toast: 'hostAccess:templates.created',
		write: (input) => createTemplateText(host, input).id,
	})
}

export default function HostTemplateTextsPage({ loaderData }: Route.ComponentProps) {
	const { t } = useTranslation()
	const { t: ta } = useTranslation('hostAccess')
	const title = pageTitle(t, 'host/templateTexts')
	return (
		<main id="main" data-testid="host-template-texts">
			<title>{`${title} | ${t('appName')}`}</title>
			<h1 className="mb-4 text-3xl font-bold">{title}</h1>
			{loaderData.templates.length === 0 ? (
				<p className="card mb-6">{ta('templates.empty')}</p>
			) : (
				<ul className="mb-6 grid gap-4 md:grid-cols-2" aria-label={title}>
					{loaderData.templates.map((template) => (
						<li key={template.id} className="card" data-testid="template-text">
							<h2 className="text-lg font-semibold">
								<LocaleLink to={`/host/templateTexts/${template.id}`} className="link">
									{ta(`templateTypes.${template.type}`)} ({ta(`locales.${template.locale}`)})
								</LocaleLink>
							</h2>
							<p className="text-sm text-ink-muted">{template.subject}</p>
						</li>
					))}
				</ul>
			)}
			<section aria-labelledby="new-template" className="card">
				<h2 id="new-template" className="mb-1 text-xl font-semibold">
					{ta('templates.createTitle')}
				</h2>
				<p className="mb-4 text-sm text-ink-muted">{ta('templates.createIntro')}</p>
				<TemplateTextForm
					id="new-template-form"
					intent="create"
					defaults={loaderData.defaults}
					sample={loaderData.sample}
					submitLabel={ta('templates.create')}
				/>
			</section>
		</main>
	)
}
