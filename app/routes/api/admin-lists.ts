import { ledgerTable, listLedger, listPayments, paymentTable } from '#app/models/admin/admin-ledger.server.ts'
import { listAdminPlayrooms, playroomTable } from '#app/models/admin/admin-playrooms.server.ts'
import { listAdminRatings, ratingTable } from '#app/models/admin/admin-ratings.server.ts'
import { executionTable, listTaskRuns } from '#app/models/admin/admin-tasks.server.ts'
import { listAdminVouchers, voucherTable } from '#app/models/vouchers/voucher-offices.server.ts'
import { invoiceTable, listAdminInvoices } from '#app/models/invoices/admin-invoices.server.ts'
import {
	exportPlatformTemplates,
	listPlatformTemplates,
	templateTextTable,
} from '#app/models/admin/admin-template-texts.server.ts'
import { listPayoutRuns, payoutRunTable } from '#app/models/money/payouts.server.ts'
import type { SessionUser } from '#app/models/accounts/session.server.ts'
import type { Locale } from '#app/utils/locale.ts'
import { AppError, type ApiHandlerArgs } from '#app/utils/api.server.ts'
import { apiEndpoints } from '#app/utils/api-endpoints.server.ts'
import { requireRole } from '#app/utils/auth.server.ts'
import { exportLocale, streamTableCsv } from '#app/utils/data-table-csv.server.ts'
import {
	parseTableQuery,
	type DataTable,
	type ListPage,
	type TableQuery,
} from '#app/utils/data-table.server.ts'
import {
	listAdminVoucherOrders,
	voucherOrderTable,
} from '#app/models/vouchers/admin-voucher-orders.server.ts'

/**
 * /api/Admin/{Playrooms,PlayroomRatings,MoneyTransactions,PaymentTransactions,BackgroundTaskExecutions,Vouchers,VoucherOrders,PayoutRuns,TemplateTexts}/
 * /api/Admin/{Playrooms,PlayroomRatings,MoneyTransactions,PaymentTransactions,BackgroundTaskExecutions,Vouchers,VoucherOrders,TemplateTexts,Invoices}/
 * {Index,Export} — the API and the CSV of the admin lists that have no other
 * endpoints, from the same data table definition as their pages
 * (docs/subsystems/data-table.md): Index answers `{items,totalCount,currentPage,perPage}`,
 * Export streams the CSV of every filtered row (in the language of `lang`, else the request's: ADR 0174). Admin only; a bad table state is the 400 envelope.
 */
type AdminList = {
	index: (admin: SessionUser, search: URLSearchParams) => unknown
	csv: (admin: SessionUser, search: URLSearchParams, args: ApiHandlerArgs) => Response
}

/** `exportRows`: the model's export where it scopes the rows (else every row of the table). */
function adminList<Row, Item>(
	table: DataTable<Row, Item>,
	list: (admin: SessionUser, query: TableQuery) => ListPage<Item>,
	exportRows?: (admin: SessionUser, query: TableQuery, locale: Locale) => Response,
): AdminList {
	return {
		index: (admin, search) => list(admin, parseTableQuery(table, search)),
		csv: (admin, search, args) => {
			const query = parseTableQuery(table, search)
			const locale = exportLocale(args.url, args.locale)
			return exportRows ? exportRows(admin, query, locale) : streamTableCsv(table, query, { locale })
		},
	}
}

/** Keyed by the path segment after /api/Admin/ (lower case), like the admin pages' paths. */
const LISTS: Record<string, AdminList> = {
	playrooms: adminList(playroomTable, listAdminPlayrooms),
	playroomratings: adminList(ratingTable, listAdminRatings),
	moneytransactions: adminList(ledgerTable, listLedger),
	paymenttransactions: adminList(paymentTable, listPayments),
	backgroundtaskexecutions: adminList(executionTable, listTaskRuns),
	vouchers: adminList(voucherTable, listAdminVouchers),
	voucherorders: adminList(voucherOrderTable, listAdminVoucherOrders),
	payoutruns: adminList(payoutRunTable, listPayoutRuns),
	invoices: adminList(invoiceTable, listAdminInvoices),
	templatetexts: adminList(templateTextTable, listPlatformTemplates, exportPlatformTemplates),
}

function listOf(url: URL): AdminList {
	const list = LISTS[(url.pathname.split('/')[3] ?? '').toLowerCase()]
	if (!list) throw new AppError(404, 'NotFound')
	return list
}

const endpoints = apiEndpoints({
	Index: {
		method: 'GET',
		handler: async (args) => {
			const admin = await requireRole(args, 'Admin')
			return listOf(args.url).index(admin, args.url.searchParams)
		},
	},
	Export: {
		method: 'GET',
		handler: async (args) => {
			const admin = await requireRole(args, 'Admin')
			return listOf(args.url).csv(admin, args.url.searchParams, args)
		},
	},
})

export const loader = endpoints.loader
export const action = endpoints.action
