import type { Route } from './+types/voucher-detail.ts'
import { VoucherDetail } from '#app/components/vouchers/voucher-parts.tsx'
import { getVoucherDetail } from '#app/models/vouchers/voucher-offices.server.ts'
import { requireRole } from '#app/utils/auth.server.ts'
import { requireOwnedParams } from '#app/utils/ownership.server.ts'
import { voucherDetailAction } from '../vouchers/voucher-detail.server.ts'

/**
 * /host/vouchers/:voucherId (issue 33, ADR 0170): one of the host's discount codes or a gift
 * voucher sold for them — facts and transactions; the host cancels their own discount code with
 * a reason. Another host's voucher and an unknown id are a 404.
 */
export async function loader(args: Route.LoaderArgs) {
	const host = await requireRole(args, 'Owner')
	requireOwnedParams(args.params, host)
	return getVoucherDetail(host, args.params.voucherId)
}

export async function action(args: Route.ActionArgs) {
	const host = await requireRole(args, 'Owner')
	requireOwnedParams(args.params, host)
	return voucherDetailAction(args, host, args.params.voucherId, 'host')
}

export default function HostVoucherPage({ loaderData }: Route.ComponentProps) {
	return <VoucherDetail area="host" {...loaderData} />
}
