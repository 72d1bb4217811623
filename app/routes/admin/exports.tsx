import { useTranslation } from 'react-i18next'
import type { Route } from './+types/exports.ts'
import { DetailSection } from '#app/components/detail-frame.tsx'
import { FieldErrors } from '#app/components/forms.tsx'
import { previousMonth } from '#app/models/money/datev-export.server.ts'
import { getSetting } from '#app/models/platform/settings.server.ts'
import { datevExportSchema } from '#app/schemas/admin-exports.ts'
import { requireRole } from '#app/utils/auth.server.ts'
import { parseFormSubmission } from '#app/utils/form-submission.ts'
import { pageTitle } from '#app/utils/page-title.ts'
import { useLocalizePath } from '#app/hooks/use-root-data.ts'

/**
 * /admin/exports (issue 34, ADR 0180): the DATEV export for the tax advisor. A plain GET form picks
 * the month (last month by default) and downloads /admin/exports/datev?month=…; a bad month comes
 * back here with its message and the value as typed. Shows the SKR03 accounts the file uses.
 */
export async function loader(args: Route.LoaderArgs) {
	await requireRole(args, 'Admin')
	const raw = args.url.searchParams.get('month')
	const submission =
		raw === null ? null : parseFormSubmission(args.url.searchParams, { schema: datevExportSchema })
	const invalid = submission !== null && submission.status !== 'success'
	// The accounts the file uses, in the setting's order (the format fields stay out).
	const {
		accountLength: _length,
		fiscalYearStartMonth: _start,
		revenueIsAutomatic: _auto,
		...accounts
	} = getSetting('datevAccounts')
	return {
		month: raw === null ? previousMonth(Date.now()) : raw.slice(0, 20),
		errors: invalid ? (submission.error?.month ?? []) : [],
		accounts,
	}
}

export default function AdminExportsPage({ loaderData: data }: Route.ComponentProps) {
	const { t } = useTranslation()
	const { t: tb } = useTranslation('adminBooks')
	const localize = useLocalizePath()
	const title = pageTitle(t, 'admin/exports')
	const invalid = data.errors.length > 0
	return (
		<main id="main" data-testid="admin-exports">
			<title>{`${title} | ${t('appName')}`}</title>
			<h1 className="mb-4 text-3xl font-bold">{title}</h1>
			{invalid ? (
				<p role="alert" className="mb-4 font-medium text-danger" data-testid="exports-invalid">
					{tb('exports.invalid')}
				</p>
			) : null}
			<p className="mb-4 max-w-prose">{tb('exports.intro')}</p>
			<form
				method="get"
				action={localize('/admin/exports/datev')}
				className="card mb-4"
				data-testid="datev-form"
			>
				<fieldset className="flex flex-wrap items-end gap-3">
					<legend className="mb-2 font-semibold">{tb('exports.legend')}</legend>
					<div>
						<label htmlFor="datev-month" className="mb-1 block text-sm font-medium">
							{tb('exports.month')}
						</label>
						<input
							id="datev-month"
							name="month"
							type="month"
							required
							pattern="\d{4}-\d{2}"
							defaultValue={data.month}
							className="rounded-lg border border-line bg-surface px-3 py-2 text-ink"
							aria-invalid={invalid || undefined}
							aria-describedby={invalid ? 'datev-month-error' : undefined}
						/>
						<FieldErrors id="datev-month-error" errors={data.errors} />
					</div>
					<button type="submit" className="btn-primary">
						{tb('exports.download')}
					</button>
				</fieldset>
			</form>
			<DetailSection id="exports-accounts" title={tb('exports.accountsTitle')}>
				<dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1" data-testid="datev-accounts">
					{Object.entries(data.accounts).map(([key, value]) => (
						<div key={key} className="contents">
							<dt>{tb(`exports.accounts.${key}` as 'exports.accounts.bank')}</dt>
							<dd className="text-right font-mono tabular-nums">{value}</dd>
						</div>
					))}
				</dl>
				<p className="mt-3 text-sm text-ink-muted">{tb('exports.accountsHint')}</p>
			</DetailSection>
		</main>
	)
}
