import { useTranslation } from 'react-i18next'
import { data, Form } from 'react-router'
import type { Route } from './+types/task-runs.ts'
import { loadAdminTablePage } from './admin-table.server.ts'
import { DataTablePage } from '#app/components/data-table.tsx'
import { DetailSection } from '#app/components/detail-frame.tsx'
import {
	executionTable,
	listTaskRuns,
	runnableTasks,
	runTaskNow,
	TASK_NAMES,
	type ExecutionItem,
} from '#app/models/admin/admin-tasks.server.ts'
import { requireRole } from '#app/utils/auth.server.ts'
import { getServices } from '#app/utils/context.server.ts'
import { formatDateTime } from '#app/utils/format-instant.ts'
import { getLocale, getT } from '#app/utils/i18n.server.ts'
import { localizePath } from '#app/utils/locale.ts'
import { looseT } from '#app/utils/loose-t.ts'
import { pageTitle } from '#app/utils/page-title.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { useLocale } from '#app/hooks/use-root-data.ts'

/**
 * /admin/backgroundTaskExecutions (issue 14): every run of every background
 * task (filters status — `?status=failed` —, task, trigger, date) and a
 * "run now" form per task (POST; trigger 'manual' under the task's lease: a
 * task that is running already is refused with a message).
 */
export async function loader(args: Route.LoaderArgs) {
	const { admin, page } = await loadAdminTablePage(args, executionTable, listTaskRuns)
	return data({ ...page.data, tasks: runnableTasks(admin) }, { status: page.status })
}

export async function action(args: Route.ActionArgs) {
	const admin = await requireRole(args, 'Admin')
	const form = await args.request.formData()
	const t = looseT(getT(args.context))
	const here = localizePath('/admin/backgroundTaskExecutions', getLocale(args.context))
	const name = String(form.get('taskName') ?? '')
	if (!(TASK_NAMES as string[]).includes(name)) {
		return redirectWithToast(here, { type: 'danger', description: t('adminMoney:tasks.runNow.unknown') })
	}
	const task = t(`adminMoney:tasks.names.${name}`)
	const outcome = await runTaskNow(admin, name, { hub: getServices(args.context).hub })
	if (outcome.status === 'skipped') {
		return redirectWithToast(here, {
			type: 'warning',
			description: t('adminMoney:tasks.runNow.busy', { task }),
		})
	}
	if (outcome.status === 'failed') {
		return redirectWithToast(here, {
			type: 'danger',
			description: t('adminMoney:tasks.runNow.failed', { task, error: outcome.error }),
		})
	}
	return redirectWithToast(here, {
		type: 'success',
		description: t('adminMoney:tasks.runNow.succeeded', { task, count: outcome.itemsProcessed }),
	})
}

export default function TaskRunsPage({ loaderData }: Route.ComponentProps) {
	const { t } = useTranslation()
	const { t: tm } = useTranslation('adminMoney')
	const locale = useLocale()
	const title = pageTitle(t, 'admin/backgroundTaskExecutions')
	const cell = (key: string, run: ExecutionItem): React.ReactNode => {
		switch (key) {
			case 'taskName':
				return tm(`tasks.names.${run.taskName}`, { defaultValue: run.taskName })
			case 'trigger':
				return tm(`tasks.triggers.${run.trigger}`)
			case 'status':
				return <span data-status={run.status}>{tm(`tasks.statuses.${run.status}`)}</span>
			case 'startedAt':
				return formatDateTime(run.startedAt, locale)
			case 'finishedAt':
				return run.finishedAt === null ? '–' : formatDateTime(run.finishedAt, locale)
			case 'itemsProcessed':
				return run.itemsProcessed
			case 'error':
				return run.error ? <span className="text-danger">{run.error}</span> : null
			default:
				return null
		}
	}
	return (
		<DataTablePage
			title={title}
			exportPath="/api/Admin/BackgroundTaskExecutions/Export"
			testId="admin-task-runs"
			page={loaderData}
			rowKey={(run) => run.id}
			cell={cell}
			rowTestId="task-run-row"
		>
			<div className="mb-6">
				<DetailSection id="run-now" title={tm('tasks.runNow.title')}>
					<ul className="grid gap-2 sm:grid-cols-2">
						{loaderData.tasks.map((task) => (
							<li key={task.name} className="flex items-center justify-between gap-2">
								<span>
									{tm(`tasks.names.${task.name}`, { defaultValue: task.name })}{' '}
									<span className="font-mono text-sm text-ink-muted">{task.schedule}</span>
								</span>
								<Form method="post">
									<input type="hidden" name="taskName" value={task.name} />
									<button type="submit" className="btn-secondary" data-testid={`run-${task.name}`}>
										{tm('tasks.runNow.submit')}
									</button>
								</Form>
							</li>
						))}
					</ul>
				</DetailSection>
			</div>
		</DataTablePage>
	)
}
