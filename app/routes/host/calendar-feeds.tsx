import { useTranslation } from 'react-i18next'
import { data, Form, useActionData } from 'react-router'
import type { Route } from './+types/calendar-feeds.ts'
import { fieldLabels, FormAlert, getFormProps, SubmitButton, TextField } from '#app/components/forms.tsx'
import { useAppForm } from '#app/components/app-form.ts'
import { LocaleLink } from '#app/components/locale-link.tsx'
import { issueExportToken, revokeExportToken } from '#app/models/host-office/ical-export.server.ts'
import {
	addFeed,
	claimSyncNow,
	getFeedsPage,
	removeFeed,
	requireManageableFeed,
	type FeedView,
	type PlayroomFeeds,
} from '#app/models/host-office/ical-feeds.server.ts'
import {
	exportFormSchema,
	FEED_URL_MAX,
	feedAddSchema,
	feedCommandSchema,
	type FeedIntent,
} from '#app/schemas/ical.ts'
import { icalImportTaskForFeed } from '#app/tasks/ical-import.server.ts'
import { isAppError } from '#app/utils/app-error.ts'
import { requireRole } from '#app/utils/auth.server.ts'
import { getServices } from '#app/utils/context.server.ts'
import { failedForm, invalidForm, type FormActionData } from '#app/utils/form-actions.server.ts'
import { formatDateTime } from '#app/utils/format-instant.ts'
import { parseFormSubmission } from '#app/utils/form-submission.ts'
import { getLocale, getT } from '#app/utils/i18n.server.ts'
import { localizePath } from '#app/utils/locale.ts'
import { looseT } from '#app/utils/loose-t.ts'
import { pageTitle } from '#app/utils/page-title.ts'
import { notFound } from '#app/utils/route-params.server.ts'
import { runTask } from '#app/utils/scheduler.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { useLocale } from '#app/hooks/use-root-data.ts'
import { translateValidationMessage } from '#app/utils/validation.ts'

/**
 * /host/calendar/feeds (issue 13, ADR 0082): iCal export (a secret feed URL
 * per playroom and for all playrooms, shown once when made) and import
 * (external feeds per playroom with their last sync and "sync now"). Plain
 * forms; every command checks the playroom or feed first — another host's id
 * is a 404 and nothing changes.
 */
export async function loader(args: Route.LoaderArgs) {
	const host = await requireRole(args, 'Owner')
	return getFeedsPage(host)
}

type ExportCreated = { intent: 'exportGenerate'; scope: string; exportUrl: string }

export async function action(args: Route.ActionArgs) {
	const host = await requireRole(args, 'Owner')
	const form = await args.request.formData()
	const t = looseT(getT(args.context))
	const here = localizePath('/host/calendar/feeds', getLocale(args.context))
	try {
		const intent = form.get('intent')
		if (intent === 'exportGenerate' || intent === 'exportRevoke') {
			const submission = parseFormSubmission(form, { schema: exportFormSchema })
			if (submission.status !== 'success') return invalidForm(String(intent), submission)
			const scope = { playroomId: submission.value.scope === 'all' ? null : submission.value.scope }
			if (submission.value.intent === 'exportRevoke') {
				revokeExportToken(host, scope)
				return redirectWithToast(here, { type: 'success', description: t('hostIcal:export.revoked') })
			}
			const exportUrl = issueExportToken(host, scope)
			return data<ExportCreated>({ intent: 'exportGenerate', scope: submission.value.scope, exportUrl })
		}
		if (intent === 'feedAdd') {
			const submission = parseFormSubmission(form, { schema: feedAddSchema })
			if (submission.status !== 'success') return invalidForm('feedAdd', submission)
			let feedId: string
			try {
				feedId = await addFeed(host, submission.value)
			} catch (error) {
				if (isAppError(error) && error.status === 404) throw error
				return failedForm('feedAdd', submission, error, { sayAtFields: true })
			}
			return syncNow(args, host, feedId, here, t('hostIcal:import.added'))
		}
		const submission = parseFormSubmission(form, { schema: feedCommandSchema })
		if (submission.status !== 'success') return new Response(null, { status: 400 })
		if (submission.value.intent === 'feedRemove') {
			removeFeed(host, submission.value.feedId)
			return redirectWithToast(here, { type: 'success', description: t('hostIcal:import.removed') })
		}
		// At most once a minute per feed (ADR 0140); a refused press changes nothing.
		const claim = claimSyncNow(host, submission.value.feedId)
		if (!claim.ok) {
			return redirectWithToast(here, {
				type: 'warning',
				description: t('hostIcal:import.coolDown', { count: claim.retryInSeconds }),
			})
		}
		return syncNow(args, host, submission.value.feedId, here)
	} catch (error) {
		if (isAppError(error) && error.status === 404) throw notFound()
		throw error
	}
}

