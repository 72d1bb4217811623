import { useTranslation } from 'react-i18next'
import { data } from 'react-router'
import type { Route } from './+types/voucher-orders.ts'
import { loadAdminTablePage } from './admin-table.server.ts'
import { DataTablePage } from '#app/components/data-table.tsx'
import { LocaleLink } from '#app/components/locale-link.tsx'
import { voucherScopeLabel } from '#app/domain/voucher-order-scope.ts'
import {
	listAdminVoucherOrders,
	voucherOrderTable,
	type AdminVoucherOrderItem,
} from '#app/models/vouchers/admin-voucher-orders.server.ts'
import { formatAmount } from '#app/utils/format.ts'
import { formatDateTime } from '#app/utils/format-instant.ts'
import { looseT } from '#app/utils/loose-t.ts'
import { pageTitle } from '#app/utils/page-title.ts'
import { useLocale } from '#app/hooks/use-root-data.ts'

/**
 * /admin/voucherOrders (issue 33, ADR 0171): every gift voucher order on the data table — filter
 * by status, payment method and date, search by GV reference or buyer e-mail, CSV export (the
 * same definition as /api/Admin/VoucherOrders/Index and Export). Each row opens its detail.
 */
export async function loader(args: Route.LoaderArgs) {
	const { page } = await loadAdminTablePage(args, voucherOrderTable, listAdminVoucherOrders)
	return data(page.data, { status: page.status })
}

export default function AdminVoucherOrdersPage({ loaderData }: Route.ComponentProps) {
	const { t } = useTranslation()
	const { t: tv } = useTranslation('voucherOrders')
	const locale = useLocale()
	const title = pageTitle(t, 'admin/voucherOrders')
	const cell = (key: string, row: AdminVoucherOrderItem): React.ReactNode => {
		switch (key) {
			case 'code':
				return (
					<LocaleLink to={`/admin/voucherOrders/${row.id}`} className="font-mono font-medium underline">
						{row.code}
					</LocaleLink>
				)
			case 'buyerEmail':
				return <span className="break-all">{row.buyerEmail}</span>
			case 'amount':
				return <span className="tabular-nums">{formatAmount(row.amount, locale)}</span>
			case 'scope':
				return voucherScopeLabel(row, looseT(t))
			case 'status':
				return <span className="badge">{tv(`statuses.${row.status}`)}</span>
			case 'paymentMethod':
				return tv(`paymentMethods.${row.paymentMethod}`)
			case 'createdAt':
				return formatDateTime(row.createdAt, locale)
			case 'paidAt':
				return row.paidAt === null ? '–' : formatDateTime(row.paidAt, locale)
			default:
				return null
		}
	}
	return (
		<DataTablePage
			title={title}
			exportPath="/api/Admin/VoucherOrders/Export"
			testId="admin-voucher-orders"
			page={loaderData}
			rowKey={(row) => row.id}
			cell={cell}
			rowTestId="voucher-order-row"
		/>
	)
}
