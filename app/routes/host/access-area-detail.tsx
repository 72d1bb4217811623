import { useTranslation } from 'react-i18next'
import { Form } from 'react-router'
import type { Route } from './+types/access-area-detail.ts'
import { DetailFrame, DetailSection } from '#app/components/detail-frame.tsx'
import { AccessAreaForm, CodePartForm } from '#app/components/host-access-forms.tsx'
import { LocaleLink } from '#app/components/locale-link.tsx'
import {
	addCodePart,
	deleteAccessArea,
	getAccessArea,
	removeCodePart,
	updateAccessArea,
} from '#app/models/host-office/access-areas.server.ts'
import { hostPlayroomOptions } from '#app/models/booking/order-queries.server.ts'
import { accessAreaSchema, codePartIdSchema, codePartSchema } from '#app/schemas/host-access.ts'
import { isAppError } from '#app/utils/app-error.ts'
import { requireRole } from '#app/utils/auth.server.ts'
import { failedForm, invalidForm } from '#app/utils/form-actions.server.ts'
import { parseFormSubmission } from '#app/utils/form-submission.ts'
import { formatDate } from '#app/utils/format-instant.ts'
import { getLocale, getT } from '#app/utils/i18n.server.ts'
import { localizePath } from '#app/utils/locale.ts'
import { looseT } from '#app/utils/loose-t.ts'
import { requireOwnedParams } from '#app/utils/ownership.server.ts'
import { notFound } from '#app/utils/route-params.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { useLocale } from '#app/hooks/use-root-data.ts'

/**
 * /host/accessAreas/:accessAreaId (issue 13): edit an access area (name, type,
 * instructions, linked playrooms), add and remove its code parts, delete it.
 * Another host's area is a 404. The codes are the host's secret: like every
 * page in the areas it is never stored by a cache (Cache-Control: private,
 * no-store, from the root middleware: app/render/page-cache.server.ts).
 */

export async function loader(args: Route.LoaderArgs) {
	const host = await requireRole(args, 'Owner')
	requireOwnedParams(args.params, host)
	const area = getAccessArea(host, args.params.accessAreaId)
	return {
		area: {
			...area,
			parts: area.parts.map((part) => ({
				id: part.id,
				label: part.label,
				code: part.code,
				validFrom: part.validFrom?.getTime() ?? null,
				// Stored exclusive (start of the next day); shown as the last valid day.
				validTo: part.validUntil ? part.validUntil.getTime() - 1 : null,
			})),
		},
		playrooms: hostPlayroomOptions(host.id),
	}
}

export async function action(args: Route.ActionArgs) {
	const host = await requireRole(args, 'Owner')
	requireOwnedParams(args.params, host)
	const id = args.params.accessAreaId
	const form = await args.request.formData()
	const locale = getLocale(args.context)
	const t = looseT(getT(args.context))
	const here = localizePath(`/host/accessAreas/${id}`, locale)
	const intent = form.get('intent')
	try {
		if (intent === 'delete') {
			deleteAccessArea(host, id)
			return redirectWithToast(localizePath('/host/accessAreas', locale), {
				type: 'success',
				description: t('hostAccess:areas.removed'),
			})
		}
		if (intent === 'removePart') {
			const submission = parseFormSubmission(form, { schema: codePartIdSchema })
			if (submission.status !== 'success') throw notFound()
			removeCodePart(host, id, submission.value.partId)
			return redirectWithToast(here, { type: 'success', description: t('hostAccess:codes.removed') })
		}
	} catch (error) {
		if (isAppError(error) && error.status === 404) throw notFound()
		throw error
	}
	if (intent === 'addPart') {
		const submission = parseFormSubmission(form, { schema: codePartSchema })
		if (submission.status !== 'success') return invalidForm('addPart', submission)
		addCodePart(host, id, submission.value)
		return redirectWithToast(here, { type: 'success', description: t('hostAccess:codes.added') })
	}
	const submission = parseFormSubmission(form, { schema: accessAreaSchema })
	if (submission.status !== 'success') return invalidForm('save', submission)
	try {
		updateAccessArea(host, id, submission.value)
		return redirectWithToast(here, { type: 'success', description: t('hostAccess:areas.saved') })
	} catch (error) {
		if (isAppError(error) && error.status === 404) return failedForm('save', submission, error)
		throw error
	}
}

export default function AccessAreaPage({ loaderData }: Route.ComponentProps) {
	const { t } = useTranslation()
	const { t: ta } = useTranslation('hostAccess')
	const locale = useLocale()
	const { area } = loaderData
	const day = (instant: number | null) => (instant === null ? null : formatDate(new Date(instant), locale))
	return (
		<DetailFrame
			testId="host-access-area"
			title={area.name}
			subtitle={
				<>
					<title>{`${area.name} | ${t('appName')}`}</title>
					<LocaleLink to="/host/accessAreas" className="link text-sm">
						{ta('areas.back')}
					</LocaleLink>
					<p className="text-sm">{ta('areas.window')}</p>
				</>
			}
			actions={
				<Form method="POST">
					<button type="submit" name="intent" value="delete" className="btn-secondary">
						{ta('areas.remove')}
					</button>
				</Form>
			}
		>
			<DetailSection id="area-edit" title={t('pages.host/accessAreas/detail')}>
				<AccessAreaForm
					id="access-area-form"
					intent="save"
					defaults={{
						name: area.name,
						type: area.type,
						instructionsDe: area.instructionsDe,
						instructionsEn: area.instructionsEn,
						playroomIds: area.playroomIds,
					}}
					playrooms={loaderData.playrooms}
					submitLabel={ta('areas.save')}
				/>
			</DetailSection>
			<DetailSection id="area-codes" title={ta('codes.title')}>
				<p className="mb-3 text-sm text-ink-muted">{ta('codes.intro')}</p>
				{area.parts.length === 0 ? <p className="text-sm">{ta('codes.empty')}</p> : null}
				<ul className="flex flex-col gap-2">
					{area.parts.map((part) => (
						<li key={part.id} className="flex items-center justify-between gap-2" data-testid="code-part">
							<span>
								<span className="font-mono font-semibold">{part.code}</span>
								{part.label ? ` (${part.label})` : ''} — {day(part.validFrom) ?? ta('codes.always')} –{' '}
								{day(part.validTo) ?? ta('codes.open')}
							</span>
							<Form method="POST">
								<input type="hidden" name="partId" value={part.id} />
								<button
									type="submit"
									name="intent"
									value="removePart"
									className="btn-secondary"
									aria-label={ta('codes.removeLabel', { code: part.code })}
								>
									{ta('codes.remove')}
								</button>
							</Form>
						</li>
					))}
				</ul>
				<CodePartForm />
			</DetailSection>
		</DetailFrame>
	)
}
