import { parseFormSubmission } from '#app/utils/form-submission.ts'
import { useTranslation } from 'react-i18next'
import { Form, useActionData } from 'react-router'
import type { Route } from './+types/playrooms.ts'
import { fieldLabels, FormAlert, getFormProps, SubmitButton, TextField } from '#app/components/forms.tsx'
import { useAppForm } from '#app/components/app-form.ts'
import { LocaleLink } from '#app/components/locale-link.tsx'
import { PlayroomStatusBadge } from '#app/components/playroom-status.tsx'
import {
	createDraftPlayroom,
	listHostPlayrooms,
	type HostPlayroomRow,
} from '#app/models/host-office/host-playrooms.server.ts'
import { newPlayroomSchema, PLAYROOM_NAME_MAX } from '#app/schemas/host-office.ts'
import { requireRole } from '#app/utils/auth.server.ts'
import { failedForm, invalidForm, type FormActionData } from '#app/utils/form-actions.server.ts'
import { formatRating } from '#app/utils/format.ts'
import { formatDateTime } from '#app/utils/format-instant.ts'
import { getLocale, getT } from '#app/utils/i18n.server.ts'
import { localizePath } from '#app/utils/locale.ts'
import { looseT } from '#app/utils/loose-t.ts'
import { pageTitle } from '#app/utils/page-title.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { useLocale } from '#app/hooks/use-root-data.ts'

/**
 * /host/playrooms (issue 12): the host's playrooms (cover photo, name, city,
 * status, next booking, rating) and the "new playroom" form, which creates a
 * Draft and opens the editor. Only the host's own playrooms are listed.
 */
export async function loader(args: Route.LoaderArgs) {
	const host = await requireRole(args, 'Owner')
	const locale = getLocale(args.context)
	return {
		playrooms: listHostPlayrooms(host.id, locale),
	}
}

export async function action(args: Route.ActionArgs) {
	const host = await requireRole(args, 'Owner')
	const submission = parseFormSubmission(await args.request.formData(), { schema: newPlayroomSchema })
	if (submission.status !== 'success') return invalidForm('create', submission)
	try {
		const created = createDraftPlayroom(host, submission.value)
		const locale = getLocale(args.context)
		return redirectWithToast(localizePath(`/host/playrooms/edit/${created.id}/basic-information`, locale), {
			type: 'success',
			description: looseT(getT(args.context))('hostOffice:create.created', { name: submission.value.name }),
		})
	} catch (error) {
		return failedForm('create', submission, error)
	}
}

export default function HostPlayroomsPage({ loaderData }: Route.ComponentProps) {
	const { t } = useTranslation()
	const { t: th } = useTranslation('hostOffice')
	const title = pageTitle(t, 'host/playrooms')
	return (
		<main id="main" data-testid="host-playrooms">
			<title>{`${title} | ${t('appName')}`}</title>
			<h1 className="mb-4 text-3xl font-bold">{title}</h1>
			{loaderData.playrooms.length === 0 ? (
				<p className="card mb-6" data-testid="no-playrooms">
					{th('list.empty')}
				</p>
			) : (
				<ul className="mb-6 grid gap-4 md:grid-cols-2" aria-label={title}>
					{loaderData.playrooms.map((playroom) => (
						<PlayroomRow key={playroom.id} playroom={playroom} />
					))}
				</ul>
			)}
			<NewPlayroomForm />
		</main>
	)
}

function PlayroomRow({ playroom }: { playroom: HostPlayroomRow }) {
	const { t } = useTranslation('hostOffice')
	const locale = useLocale()
	return (
		<li className="card flex gap-4" data-testid="host-playroom" data-playroom-id={playroom.id}>
			{playroom.photo ? (
				<img
					src={playroom.photo.url}
					srcSet={playroom.photo.srcset}
					sizes="8rem"
					alt={playroom.photo.alt}
					width={128}
					height={96}
					className="h-24 w-32 shrink-0 rounded-lg object-cover"
				/>
			) : (
				<div className="flex h-24 w-32 shrink-0 items-center justify-center rounded-lg bg-surface-sunken text-center text-xs text-ink-muted">
					{t('list.photoMissing')}
				</div>
			)}
			<div className="min-w-0 flex-1">
				<h2 className="text-lg font-semibold">
					<LocaleLink
						to={`/host/playrooms/${playroom.id}`}
						className="link"
						aria-label={t('list.open', { name: playroom.name })}
					>
						{playroom.name}
					</LocaleLink>
				</h2>
				<p className="text-sm text-ink-muted">{playroom.city}</p>
				<p className="my-1">
					<PlayroomStatusBadge status={playroom.status} />
				</p>
				<p className="text-sm">
					{t('list.nextOrder')}:{' '}
					{playroom.nextOrder ? (
						<LocaleLink to={`/host/orders/${playroom.nextOrder.id}`} className="link">
							{formatDateTime(playroom.nextOrder.checkIn, locale)} ({playroom.nextOrder.code})
						</LocaleLink>
					) : (
						t('list.noNextOrder')
					)}
				</p>
				<p className="text-sm">
					{t('list.rating')}:{' '}
					{playroom.rating.average !== null
						? t('list.ratingValue', {
								average: formatRating(playroom.rating.average, locale),
								count: playroom.rating.count,
							})
						: t('list.noRating')}
				</p>
				<LocaleLink to={`/host/playrooms/edit/${playroom.id}/basic-information`} className="link text-sm">
					{t('list.edit')}
				</LocaleLink>
			</div>
		</li>
	)
}

function NewPlayroomForm() {
	const { t } = useTranslation('hostOffice')
	const actionData = useActionData<FormActionData<'create'>>()
	const [form, fields] = useAppForm({
		id: 'new-playroom-form',
		schema: newPlayroomSchema,
		lastResult: actionData?.result,
	})
	return (
		<section id="new-playroom" aria-labelledby="new-playroom-title" className="card max-w-xl">
			<h2 id="new-playroom-title" className="mb-1 text-xl font-semibold">
				{t('create.title')}
			</h2>
			<p className="mb-4 text-sm text-ink-muted">{t('create.intro')}</p>
			<Form method="POST" {...getFormProps(form)}>
				<FormAlert form={form} labels={fieldLabels(t, 'hostOffice:create')} />
				<TextField field={fields.name} label={t('create.name')} required maxLength={PLAYROOM_NAME_MAX} />
				<div className="grid gap-x-4 sm:grid-cols-[10rem_1fr]">
					<TextField field={fields.postalCode} label={t('create.postalCode')} autoComplete="postal-code" />
					<TextField field={fields.city} label={t('create.city')} required autoComplete="address-level2" />
				</div>
				<SubmitButton className="btn-primary">{t('create.submit')}</SubmitButton>
			</Form>
		</section>
	)
}
