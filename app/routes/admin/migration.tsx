import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { data as dataResponse, Form, useNavigation, useRevalidator } from 'react-router'
import type { Route } from './+types/migration.ts'
import { DetailSection, ScrollBox } from '#app/components/detail-frame.tsx'
import { SubmitButton } from '#app/components/forms.tsx'
import { useRealtimeEvent } from '#app/components/realtime-provider.tsx'
import { IMPORT_ENTITIES, type ImportReport } from '#db/schema/import-types.ts'
import {
	createImportRun,
	isActiveRun,
	latestImportRun,
	startImportRun,
	type ImportRunView,
} from '#app/models/admin/admin-import.server.ts'
import { importDocumentSchema, importFormSchema, parseImportProgressText } from '#app/schemas/admin-import.ts'
import { requireRole } from '#app/utils/auth.server.ts'
import { getServices } from '#app/utils/context.server.ts'
import { parseFormSubmission } from '#app/utils/form-submission.ts'
import { formatNumber } from '#app/utils/format.ts'
import { formatDateTime } from '#app/utils/format-instant.ts'
import { localizePath } from '#app/utils/locale.ts'
import { getLocale, getT } from '#app/utils/i18n.server.ts'
import { getLogger } from '#app/utils/logger.server.ts'
import { looseT } from '#app/utils/loose-t.ts'
import { readFormData } from '#app/utils/multipart.server.ts'
import { pageTitle } from '#app/utils/page-title.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { translateValidationMessage, validationMessage } from '#app/utils/validation.ts'
import { useLocale } from '#app/hooks/use-root-data.ts'

/**
 * /admin/migration (issue 14, ADR 0095): upload the original system's export
 * (multipart, up to MAX_IMPORT_MB), optionally as a dry run. The import runs
 * as a background task; the page shows its progress — live from SeedProgress
 * events with JavaScript, by refreshing itself every 2 s without — and the
 * report of the latest run.
 */
export const MAX_IMPORT_MB = 32

export async function loader(args: Route.LoaderArgs) {
	await requireRole(args, 'Admin')
	const run = latestImportRun()
	return { run, active: isActiveRun(run) }
}

const refuse = (message: string) => dataResponse({ errors: [message] }, { status: 400 })

export async function action(args: Route.ActionArgs) {
	const admin = await requireRole(args, 'Admin')
	let form: FormData
	try {
		form = await readFormData(args.request, MAX_IMPORT_MB * 1024 * 1024)
	} catch {
		return refuse(validationMessage('adminImport:errors.fileTooLarge', { max: MAX_IMPORT_MB }))
	}
	if (isActiveRun(latestImportRun())) return refuse('adminImport:errors.running')
	const file = form.get('file')
	if (file === null || typeof file === 'string' || file.size === 0) return refuse('adminImport:errors.noFile')
	const options = parseFormSubmission(form, { schema: importFormSchema })
	const dryRun = options.status === 'success' && options.value.dryRun
	let raw: unknown
	try {
		raw = JSON.parse(await file.text())
	} catch {
		return refuse('adminImport:errors.notJson')
	}
	const document = importDocumentSchema.safeParse(raw)
	if (!document.success) return refuse('adminImport:errors.badDocument')
	const runId = createImportRun({
		adminUserId: admin.id,
		fileName: file.name.slice(0, 200) || 'export.json',
		dryRun,
		document: document.data,
	})
	// Runs after the answer; the task records itself and the run (failures included).
	startImportRun(runId, getServices(args.context).hub).catch((error: unknown) =>
		getLogger().error({ err: error, runId }, 'import run could not be started'),
	)
	const t = looseT(getT(args.context))
	return redirectWithToast(localizePath('/admin/migration', getLocale(args.context)), {
		type: 'info',
		description: t('adminImport:started'),
	})
}

function ProgressBar({ step, totalSteps, text }: { step: number; totalSteps: number; text: string }) {
	const { t } = useTranslation('adminImport')
	const locale = useLocale()
	// "users 500/3000" as the run stores it → "Nutzer: 500 von 3.000" (issue 31.13).
	const progressLabel = (raw: string) => {
		const parsed = parseImportProgressText(raw)
		if (!parsed) return raw
		return t('progress.rows', {
			entity: t(`report.entities.${parsed.entity}`),
			done: formatNumber(parsed.done, locale),
			total: formatNumber(parsed.total, locale),
		})
	}
	return (
		<div data-testid="import-progress">
			<progress
				className="h-3 w-full"
				max={Math.max(1, totalSteps)}
				value={step}
				aria-label={t('progress.label')}
			/>
			<p className="mt-1 text-sm" role="status">
				{t('progress.steps', { step, totalSteps })}{' '}
				{text ? <span className="text-ink-muted">({progressLabel(text)})</span> : null}
			</p>
		</div>
	)
}

