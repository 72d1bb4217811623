import { useCallback, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { CheckoutView } from '#app/models/booking/checkout.server.ts'
import { ApiClientError, useApi } from '#app/utils/api-client.ts'
import { formatStay } from '#app/utils/format-instant.ts'
import { useLocale } from '#app/hooks/use-root-data.ts'
import { GiftVoucherPayment, PriceBreakdown, type PriceView } from '#app/components/booking-ui.tsx'

/** The checkout's side panel: the playroom, the chosen slot and guests, and the price (live on the guests step). */
export function Summary({ view, livePrice }: { view: CheckoutView; livePrice: LivePrice }) {
	const { t } = useTranslation('booking')
	const { t: tc } = useTranslation('catalogue')
	const locale = useLocale()
	const { summary, slot, state } = view
	const price = livePrice.price ?? view.price
	return (
		<aside className="card h-fit" aria-labelledby="checkout-summary" data-testid="checkout-summary">
			<h2 id="checkout-summary" className="mb-3 text-lg font-semibold">
				{t('checkout.summary.title')}
			</h2>
			{summary.image ? (
				<img
					src={summary.image.url}
					srcSet={summary.image.srcset}
					sizes="320px"
					width={summary.image.width}
					height={summary.image.height}
					alt={summary.image.alt}
					className="mb-3 aspect-[4/3] w-full rounded-lg object-cover"
				/>
			) : null}
			<p className="font-semibold">{summary.name}</p>
			<p className="mb-2 text-sm text-ink-muted">
				{summary.city} ·{' '}
				{summary.instantBooking ? t('checkout.summary.instant') : t('checkout.summary.request')}
			</p>
			<p className="text-sm" data-testid="summary-slot">
				{view.bookingType ? `${tc(`bookingTypes.${view.bookingType}`)}: ` : ''}
				{slot ? formatStay(slot.start, slot.end, locale) : t('checkout.summary.noSlot')}
			</p>
			{state.adults !== null ? (
				<p className="text-sm">
					{t('checkout.review.guestsValue', { adults: state.adults, children: state.children })}
				</p>
			) : null}
			<h3 className="mt-4 mb-1 font-semibold">{t('checkout.summary.priceTitle')}</h3>
			<div aria-live="polite">
				{livePrice.pending ? (
					<p className="text-xs text-ink-muted">{t('checkout.summary.updating')}</p>
				) : null}
				{livePrice.error ? <p className="text-sm text-danger">{livePrice.error}</p> : null}
				{price ? (
					<>
						<PriceBreakdown price={price} />
						{!livePrice.price ? <GiftVoucherLines view={view} /> : null}
					</>
				) : (
					<p className="text-sm">
						{slot ? t('checkout.summary.priceAfterGuests') : t('checkout.summary.priceAfterSlot')}
					</p>
				)}
			</div>
		</aside>
	)
}

/** The checkout's gift voucher (ADR 0167): what it pays and what is left to pay. */
export function GiftVoucherLines({ view }: { view: CheckoutView }) {
	if (view.voucher?.kind !== 'Gift' || view.amountDue === null) return null
	return (
		<GiftVoucherPayment code={view.voucher.code} amount={view.voucher.amount} amountLeft={view.amountDue} />
	)
}

export type LivePrice = { price: PriceView | null; pending: boolean; error: string | null }

/** GetPrice for the guests step, debounced; stale answers are dropped. */
export function useLivePrice(view: CheckoutView) {
	const api = useApi()
	const [live, setLive] = useState<LivePrice>({ price: null, pending: false, error: null })
	const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
	const sequence = useRef(0)
	const request = useCallback(
		(guests: number, extras: { additionId: string; quantity: number }[]) => {
			if (!view.slot || !view.bookingType) return
			clearTimeout(timer.current)
			const id = ++sequence.current
			setLive((previous) => ({ ...previous, pending: true }))
			timer.current = setTimeout(() => {
				const query = new URLSearchParams({
					playroomId: view.summary.playroomId,
					bookingType: view.bookingType ?? 'Hourly',
					checkIn: new Date(view.slot?.start ?? 0).toISOString(),
					checkOut: new Date(view.slot?.end ?? 0).toISOString(),
					guests: String(guests),
				})
				if (extras.length) query.set('extras', extras.map((e) => `${e.additionId}:${e.quantity}`).join(','))
				api<PriceView>(`/api/Public/Playrooms/GetPrice?${query.toString()}`)
					.then((price) => {
						if (id === sequence.current) setLive({ price, pending: false, error: null })
					})
					.catch((error: unknown) => {
						if (id !== sequence.current) return
						const fields = error instanceof ApiClientError ? Object.values(error.fields ?? {}).flat() : []
						const message = fields[0] ?? (error instanceof Error ? error.message : null)
						setLive({ price: null, pending: false, error: message })
					})
			}, 250)
		},
		[api, view.slot, view.bookingType, view.summary.playroomId],
	)
	useEffect(() => () => clearTimeout(timer.current), [])
	return { live, request }
}
