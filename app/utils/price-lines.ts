import type { OrderPriceLine, OrderTax } from '#db/schema/orders.ts'
// Not from the price engine: this module is in the browser bundle of every order page.
import { VAT_RATE_PERCENT, type TaxStatus } from '#db/schema/order-enums.ts'
import { formatAmount, formatNumber } from './format.ts'
import type { Locale } from './locale.ts'
import type { LooseT } from './loose-t.ts'

/**
 * The text of a price breakdown line (the price engine's PriceLine or an
 * order's frozen copy) — the same on the checkout, the confirmation, the
 * order pages and in e-mails. Labels live in catalogue:priceLines.*, counts
 * with their unit in catalogue:quantities.* (i18next plural forms, so
 * "1 Stunde", "2 Stunden", "1,5 Stunden"). Every factor is shown: a per-hour
 * extra reads "1 × 25,00 € × 2 Stunden".
 */
export function quantityText(unit: string, count: number, t: LooseT, locale: Locale): string {
	return t(`catalogue:quantities.${unit}`, { count, value: formatNumber(count, locale) })
}

function extraHours(line: OrderPriceLine): number {
	if (line.hours !== undefined) return line.hours
	const perHour = line.unitPrice * line.quantity
	return perHour > 0 ? Math.round((line.amount / perHour) * 100) / 100 : 0
}

/**
 * What a price says about tax, under its total (ADR 0150) — the one text of the
 * price breakdowns, the host editor's example and the e-mails: the VAT contained
 * with its amount ("darin enthalten 19 % MwSt." · 22,67 €), or for a small
 * business under § 19 UStG the customary note and no amount at all.
 */
export function describeTax(
	price: OrderTax,
	t: LooseT,
	locale: Locale,
): { label: string; amount: string | null } {
	if (price.taxStatus === 'SmallBusiness')
		return { label: t('catalogue:priceLines.smallBusiness'), amount: null }
	return {
		label: t('catalogue:priceLines.vatContained', { rate: price.vatRatePercent }),
		amount: formatAmount(price.vatAmount, locale),
	}
}

/** The tax note of a price list without a total (the playroom page's prices): VAT included, or § 19 UStG. */
export function taxNote(taxStatus: TaxStatus, t: LooseT): string {
	return taxStatus === 'SmallBusiness'
		? t('catalogue:priceLines.smallBusiness')
		: t('catalogue:priceLines.pricesWithVat', { rate: VAT_RATE_PERCENT })
}

export function describePriceLine(
	line: OrderPriceLine,
	t: LooseT,
	locale: Locale,
): { label: string; detail: string | null } {
	const price = formatAmount(line.unitPrice, locale)
	const count = (unit: string, value: number) => quantityText(unit, value, t, locale)
	switch (line.kind) {
		case 'base': {
			const label = t(
				line.part === 'weekend' ? 'catalogue:priceLines.baseWeekend' : 'catalogue:priceLines.baseWeekday',
			)
			return { label, detail: `${count(line.unit ?? 'booking', line.quantity)} × ${price}` }
		}
		case 'extraGuests':
			return {
				label: t('catalogue:priceLines.extraGuests'),
				detail: `${count('guest', line.quantity)} × ${price}`,
			}
		case 'cleaning':
			return { label: t('catalogue:priceLines.cleaning'), detail: null }
		case 'extra': {
			const label =
				(locale === 'en' ? line.labelEn || line.labelDe : line.labelDe || line.labelEn) ?? line.label ?? ''
			const detail =
				line.unit === 'hour'
					? `${line.quantity} × ${price} × ${count('hour', extraHours(line))}`
					: line.unit === 'guest'
						? `${count('guest', line.quantity)} × ${price}`
						: line.quantity > 1
							? `${line.quantity} × ${price}`
							: null
			return { label, detail }
		}
		case 'lastMinuteDiscount':
			return { label: t('catalogue:priceLines.lastMinuteDiscount'), detail: null }
		case 'voucher':
			return { label: t('catalogue:priceLines.voucher', { code: line.code ?? '' }), detail: null }
		default:
			return { label: line.label ?? line.kind, detail: null }
	}
}
