import { useTranslation } from 'react-i18next'
import { Form } from 'react-router'
import type { Route } from './+types/exports.ts'
import { useAppForm } from '#app/components/app-form.ts'
import { DetailSection } from '#app/components/detail-frame.tsx'
import { fieldLabels, FormAlert, getFormProps, SubmitButton, TextField } from '#app/components/forms.tsx'
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
 * back here (?month=…) with the failure summary and the value as typed. Shows the SKR03 accounts.
 */
export async function loader(args: Route.LoaderArgs) {
	await requireRole(args, 'Admin')
	const typed = args.url.searchParams.has('month')
	const submission = typed ? parseFormSubmission(args.url.searchParams, { schema: datevExportSchema }) : null
	// The accounts the file uses, in the setting's order (the format fields stay out).
	const {
		accountLength: _length,
		fiscalYearStartMonth: _start,
		revenueIsAutomatic: _auto,
		...accounts
	} = getSetting('datevAccounts')
	return {
		defaultMonth: previousMonth(Date.now()),
		result: submission && submission.status !== 'success' ? submission.reply() : undefined,
		accounts,
	}
}

export default function AdminExportsPage({ loaderData: data }: Route.ComponentProps) {
	const { t } = useTranslation()
	const { t: tb } = useTranslation('adminBooks')
	const localize = useLocalizePath()
	const title = pageTitle(t, 'admin/exports')
	const [form, fields] = useAppForm({
		id: 'datev-export',
		schema: datevExportSchema,
		lastResult: data.result,
		defaultValue: { month: data.defaultMonth },
	})
	return (
		<main id="main" data-testid="admin-exports">
			<title>{`${title} | ${t('appName')}`}</title>
			<h1 className="mb-4 text-3xl font-bold">{title}</h1>
			<p className="mb-4 max-w-prose">{tb('exports.intro')}</p>
			<Form
				method="get"
				action={localize('/admin/exports/datev')}
				reloadDocument
				{...getFormProps(form)}
				className="card mb-4 max-w-xl"
				data-testid="datev-form"
			>
				<FormAlert form={form} labels={fieldLabels(tb, 'adminBooks:exports')} />
				<TextField field={fields.month} label={tb('exports.month')} required />
				<SubmitButton className="btn-primary">{tb('exports.download')}</SubmitButton>
			</Form>
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
