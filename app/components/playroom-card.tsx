import { useTranslation } from 'react-i18next'
import type { CardView as Card } from '#app/models/catalogue/playroom-cards.server.ts'
import { playroomPath } from '#app/utils/catalogue-urls.ts'
import { formatMoney, formatNumber, formatRating } from '#app/utils/format.ts'
import { localizePath } from '#app/utils/locale.ts'
import { useLocale } from '#app/hooks/use-root-data.ts'
import { cachedFragment } from './cached-fragment.tsx'
import { FavouriteButton, useFavouriteButtonState, type FavouriteButtonState } from './favourite-button.tsx'
import { SpriteIcon } from './icon.tsx'
import { PathLink } from './locale-link.tsx'
import type { MapPoint } from './results-map.tsx'

/**
 * A playroom in a list: photo, name (the link), place, rating, price, heart.
 * The price is "from X / hour", or after a search with guests the price
 * engine's total of the shortest stay for them ("from 115 € for 10 guests · 2 hours").
 * `query` carries a search's date, guests and booking type to the playroom
 * page, which then shows that day's start times.
 */
type CardProps = { card: Card; priority?: boolean; query?: string }

/** The same card with the same props and language is the same HTML: the server keeps it. */
const CachedCard = cachedFragment('playroom-card', CardContent)

export function PlayroomCard(props: CardProps) {
	const heart = useFavouriteButtonState(props.card.id)
	// A priority card's eager photo is preloaded in <head>, which a kept copy would not do (ADR 0123).
	const Render = props.priority ? CardContent : CachedCard
	return (
		<Render card={props.card} priority={props.priority ?? false} query={props.query ?? ''} heart={heart} />
	)
}

function CardContent({
	card,
	priority,
	query,
	heart,
}: {
	card: Card
	priority: boolean
	query: string
	heart: FavouriteButtonState
}) {
	const { t } = useTranslation('catalogue')
	const locale = useLocale()
	const { rating, priceFrom, image } = card
	return (
		<article
			className="card relative flex flex-col overflow-hidden p-0"
			data-testid="playroom-card"
			data-playroom-id={card.id}
		>
			{image ? (
				<img
					src={image.url}
					srcSet={image.srcset}
					sizes="(min-width: 1024px) 25vw, (min-width: 640px) 50vw, 100vw"
					width={image.width}
					height={image.height}
					alt={image.alt}
					loading={priority ? 'eager' : 'lazy'}
					// The first cards' images are the search page's LCP element on a phone (Lighthouse, issue 11).
					fetchPriority={priority ? 'high' : undefined}
					className="aspect-[4/3] w-full bg-surface-sunken object-cover"
				/>
			) : (
				<div className="aspect-[4/3] w-full bg-surface-sunken" />
			)}
			<div className="flex flex-1 flex-col gap-1 p-4">
				<h3 className="text-lg leading-snug font-semibold">
					<PathLink
						to={`${localizePath(playroomPath(card.playroomUrlPath), locale)}${query}`}
						className="after:absolute after:inset-0 hover:underline"
					>
						{card.name}
					</PathLink>
				</h3>
				<p className="flex items-center gap-1 text-sm text-ink-muted">
					<SpriteIcon name="pin" className="h-4 w-4" />
					{card.city}
					{card.distanceKm !== undefined
						? ` · ${t('card.distance', { km: formatNumber(card.distanceKm, locale) })}`
						: ''}
					{card.placeType === 'Mobile' ? ` · ${t('card.mobile')}` : ''}
				</p>
				<p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
					{rating.average !== null && rating.count > 0 ? (
						<span className="flex items-center gap-1">
							<span className="sr-only">
								{t('card.ratingLabel', {
									average: formatRating(rating.average, locale),
									count: rating.count,
								})}
							</span>
							<SpriteIcon name="star" filled className="h-4 w-4 text-warning" />
							<span aria-hidden="true">{`${formatRating(rating.average, locale)} (${rating.count})`}</span>
						</span>
					) : (
						<span className="text-ink-muted">{t('card.noRating')}</span>
					)}
					<span className="flex items-center gap-1">
						<SpriteIcon name="users" className="h-4 w-4" />
						{t('card.guests', { count: card.maxGuests })}
					</span>
					{card.instantBooking ? (
						<span className="flex items-center gap-1 text-success">
							<SpriteIcon name="bolt" className="h-4 w-4" />
							{t('card.instant')}
						</span>
					) : null}
					{card.safetyChecked ? (
						<span className="flex items-center gap-1 text-success" data-testid="safety-badge">
							<SpriteIcon name="check" className="h-4 w-4" />
							{t('card.safetyChecked')}
						</span>
					) : null}
				</p>
				{priceFrom ? (
					<p className="mt-auto pt-2 font-semibold" data-testid="card-price">
						{priceFrom.stay
							? t('card.forGuests', {
									price: formatMoney(priceFrom.amount, locale),
									count: priceFrom.stay.guests,
									stay: t(`quantities.${priceFrom.unit}`, {
										count: priceFrom.stay.quantity,
										value: formatNumber(priceFrom.stay.quantity, locale),
									}),
								})
							: t('card.from', {
									price: formatMoney(priceFrom.amount, locale),
									unit: t(`units.${priceFrom.unit}`),
								})}
					</p>
				) : null}
			</div>
			<FavouriteButton
				playroomId={card.id}
				name={card.name}
				{...heart}
				className="absolute top-2 right-2 z-10"
			/>
		</article>
	)
}

/**
 * A grid of cards. The first `eagerCount` photos load at once and first (a results page's first
 * screen); a grid below the fold (the playroom page's nearby rooms) passes 0, so its photos do
 * not compete with the page's own largest image.
 */
export function CardGrid({
	cards,
	label,
	query,
	eagerCount = 2,
}: {
	cards: readonly Card[]
	label?: string
	query?: string
	eagerCount?: number
}) {
	return (
		<ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-label={label}>
			{cards.map((card, index) => (
				<li key={card.id} className="flex *:w-full">
					<PlayroomCard card={card} priority={index < eagerCount} query={query} />
				</li>
			))}
		</ul>
	)
}

/** Cards as map markers. */
export function cardPoints(cards: readonly Card[]): MapPoint[] {
	return cards.map((c) => ({
		id: c.id,
		name: c.name,
		lat: c.lat,
		lng: c.lng,
		path: playroomPath(c.playroomUrlPath),
		detail: c.city,
	}))
}
