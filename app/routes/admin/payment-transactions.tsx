import { useTranslation } from 'react-i18next'
import { data } from 'react-router'
import type { Route } from './+types/payment-transactions.ts'
import { loadAdminTablePage } from './admin-table.server.ts'
import { DataTablePage } from '#app/components/data-table.tsx'
import { LocaleLink } from '#app/components/locale-link.tsx'
import { listPayments, paymentTable, type PaymentItem } from '#app/models/admin/admin-ledger.server.ts'
import { formatAmount } from '#app/utils/format.ts'
import { formatDateTime } from '#app/utils/format-instant.ts'
import { pageTitle } from '#app/utils/page-title.ts'
import { useLocale } from '#app/hooks/use-root-data.ts'

/**
 * /admin/paymentTransactions (issue 14): every payment and refund — filters
 * provider, status, date range, order; each row opens its detail with the
 * provider's raw payload (secrets masked).
 */
export async function loader(args: Route.LoaderArgs) {
	const { page } = await loadAdminTablePage(args, paymentTable, listPayments)
	return data(page.data, { status: page.status })
}

export default function PaymentTransactionsPage({ loaderData }: Route.ComponentProps) {
	const { t } = useTranslation()
	const { t: tm } = useTranslation('adminMoney')
	const locale = useLocale()
	const title = pageTitle(t, 'admin/paymentTransactions')
	const cell = (key: string, row: PaymentItem): React.ReactNode => {
		switch (key) {
			case 'createdAt':
				return (
					<LocaleLink to={`/admin/paymentTransactions/${row.id}`} className="underline">
						{formatDateTime(row.createdAt, locale)}
					</LocaleLink>
				)
			case 'provider':
				return tm(`providers.${row.provider}`)
			case 'direction':
				return tm(`directions.${row.direction}`)
			case 'status':
				return tm(`paymentStatuses.${row.status}`)
			case 'amount':
				return <span className="tabular-nums">{formatAmount(row.amount, locale)}</span>
			case 'reference':
				return <span className="font-mono">{row.reference}</span>
			case 'order':
				return row.orderId ? (
					<LocaleLink to={`/admin/orders/${row.orderId}`} className="font-mono underline">
						{row.orderCode}
					</LocaleLink>
				) : null
			default:
				return null
		}
	}
	return (
		<DataTablePage
			title={title}
			exportPath="/api/Admin/PaymentTransactions/Export"
			testId="admin-payments"
			page={loaderData}
			rowKey={(row) => row.id}
			cell={cell}
			rowTestId="payment-row"
		/>
	)
}
