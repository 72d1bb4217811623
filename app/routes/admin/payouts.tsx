import { useTranslation } from 'react-i18next'
import { data, Form } from 'react-router'
import type { Route } from './+types/payouts.ts'
import { loadAdminTablePage } from './admin-table.server.ts'
import { DataTablePage } from '#app/components/data-table.tsx'
import { LocaleLink } from '#app/components/locale-link.tsx'
import { newTransferKey } from '#app/models/booking/payments.server.ts'
import {
	createPayoutRun,
	listPayoutRuns,
	payoutRunTable,
	previewPayoutRun,
	type PayoutRunItem,
} from '#app/models/money/payouts.server.ts'
import { payoutRunFormSchema } from '#app/schemas/payouts.ts'
import { isAppError } from '#app/utils/app-error.ts'
import { formatAmount } from '#app/utils/format.ts'
import { formatDateTime } from '#app/utils/format-instant.ts'
import { requireRole } from '#app/utils/auth.server.ts'
import { getLocale, getT } from '#app/utils/i18n.server.ts'
import { localizePath, type Locale } from '#app/utils/locale.ts'
import { looseT } from '#app/utils/loose-t.ts'
import { pageTitle } from '#app/utils/page-title.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { useLocale } from '#app/hooks/use-root-data.ts'

/**
 * /admin/payouts (issue 34, ADR 0177): the payout runs on the data table (filter status —
 * `?status=Created` lists exactly the runs still to execute — and created date, search by
 * reference, CSV export through /api/Admin/PayoutRuns/Export) and "Create payout run now": a plain
 * form with the render's idempotency key, saying beforehand how many hosts would get how much.
 * The hosts' balances and adjustments: /admin/payouts/balances.
 */
export async function loader(args: Route.LoaderArgs) {
	const { admin, page } = await loadAdminTablePage(args, payoutRunTable, listPayoutRuns)
	const preview = previewPayoutRun(admin)
	return data(
		{
			...page.data,
			preview: { hostCount: preview.hostCount, total: preview.total, minimum: preview.minimum },
			idempotencyKey: newTransferKey(),
		},
		{ status: page.status },
	)
}

export async function action(args: Route.ActionArgs) {
	const admin = await requireRole(args, 'Admin')
	const locale = getLocale(args.context) as Locale
	const t = looseT(getT(args.context))
	const here = localizePath('/admin/payouts', locale)
	const parsed = payoutRunFormSchema.safeParse(Object.fromEntries(await args.request.formData()))
	if (!parsed.success)
		return redirectWithToast(here, { type: 'danger', description: t('apiErrors.ValidationError') })
	try {
		const result = createPayoutRun(admin, { idempotencyKey: parsed.data.idempotencyKey, trigger: 'manual' })
		if (result.outcome === 'nothingToPay') {
			return redirectWithToast(here, { type: 'warning', description: t('payouts:admin.create.nothing') })
		}
		const { run } = result
		const key = result.outcome === 'created' ? 'payouts:admin.create.done' : 'payouts:admin.create.repeated'
		return redirectWithToast(localizePath(`/admin/payouts/${run.id}`, locale), {
			type: 'success',
			description: t(key, {
				reference: run.reference,
				count: run.payoutCount,
				total: formatAmount(run.totalAmount, locale),
			}),
		})
	} catch (error) {
		if (!isAppError(error)) throw error
		return redirectWithToast(here, { type: 'danger', description: t(error.messageKey, error.params) })
	}
}

export default function AdminPayoutsPage({ loaderData }: Route.ComponentProps) {
	const { t } = useTranslation()
	const { t: tp } = useTranslation('payouts')
	const locale = useLocale()
	const title = pageTitle(t, 'admin/payouts')
	const { preview } = loaderData
	const money = (cents: number) => formatAmount(cents, locale)
	const cell = (key: string, row: PayoutRunItem): React.ReactNode => {
		switch (key) {
			case 'reference':
				return (
					<LocaleLink to={`/admin/payouts/${row.id}`} className="font-mono font-medium underline">
						{row.reference}
					</LocaleLink>
				)
			case 'createdAt':
				return formatDateTime(row.createdAt, locale)
			case 'trigger':
				return tp(`triggers.${row.trigger}`)
			case 'status':
				return <span className="badge">{tp(`statuses.${row.status}`)}</span>
			case 'payoutCount':
				return <span className="tabular-nums">{row.payoutCount}</span>
			case 'totalAmount':
				return <span className="tabular-nums">{money(row.totalAmount)}</span>
			case 'executedAt':
				return row.executedAt === null ? '–' : formatDateTime(row.executedAt, locale)
			default:
				return null
		}
	}
	return (
		<DataTablePage
			title={title}
			exportPath="/api/Admin/PayoutRuns/Export"
			testId="admin-payouts"
			page={loaderData}
			rowKey={(row) => row.id}
			cell={cell}
			rowTestId="payout-run-row"
		>
			<p className="mb-4 max-w-prose">{tp('admin.intro', { minimum: money(preview.minimum) })}</p>
			<p className="mb-4 flex flex-wrap gap-3">
				<LocaleLink to="/admin/payouts/balances" className="btn-secondary" data-testid="balances-link">
					{tp('admin.balances.title')}
				</LocaleLink>
				<LocaleLink to="/admin/payouts?status=Created" className="btn-secondary">
					{tp('statuses.Created')}
				</LocaleLink>
			</p>
			<section
				className="card mb-6 max-w-xl"
				aria-labelledby="create-run-title"
				data-testid="create-payout-run"
			>
				<h2 id="create-run-title" className="mb-2 text-xl font-semibold">
					{tp('admin.create.title')}
				</h2>
				<p className="mb-3" data-testid="payout-preview">
					{preview.hostCount > 0
						? tp('admin.create.preview', { count: preview.hostCount, total: money(preview.total) })
						: tp('admin.create.none')}
				</p>
				{preview.hostCount > 0 ? (
					<Form method="POST">
						<input type="hidden" name="idempotencyKey" value={loaderData.idempotencyKey} />
						<button type="submit" className="btn-primary" data-testid="create-payout-run-submit">
							{tp('admin.create.submit')}
						</button>
					</Form>
				) : null}
			</section>
		</DataTablePage>
	)
}
