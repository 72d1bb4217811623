import { useTranslation } from 'react-i18next'
import { data } from 'react-router'
import type { Route } from './+types/invoices.ts'
import { loadAdminTablePage } from './admin-table.server.ts'
import { DataTablePage } from '#app/components/data-table.tsx'
import { LocaleLink } from '#app/components/locale-link.tsx'
import { formatInvoiceDate } from '#app/domain/invoices.ts'
import { useLocale } from '#app/hooks/use-root-data.ts'
import {
	invoiceTable,
	listAdminInvoices,
	type AdminInvoiceItem,
} from '#app/models/invoices/admin-invoices.server.ts'
import { formatAmount } from '#app/utils/format.ts'
import { formatDate } from '#app/utils/format-instant.ts'
import { pageTitle } from '#app/utils/page-title.ts'

/**
 * /admin/invoices (issue 34, ADR 0178): every commission invoice and Storno on the data table — filter
 * status (Open, Netted, Paid, Cancelled, and `overdue`: open past the due date; `?status=overdue`) and
 * kind, search by number or host, CSV (/api/Admin/Invoices/Export). Each number opens the detail page.
 */
export async function loader(args: Route.LoaderArgs) {
	const { page } = await loadAdminTablePage(args, invoiceTable, listAdminInvoices)
	return data(page.data, { status: page.status })
}

export default function AdminInvoicesPage({ loaderData }: Route.ComponentProps) {
	const { t } = useTranslation()
	const { t: ti } = useTranslation('invoices')
	const locale = useLocale()
	const title = pageTitle(t, 'admin/invoices')
	const cell = (key: string, row: AdminInvoiceItem): React.ReactNode => {
		switch (key) {
			case 'number':
				return (
					<LocaleLink to={`/admin/invoices/${row.id}`} className="font-mono underline">
						{row.number}
					</LocaleLink>
				)
			case 'kind':
				return ti(`kinds.${row.kind}`)
			case 'host':
				return (
					<LocaleLink to={`/admin/hosts/${row.hostId}`} className="underline">
						{row.hostName ?? '–'}
					</LocaleLink>
				)
			case 'period':
				return `${formatInvoiceDate(row.periodStart, locale)} – ${formatInvoiceDate(row.periodEnd, locale)}`
			case 'issuedAt':
				return formatDate(row.issuedAt, locale)
			case 'dueDate':
				return row.dueDate ? formatInvoiceDate(row.dueDate, locale) : '–'
			case 'net':
				return <span className="tabular-nums">{formatAmount(row.netAmount, locale)}</span>
			case 'vat':
				return <span className="tabular-nums">{formatAmount(row.vatAmount, locale)}</span>
			case 'gross':
				return <span className="tabular-nums">{formatAmount(row.grossAmount, locale)}</span>
			case 'status':
				return ti(`statuses.${row.status}`)
			default:
				return null
		}
	}
	return (
		<DataTablePage
			title={title}
			exportPath="/api/Admin/Invoices/Export"
			testId="admin-invoices"
			page={loaderData}
			rowKey={(row) => row.id}
			cell={cell}
			rowTestId="invoice-row"
		/>
	)
}