function Report({ report }: { report: ImportReport }) {
	const { t } = useTranslation('adminImport')
	const { t: tc } = useTranslation()
	const columns = ['created', 'updated', 'unchanged', 'invalid'] as const
	return (
		<>
			<ScrollBox label={t('report.countsLabel')}>
				<table className="w-full text-left text-sm" data-testid="import-counts">
					<thead>
						<tr>
							<th scope="col">{t('report.entity')}</th>
							{columns.map((column) => (
								<th key={column} scope="col" className="text-right">
									{t(`report.${column}`)}
								</th>
							))}
						</tr>
					</thead>
					<tbody>
						{IMPORT_ENTITIES.map((entity) => (
							<tr key={entity} data-testid={`import-counts-${entity}`}>
								<th scope="row">{t(`report.entities.${entity}`)}</th>
								{columns.map((column) => (
									<td key={column} className="text-right tabular-nums">
										{report.counts[entity][column]}
									</td>
								))}
							</tr>
						))}
					</tbody>
				</table>
			</ScrollBox>
			{report.errors.length ? (
				<>
					<h3 className="mt-4 mb-2 font-semibold">{t('report.errorsTitle')}</h3>
					<ul className="flex flex-col gap-1 text-sm [overflow-wrap:anywhere]" data-testid="import-errors">
						{report.errors.map((error) => (
							<li key={`${error.entity}-${error.index}`}>
								<span className="font-semibold">
									{t('report.row', { entity: t(`report.entities.${error.entity}`), index: error.index })}
								</span>
								{error.legacyId ? <span className="font-mono"> ({error.legacyId})</span> : null}
								{error.field ? <span className="font-mono"> {error.field}</span> : null}:{' '}
								{translateValidationMessage(tc, error.reason)}
							</li>
						))}
					</ul>
					{report.moreErrors ? (
						<p className="text-sm">{t('report.moreErrors', { count: report.moreErrors })}</p>
					) : null}
				</>
			) : null}
		</>
	)
}

function LatestRun({ run, active }: { run: ImportRunView; active: boolean }) {
	const { t } = useTranslation('adminImport')
	const { t: tc } = useTranslation()
	const locale = useLocale()
	const [live, setLive] = useState<{ step: number; totalSteps: number; text: string } | null>(null)
	const { revalidate } = useRevalidator()
	useRealtimeEvent('SeedProgress', (event) => {
		if (event.type !== 'SeedProgress' || !active) return
		setLive({ step: event.step, totalSteps: event.totalSteps, text: event.text })
		if (event.step >= event.totalSteps) void revalidate()
	})
	// With JavaScript: a slow poll as well, in case the realtime channel is offline.
	useEffect(() => {
		if (!active) return
		const timer = setInterval(() => void revalidate(), 2000)
		return () => clearInterval(timer)
	}, [active, revalidate])
	const progress = active && live && live.step >= run.step ? live : run
	return (
		<DetailSection id="import-run" title={t('run.title')} wide>
			<dl className="mb-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
				<dt>{t('run.file')}</dt>
				<dd className="font-mono">{run.fileName}</dd>
				<dt>{t('run.startedAt')}</dt>
				<dd>{formatDateTime(run.createdAt, locale)}</dd>
				{run.finishedAt ? (
					<>
						<dt>{t('run.finishedAt')}</dt>
						<dd>{formatDateTime(run.finishedAt, locale)}</dd>
					</>
				) : null}
			</dl>
			<p className="mb-2 font-semibold" data-testid="import-status">
				{t(`run.status.${run.status}`)}
				{run.dryRun ? ` · ${t('run.dryRun')}` : null}
			</p>
			{run.error ? (
				<p className="mb-2 text-danger" role="alert">
					{translateValidationMessage(tc, run.error)}
				</p>
			) : null}
			<ProgressBar
				step={progress.step}
				totalSteps={progress.totalSteps}
				text={'progressText' in progress ? progress.progressText : progress.text}
			/>
			{active ? (
				<>
					<p className="mt-1 text-sm text-ink-muted">{t('progress.refreshing')}</p>
					{/* Without JavaScript the page reloads itself while the run is active. */}
					<noscript dangerouslySetInnerHTML={{ __html: '<meta http-equiv="refresh" content="2">' }} />
				</>
			) : null}
			{run.report ? <div className="mt-4">{<Report report={run.report} />}</div> : null}
		</DetailSection>
	)
}

export default function AdminMigrationPage({ loaderData, actionData }: Route.ComponentProps) {
	const { t } = useTranslation()
	const { t: ti } = useTranslation('adminImport')
	const navigation = useNavigation()
	const title = pageTitle(t, 'admin/migration')
	const errors = actionData?.errors ?? []
	return (
		<main id="main" data-testid="admin-migration">
			<title>{`${title} | ${t('appName')}`}</title>
			<h1 className="mb-4 text-3xl font-bold">{title}</h1>
			<p className="mb-4 max-w-prose">{ti('intro')}</p>
			<div className="grid gap-4 lg:grid-cols-2">
				<DetailSection id="import-form" title={ti('form.title')} wide>
					<Form
						method="post"
						encType="multipart/form-data"
						aria-describedby={errors.length ? 'import-form-errors' : undefined}
					>
						<label htmlFor="import-file" className="mb-1 block text-sm font-medium">
							{ti('form.file')}
						</label>
						<input
							id="import-file"
							name="file"
							type="file"
							accept="application/json,.json"
							required
							aria-invalid={errors.length ? true : undefined}
							className="mb-3 block w-full"
						/>
						<div className="mb-4 flex items-start gap-2">
							<input
								id="import-dry-run"
								name="dryRun"
								type="checkbox"
								className="mt-1 h-4 w-4 accent-accent"
							/>
							<label htmlFor="import-dry-run" className="text-sm">
								{ti('form.dryRun')}
							</label>
						</div>
						{errors.length ? (
							<ul
								id="import-form-errors"
								role="alert"
								className="mb-3 text-sm text-danger"
								data-testid="import-form-errors"
							>
								{errors.map((error) => (
									<li key={error}>{translateValidationMessage(t, error)}</li>
								))}
							</ul>
						) : null}
						<SubmitButton pending={navigation.state === 'submitting'} className="btn-primary">
							{ti('form.submit')}
						</SubmitButton>
					</Form>
				</DetailSection>
				{loaderData.run ? (
					<LatestRun run={loaderData.run} active={loaderData.active} />
				) : (
					<p data-testid="import-none">{ti('run.none')}</p>
				)}
			</div>
		</main>
	)
}
