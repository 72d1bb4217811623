import { useTranslation } from 'react-i18next'
import { Form } from 'react-router'
import type { Route } from './+types/dashboard.ts'
import {
	DashboardCharts,
	FailedTasks,
	KeyFigures,
	LedgerCheck,
	PendingTransfers,
} from '#app/components/admin-dashboard-parts.tsx'
import { FieldErrors } from '#app/components/forms.tsx'
import { MoneyToDo } from '#app/components/money-todo.tsx'
import { DEFAULT_REPORT_PERIOD, REPORT_PERIODS, resolveReportPeriod } from '#app/domain/report-period.ts'
import { getAdminDashboard } from '#app/models/admin/admin-dashboard.server.ts'
import { dashboardPeriodSchema } from '#app/schemas/admin-dashboard.ts'
import { requireRole } from '#app/utils/auth.server.ts'
import { formatLocalDate } from '#app/utils/format.ts'
import { parseFormSubmission } from '#app/utils/form-submission.ts'
import { pageTitle } from '#app/utils/page-title.ts'
import { useLocale } from '#app/hooks/use-root-data.ts'

/**
 * /admin/dashboard (issue 14, ADR 0093): the platform's figures over a period
 * chosen in a GET form (last 7/30/90 days, this/last month, custom dates;
 * Europe/Berlin days). A bad period shows its messages and the default
 * period, never an error page. Charts are server-rendered SVG; every figure
 * links to the admin page where an operator acts on it.
 */
export async function loader(args: Route.LoaderArgs) {
	const admin = await requireRole(args, 'Admin')
	const url = args.url
	const submission = parseFormSubmission(url.searchParams, { schema: dashboardPeriodSchema })
	const valid = submission.status === 'success'
	const period = resolveReportPeriod(valid ? submission.value : { period: DEFAULT_REPORT_PERIOD })
	const errors = valid ? {} : (submission.error ?? {})
	const field = (name: string) => (url.searchParams.get(name) ?? '').slice(0, 40)
	return {
		dashboard: getAdminDashboard(admin, period),
		form: { period: valid ? period.key : field('period'), from: field('from'), to: field('to') },
		errors: Object.fromEntries(Object.entries(errors).map(([name, list]) => [name, list ?? []])),
	}
}

function PeriodForm({
	form,
	errors,
}: {
	form: { period: string; from: string; to: string }
	errors: Record<string, string[]>
}) {
	const { t } = useTranslation('adminDashboard')
	const fieldClass = 'rounded-lg border border-line bg-surface px-3 py-2 text-ink'
	const described = (name: string) => (errors[name]?.length ? `period-${name}-error` : undefined)
	return (
		<Form method="get" className="card mb-4" data-testid="period-form">
			<fieldset className="flex flex-wrap items-end gap-3">
				<legend className="sr-only">{t('period.legend')}</legend>
				<div>
					<label htmlFor="period-period" className="mb-1 block text-sm font-medium">
						{t('period.label')}
					</label>
					<select
						id="period-period"
						name="period"
						defaultValue={(REPORT_PERIODS as readonly string[]).includes(form.period) ? form.period : '30d'}
						className={fieldClass}
						aria-describedby={described('period')}
						aria-invalid={Boolean(errors.period?.length) || undefined}
					>
						{REPORT_PERIODS.map((key) => (
							<option key={key} value={key}>
								{t(`period.options.${key}`)}
							</option>
						))}
					</select>
					<FieldErrors id="period-period-error" errors={errors.period} />
				</div>
				{(['from', 'to'] as const).map((name) => (
					<div key={name}>
						<label htmlFor={`period-${name}`} className="mb-1 block text-sm font-medium">
							{t(`period.${name}`)}
						</label>
						<input
							id={`period-${name}`}
							name={name}
							type="date"
							defaultValue={form[name]}
							className={fieldClass}
							aria-describedby={described(name)}
							aria-invalid={Boolean(errors[name]?.length) || undefined}
						/>
						<FieldErrors id={`period-${name}-error`} errors={errors[name]} />
					</div>
				))}
				<button type="submit" className="btn-primary">
					{t('period.submit')}
				</button>
			</fieldset>
		</Form>
	)
}

export default function AdminDashboardPage({ loaderData: data }: Route.ComponentProps) {
	const { t } = useTranslation()
	const { t: ta } = useTranslation('adminDashboard')
	const locale = useLocale()
	const title = pageTitle(t, 'admin/dashboard')
	const { dashboard } = data
	const { period } = dashboard
	const invalid = Object.keys(data.errors).length > 0
	return (
		<main id="main" data-testid="admin-dashboard">
			<title>{`${title} | ${t('appName')}`}</title>
			<h1 className="mb-4 text-3xl font-bold">{title}</h1>
			{dashboard.ledger.balanced ? null : <LedgerCheck ledger={dashboard.ledger} banner />}
			<PeriodForm form={data.form} errors={data.errors} />
			{invalid ? (
				<p role="alert" className="mb-4 font-medium text-danger" data-testid="period-invalid">
					{ta('period.invalid')}
				</p>
			) : null}
			<p className="mb-4 text-ink-muted" data-testid="period-showing">
				{ta('period.showing', {
					from: formatLocalDate(period.from, locale),
					to: formatLocalDate(period.to, locale),
					days: period.days,
				})}
			</p>
			<div className="grid gap-4 lg:grid-cols-2">
				<KeyFigures dashboard={dashboard} />
				<DashboardCharts dashboard={dashboard} />
				<MoneyToDo todo={dashboard.moneyToDo} />
				<PendingTransfers transfers={dashboard.pendingBankTransfers} />
				<FailedTasks tasks={dashboard.failedTasks} period={dashboard.period} />
				<LedgerCheck ledger={dashboard.ledger} />
			</div>
		</main>
	)
}
