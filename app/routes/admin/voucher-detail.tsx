import { useTranslation } from 'react-i18next'
import type { Route } from './+types/voucher-detail.ts'
import { DetailSection } from '#app/components/detail-frame.tsx'
import { AdjustVoucherForm, VoucherDetail } from '#app/components/vouchers/voucher-parts.tsx'
import { newTransferKey } from '#app/models/booking/payments.server.ts'
import { getVoucherDetail } from '#app/models/vouchers/voucher-offices.server.ts'
import { requireRole } from '#app/utils/auth.server.ts'
import { requireOwnedParams } from '#app/utils/ownership.server.ts'
import { voucherDetailAction } from '../vouchers/voucher-detail.server.ts'

/**
 * /admin/vouchers/:voucherId (issue 33, ADR 0170): any voucher — facts, the transaction table
 * (the host page's), cancel with a reason, and a gift voucher's balance correction (± with a
 * reason and the form's idempotency key).
 */
export async function loader(args: Route.LoaderArgs) {
	const admin = await requireRole(args, 'Admin')
	requireOwnedParams(args.params, admin)
	return { ...getVoucherDetail(admin, args.params.voucherId), idempotencyKey: newTransferKey() }
}

export async function action(args: Route.ActionArgs) {
	const admin = await requireRole(args, 'Admin')
	requireOwnedParams(args.params, admin)
	return voucherDetailAction(args, admin, args.params.voucherId, 'admin')
}

export default function AdminVoucherPage({ loaderData }: Route.ComponentProps) {
	const { t } = useTranslation('voucherOffices')
	return (
		<VoucherDetail
			area="admin"
			{...loaderData}
			extra={
				loaderData.mayAdjust ? (
					<DetailSection id="voucher-adjust" title={t('detail.adjustTitle')}>
						<AdjustVoucherForm idempotencyKey={loaderData.idempotencyKey} />
					</DetailSection>
				) : null
			}
		/>
	)
}
