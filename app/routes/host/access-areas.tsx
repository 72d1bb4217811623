import { useTranslation } from 'react-i18next'
import type { Route } from './+types/access-areas.ts'
import { AccessAreaForm } from '#app/components/host-access-forms.tsx'
import { LocaleLink } from '#app/components/locale-link.tsx'
import { createAccessArea, listAccessAreas } from '#app/models/host-office/access-areas.server.ts'
import { hostPlayroomOptions } from '#app/models/booking/order-queries.server.ts'
import { accessAreaSchema } from '#app/schemas/host-access.ts'
import { requireRole } from '#app/utils/auth.server.ts'
import { failedForm, invalidForm } from '#app/utils/form-actions.server.ts'
import { parseFormSubmission } from '#app/utils/form-submission.ts'
import { getLocale, getT } from '#app/utils/i18n.server.ts'
import { localizePath } from '#app/utils/locale.ts'
import { looseT } from '#app/utils/loose-t.ts'
import { pageTitle } from '#app/utils/page-title.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'

/**
 * /host/accessAreas (issue 13): the host's access areas (name, type, linked
 * playrooms) and the "new access area" form; codes are added on the detail page.
 */
export async function loader(args: Route.LoaderArgs) {
	const host = await requireRole(args, 'Owner')
	return { areas: listAccessAreas(host.id), playrooms: hostPlayroomOptions(host.id) }
}

export async function action(args: Route.ActionArgs) {
	const host = await requireRole(args, 'Owner')
	const submission = parseFormSubmission(await args.request.formData(), { schema: accessAreaSchema })
	if (submission.status !== 'success') return invalidForm('create', submission)
	try {
		const area = createAccessArea(host, submission.value)
		return redirectWithToast(localizePath(`/host/accessAreas/${area.id}`, getLocale(args.context)), {
			type: 'success',
			description: looseT(getT(args.context))('hostAccess:areas.created', { name: area.name }),
		})
	} catch (error) {
		return failedForm('create', submission, error)
	}
}

export default function HostAccessAreasPage({ loaderData }: Route.ComponentProps) {
	const { t } = useTranslation()
	const { t: ta } = useTranslation('hostAccess')
	const title = pageTitle(t, 'host/accessAreas')
	return (
		<main id="main" data-testid="host-access-areas">
			<title>{`${title} | ${t('appName')}`}</title>
			<h1 className="mb-4 text-3xl font-bold">{title}</h1>
			{loaderData.areas.length === 0 ? (
				<p className="card mb-6">{ta('areas.empty')}</p>
			) : (
				<ul className="mb-6 grid gap-4 md:grid-cols-2" aria-label={title}>
					{loaderData.areas.map((area) => (
						<li key={area.id} className="card" data-testid="access-area">
							<h2 className="text-lg font-semibold">
								<LocaleLink to={`/host/accessAreas/${area.id}`} className="link">
									{area.name}
								</LocaleLink>
							</h2>
							<p className="text-sm text-ink-muted">{ta(`types.${area.type}`)}</p>
							<p className="text-sm">
								{ta('areas.playrooms')}:{' '}
								{area.playrooms.length ? area.playrooms.join(', ') : ta('areas.noPlayrooms')}
							</p>
						</li>
					))}
				</ul>
			)}
			<section aria-labelledby="new-access-area" className="card max-w-xl">
				<h2 id="new-access-area" className="mb-1 text-xl font-semibold">
					{ta('areas.createTitle')}
				</h2>
				<p className="mb-4 text-sm text-ink-muted">{ta('areas.createIntro')}</p>
				<AccessAreaForm
					id="new-access-area-form"
					intent="create"
					playrooms={loaderData.playrooms}
					submitLabel={ta('areas.create')}
				/>
			</section>
		</main>
	)
}
