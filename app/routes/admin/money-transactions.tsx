import { useTranslation } from 'react-i18next'
import { data } from 'react-router'
import type { Route } from './+types/money-transactions.ts'
import { loadAdminTablePage } from './admin-table.server.ts'
import { DataTablePage } from '#app/components/data-table.tsx'
import { LocaleLink } from '#app/components/locale-link.tsx'
import {
	getLedgerCheck,
	ledgerTable,
	listLedger,
	type LedgerItem,
} from '#app/models/admin/admin-ledger.server.ts'
import { formatAmount } from '#app/utils/format.ts'
import { formatDateTime } from '#app/utils/format-instant.ts'
import { pageTitle } from '#app/utils/page-title.ts'
import { useLocale } from '#app/hooks/use-root-data.ts'

/**
 * /admin/moneyTransactions (issue 14): the ledger in the data table — filters
 * account, kind, date range, journal, order; the running balance of the
 * account when filtered to one account; a banner whenever Σ debit ≠ Σ credit
 * (the dashboard's ledger check).
 */
export async function loader(args: Route.LoaderArgs) {
	const { admin, page } = await loadAdminTablePage(args, ledgerTable, listLedger)
	const oneAccount = page.data.view.filters.some((filter) => filter.name === 'account' && filter.value)
	return data({ ...page.data, oneAccount, check: getLedgerCheck(admin) }, { status: page.status })
}

export default function MoneyTransactionsPage({ loaderData }: Route.ComponentProps) {
	const { t } = useTranslation()
	const { t: tm } = useTranslation('adminMoney')
	const locale = useLocale()
	const title = pageTitle(t, 'admin/moneyTransactions')
	const { check } = loaderData
	const cell = (key: string, row: LedgerItem): React.ReactNode => {
		switch (key) {
			case 'createdAt':
				return formatDateTime(row.createdAt, locale)
			case 'account':
				return tm(`accounts.${row.account}`)
			case 'kind':
				return tm(`kinds.${row.kind}`)
			case 'amount':
				return <span className="tabular-nums">{formatAmount(row.amount, locale)}</span>
			case 'balance':
				return loaderData.oneAccount ? (
					<span className="tabular-nums" data-testid="running-balance">
						{formatAmount(row.balance, locale)}
					</span>
				) : (
					'–'
				)
			case 'order':
				return row.orderId ? (
					<LocaleLink to={`/admin/orders/${row.orderId}`} className="font-mono underline">
						{row.orderCode}
					</LocaleLink>
				) : null
			case 'journal':
				return (
					<LocaleLink
						to={`/admin/moneyTransactions?journalId=${row.journalId}`}
						className="font-mono underline"
					>
						{row.journalId}
					</LocaleLink>
				)
			case 'description':
				return row.description
			default:
				return null
		}
	}
	return (
		<DataTablePage
			title={title}
			exportPath="/api/Admin/MoneyTransactions/Export"
			testId="admin-ledger"
			page={loaderData}
			rowKey={(row) => row.id}
			cell={cell}
			rowTestId="ledger-row"
		>
			{check.balanced ? null : (
				<div role="alert" className="mb-4 rounded-lg border border-danger p-4" data-testid="ledger-imbalance">
					<p className="font-semibold">
						{tm('ledger.imbalance', {
							debit: formatAmount(check.debit, locale),
							credit: formatAmount(check.credit, locale),
							difference: formatAmount(check.difference, locale),
						})}
					</p>
					{check.journals.length ? (
						<p className="mt-1">
							{tm('ledger.journals')}{' '}
							{check.journals.map((journal) => (
								<LocaleLink
									key={journal.journalId}
									to={`/admin/moneyTransactions?journalId=${journal.journalId}`}
									className="mr-2 font-mono underline"
								>
									{journal.journalId} ({formatAmount(journal.difference, locale)})
								</LocaleLink>
							))}
						</p>
					) : null}
				</div>
			)}
			{loaderData.oneAccount ? null : (
				<p className="mb-2 text-sm text-ink-muted">{tm('ledger.balanceHint')}</p>
			)}
		</DataTablePage>
	)
}
