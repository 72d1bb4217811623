import type { VoucherScope } from '#db/schema/vouchers.ts'
import type { LooseT } from '#app/utils/loose-t.ts'

/**
 * "Platform (every playroom)" / "Host: Name" / "Playroom: Name" — how the back office and the
 * guest's vouchers name a voucher's scope (issue 33, ADR 0171), on the page and in the CSV alike.
 */
export function voucherScopeLabel(
	item: { scope: VoucherScope; playroomName: string | null; hostName: string | null },
	t: LooseT,
): string {
	if (item.scope === 'Playroom' && item.playroomName)
		return t('voucherOrders:scope.Playroom', { name: item.playroomName })
	if (item.scope === 'Host' && item.hostName) return t('voucherOrders:scope.Host', { name: item.hostName })
	return t('voucherOrders:scope.All')
}
