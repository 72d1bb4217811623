import type { OrderPriceLine } from '#db/schema/orders.ts'
import { formatHours, formatAmount } from './format.ts'
import type { Locale } from './locale.ts'
import type { LooseT } from './loose-t.ts'

/**
 * The text of a price breakdown line (the price engine's PriceLine or an
 * order's frozen copy) — the same on the checkout, the confirmation, the
 * order pages and in e-mails. Labels live in catalogue:priceLines.*.
 */
export function describePriceLine(
	line: OrderPriceLine,
	t: LooseT,
	locale: Locale,
): { label: string; detail: string | null } {
	const unitName = line.unit ? t(`catalogue:units.${line.unit}`) : ''
	const times = (quantity: string) => `${quantity} × ${formatAmount(line.unitPrice, locale)}`
	switch (line.kind) {
		case 'base': {
			const label = t(
				line.part === 'weekend' ? 'catalogue:priceLines.baseWeekend' : 'catalogue:priceLines.baseWeekday',
			)
			const quantity =
				line.unit === 'hour'
					? `${formatHours(line.quantity * 60, locale)} ${unitName}`
					: `${line.quantity} ${unitName}`
			return { label, detail: times(quantity) }
		}
		case 'extraGuests':
			return { label: t('catalogue:priceLines.extraGuests'), detail: times(String(line.quantity)) }
		case 'cleaning':
			return { label: t('catalogue:priceLines.cleaning'), detail: null }
		case 'extra': {
			const label =
				(locale === 'en' ? line.labelEn || line.labelDe : line.labelDe || line.labelEn) ?? line.label ?? ''
			return {
				label,
				detail: line.quantity > 1 || line.unit === 'hour' ? times(String(line.quantity)) : null,
			}
		}
		case 'lastMinuteDiscount':
			return { label: t('catalogue:priceLines.lastMinuteDiscount'), detail: null }
		case 'voucher':
			return { label: t('catalogue:priceLines.voucher', { code: line.code ?? '' }), detail: null }
		default:
			return { label: line.label ?? line.kind, detail: null }
	}
}