/** Runs the import task for one feed now (under the feed's lease) and says how it went. */
async function syncNow(
	args: Route.ActionArgs,
	host: { id: string; role: 'Owner' | 'Customer' | 'Admin' },
	feedId: string,
	here: string,
	prefix?: string,
) {
	const t = looseT(getT(args.context))
	const outcome = await runTask(icalImportTaskForFeed(feedId), 'manual', {
		hub: getServices(args.context).hub,
	})
	const lead = prefix ? `${prefix} ` : ''
	if (outcome.status === 'skipped') {
		return redirectWithToast(here, { type: 'warning', description: lead + t('hostIcal:import.syncBusy') })
	}
	const feed = requireManageableFeed(host, feedId)
	if (outcome.status === 'failed' || feed.lastStatus === 'failed') {
		const error = feed.lastError ? translateValidationMessage(getT(args.context), feed.lastError) : ''
		return redirectWithToast(here, {
			type: 'danger',
			description: lead + t('hostIcal:import.syncFailed', { error }),
		})
	}
	return redirectWithToast(here, {
		type: 'success',
		description: lead + t('hostIcal:import.synced', { count: feed.lastEventCount ?? 0 }),
	})
}

export default function CalendarFeedsPage({ loaderData }: Route.ComponentProps) {
	const { t } = useTranslation()
	const { t: ti } = useTranslation('hostIcal')
	const title = pageTitle(t, 'host/calendar/feeds')
	return (
		<main id="main" data-testid="calendar-feeds">
			<title>{`${title} | ${t('appName')}`}</title>
			<h1 className="mb-2 text-3xl font-bold">{title}</h1>
			<p className="mb-2 max-w-3xl text-ink-muted">{ti('page.intro')}</p>
			<p className="mb-6">
				<LocaleLink to="/host/calendar" className="link">
					{ti('page.back')}
				</LocaleLink>
			</p>
			{loaderData.playrooms.length === 0 ? (
				<p className="card">{ti('page.noPlayrooms')}</p>
			) : (
				<div className="grid gap-4">
					<section aria-labelledby="export-all-title" className="card" data-testid="export-all">
						<h2 id="export-all-title" className="mb-1 text-xl font-semibold">
							{ti('export.title')} – {ti('page.allPlayrooms')}
						</h2>
						<p className="mb-3 text-sm text-ink-muted">{ti('export.intro')}</p>
						<ExportControls
							scope="all"
							scopeName={ti('page.allPlayrooms')}
							since={loaderData.allExportSince}
						/>
					</section>
					{loaderData.playrooms.map((room) => (
						<PlayroomSection key={room.id} room={room} />
					))}
				</div>
			)}
		</main>
	)
}

function PlayroomSection({ room }: { room: PlayroomFeeds }) {
	const { t } = useTranslation('hostIcal')
	return (
		<section
			aria-labelledby={`room-${room.id}-title`}
			className="card grid gap-4"
			data-testid="playroom-feeds"
			data-playroom-id={room.id}
		>
			<h2 id={`room-${room.id}-title`} className="text-xl font-semibold">
				{room.name}
			</h2>
			<div>
				<h3 className="mb-1 font-semibold">{t('export.title')}</h3>
				<ExportControls scope={room.id} scopeName={room.name} since={room.exportSince} />
			</div>
			<div>
				<h3 className="mb-1 font-semibold">{t('import.title')}</h3>
				<p className="mb-2 text-sm text-ink-muted">{t('import.intro')}</p>
				{room.feeds.length === 0 ? (
					<p className="mb-2 text-sm">{t('import.none')}</p>
				) : (
					<ul className="mb-3 grid gap-2" aria-label={t('import.feedsOf', { playroom: room.name })}>
						{room.feeds.map((feed) => (
							<FeedRow key={feed.id} feed={feed} />
						))}
					</ul>
				)}
				<AddFeedForm playroomId={room.id} />
			</div>
		</section>
	)
}

