import { useTranslation } from 'react-i18next'
import { data, useActionData } from 'react-router'
import type { Route } from './+types/vouchers.ts'
import { loadAdminTablePage } from './admin-table.server.ts'
import { DataTablePage } from '#app/components/data-table.tsx'
import { LocaleLink } from '#app/components/locale-link.tsx'
import {
	CreatedCodeCard,
	DiscountCodeForm,
	useVoucherTexts,
} from '#app/components/vouchers/voucher-parts.tsx'
import { newTransferKey } from '#app/models/booking/payments.server.ts'
import {
	createPlatformDiscountCode,
	listAdminVouchers,
	voucherTable,
	type VoucherItem,
} from '#app/models/vouchers/voucher-offices.server.ts'
import { platformDiscountCodeSchema } from '#app/schemas/voucher-offices.ts'
import { requireRole } from '#app/utils/auth.server.ts'
import {
	createDiscountCodeAction,
	type CreatedCodeActionData,
} from '#app/routes/vouchers/voucher-detail.server.ts'
import { formatDate } from '#app/utils/format-instant.ts'
import { pageTitle } from '#app/utils/page-title.ts'
import { useLocale } from '#app/hooks/use-root-data.ts'

/**
 * /admin/vouchers (issue 33, ADR 0170): every voucher on the data table — filters kind, issuer,
 * status; search by the code's last four; CSV export (/api/Admin/Vouchers/Export) — and the
 * form for a platform discount code (shown once, like the host's).
 */
export async function loader(args: Route.LoaderArgs) {
	const { page } = await loadAdminTablePage(args, voucherTable, listAdminVouchers)
	return data({ ...page.data, idempotencyKey: newTransferKey() }, { status: page.status })
}

type ActionData = CreatedCodeActionData

export async function action(args: Route.ActionArgs) {
	const admin = await requireRole(args, 'Admin')
	return createDiscountCodeAction(args.request, platformDiscountCodeSchema, (value) =>
		createPlatformDiscountCode(admin, value, new Date()),
	)
}

export default function AdminVouchersPage({ loaderData }: Route.ComponentProps) {
	const { t } = useTranslation()
	const { t: tv } = useTranslation('voucherOffices')
	const texts = useVoucherTexts()
	const locale = useLocale()
	const title = pageTitle(t, 'admin/vouchers')
	const actionData = useActionData<ActionData>()
	const created = actionData?.created
	// A refused post opens the form again, with its summary and the input kept (JavaScript off too).
	const refused = actionData?.intent === 'create' && !created
	const cell = (key: string, row: VoucherItem): React.ReactNode => {
		switch (key) {
			case 'createdAt':
				return formatDate(row.createdAt, locale)
			case 'code':
				return (
					<LocaleLink to={`/admin/vouchers/${row.id}`} className="font-mono underline">
						{row.code}
					</LocaleLink>
				)
			case 'kind':
				return tv(`kinds.${row.kind}`)
			case 'issuer':
				return tv(`issuers.${row.issuer}`)
			case 'scope':
				return texts.scope(row)
			case 'value':
				return texts.value(row)
			case 'balance':
				return row.kind === 'Gift' ? <span className="tabular-nums">{texts.money(row.balance)}</span> : '–'
			case 'uses':
				return texts.uses(row)
			case 'status':
				return tv(`statuses.${row.status}`)
			case 'validUntil':
				return row.validUntil === null ? '–' : formatDate(row.validUntil, locale)
			default:
				return null
		}
	}
	return (
		<DataTablePage
			title={title}
			exportPath="/api/Admin/Vouchers/Export"
			testId="admin-vouchers"
			page={loaderData}
			rowKey={(row) => row.id}
			cell={cell}
			rowTestId="voucher-row"
		>
			{created ? <CreatedCodeCard code={created.code} masked={created.masked} /> : null}
			<details className="card mb-6 max-w-2xl" open={refused || undefined}>
				<summary className="cursor-pointer text-lg font-semibold">{tv('admin.createTitle')}</summary>
				<p className="my-3 text-sm text-ink-muted">{tv('admin.createIntro')}</p>
				<DiscountCodeForm playrooms={[]} idempotencyKey={loaderData.idempotencyKey} platform />
			</details>
		</DataTablePage>
	)
}