function ExportControls({
	scope,
	scopeName,
	since,
}: {
	scope: string
	scopeName: string
	since: number | null
}) {
	const { t } = useTranslation('hostIcal')
	const locale = useLocale()
	const actionData = useActionData<ExportCreated | FormActionData>()
	const created =
		actionData && 'exportUrl' in actionData && actionData.scope === scope ? actionData.exportUrl : null
	return (
		<div className="grid gap-2">
			{created ? (
				<div role="status" className="rounded-lg border border-success p-3" data-testid="export-url">
					<p className="mb-1 text-sm">{t('export.created')}</p>
					<label htmlFor={`export-url-${scope}`} className="sr-only">
						{t('export.urlLabel', { scope: scopeName })}
					</label>
					<input
						id={`export-url-${scope}`}
						readOnly
						value={created}
						className="w-full rounded-lg border border-line bg-surface px-3 py-2 font-mono text-sm text-ink"
					/>
				</div>
			) : (
				<p className="text-sm">
					{since ? t('export.since', { date: formatDateTime(since, locale) }) : t('export.none')}
				</p>
			)}
			<div className="flex flex-wrap gap-2">
				<CommandButton
					field={['scope', scope]}
					intent="exportGenerate"
					label={since || created ? t('export.regenerate') : t('export.generate')}
				/>
				{since || created ? (
					<CommandButton field={['scope', scope]} intent="exportRevoke" label={t('export.revoke')} />
				) : null}
			</div>
		</div>
	)
}

/** A one-button form (works without JavaScript): the intent and one hidden field. */
function CommandButton({
	field,
	intent,
	label,
}: {
	field: [string, string]
	intent: FeedIntent
	label: string
}) {
	return (
		<Form method="POST">
			<input type="hidden" name={field[0]} value={field[1]} />
			<button type="submit" name="intent" value={intent} className="btn-ghost">
				{label}
			</button>
		</Form>
	)
}

function FeedRow({ feed }: { feed: FeedView }) {
	const { t } = useTranslation('hostIcal')
	const { t: tc } = useTranslation()
	const locale = useLocale()
	const date = feed.lastSyncedAt ? formatDateTime(feed.lastSyncedAt, locale) : ''
	return (
		<li className="rounded-lg border border-line p-3" data-testid="ical-feed" data-feed-id={feed.id}>
			<p className="font-mono text-sm break-all">{feed.url}</p>
			<p
				className="text-sm"
				data-testid="feed-status"
				role={feed.lastStatus === 'failed' ? 'alert' : undefined}
			>
				{feed.lastStatus === 'failed'
					? t('import.lastFailed', { date, error: translateValidationMessage(tc, feed.lastError ?? '') })
					: feed.lastStatus === 'succeeded'
						? t('import.lastOk', { date, count: feed.lastEventCount ?? 0 })
						: t('import.neverSynced')}
			</p>
			<div className="mt-2 flex flex-wrap gap-2">
				<CommandButton field={['feedId', feed.id]} intent="feedSync" label={t('import.syncNow')} />
				<CommandButton field={['feedId', feed.id]} intent="feedRemove" label={t('import.remove')} />
			</div>
		</li>
	)
}

function AddFeedForm({ playroomId }: { playroomId: string }) {
	const { t } = useTranslation('hostIcal')
	const actionData = useActionData<FormActionData<'feedAdd'> | ExportCreated>()
	const mine =
		actionData && 'result' in actionData && actionData.result.initialValue?.playroomId === playroomId
			? actionData.result
			: undefined
	const [form, fields] = useAppForm({ id: `feed-add-${playroomId}`, schema: feedAddSchema, lastResult: mine })
	return (
		<Form method="POST" {...getFormProps(form)} className="grid gap-2">
			<FormAlert form={form} labels={fieldLabels(t, 'hostIcal:import')} />
			<input type="hidden" name="intent" value="feedAdd" />
			<input type="hidden" name="playroomId" value={playroomId} />
			<TextField field={fields.url} label={t('import.url')} type="url" maxLength={FEED_URL_MAX} required />
			<SubmitButton className="btn-primary justify-self-start">{t('import.add')}</SubmitButton>
		</Form>
	)
}
