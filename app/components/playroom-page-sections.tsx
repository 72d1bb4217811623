import { useTranslation } from 'react-i18next'
import { playroomPath, websiteRedirectPath } from '#app/utils/catalogue-urls.ts'
import { cachedFragment } from './cached-fragment.tsx'
import { FavouriteButton, type FavouriteButtonState } from './favourite-button.tsx'
import { SpriteIcon } from './icon.tsx'
import { LocaleLink } from './locale-link.tsx'
import { SharePanel } from './playroom-page-parts.tsx'
import { ResultsMap } from './results-map.tsx'

/**
 * The playroom page's sections that are the same HTML for the same props and
 * language, kept by the server (cached fragments, ADR 0148). The gallery is
 * not one: its first photo is preloaded in <head>.
 */
type Address = { street?: string | null; postalCode?: string | null; city: string }
const H2 = 'text-xl font-semibold'

function Crumbs({ crumbs }: { crumbs: readonly { path: string; name: string }[] }) {
	const { t } = useTranslation('catalogue')
	return (
		<nav aria-label={t('detail.breadcrumbs')}>
			<ol className="flex flex-wrap gap-1 text-sm text-ink-muted">
				{crumbs.map((crumb, i) => (
					<li key={crumb.path} className="flex gap-1">
						{i > 0 ? <span aria-hidden="true">›</span> : null}
						{i < crumbs.length - 1 ? (
							<LocaleLink to={crumb.path} className="hover:text-ink hover:underline">
								{crumb.name}
							</LocaleLink>
						) : (
							<span aria-current="page">{crumb.name}</span>
						)}
					</li>
				))}
			</ol>
		</nav>
	)
}

function Title({
	id,
	name,
	city,
	rating,
	facts,
	heart,
}: {
	id: string
	name: string
	city: string
	rating: { summary: string | null; count: string }
	facts: readonly string[]
	heart: FavouriteButtonState
}) {
	return (
		<header className="flex flex-wrap items-start justify-between gap-4">
			<div className="flex flex-col gap-2">
				<h1 className="text-3xl font-bold">{name}</h1>
				<p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-ink-muted">
					<span className="flex items-center gap-1">
						<SpriteIcon name="pin" className="h-4 w-4" />
						{city}
					</span>
					{rating.summary ? (
						<a href="#ratings" className="flex items-center gap-1 hover:underline">
							<SpriteIcon name="star" filled className="h-4 w-4 text-warning" />
							{`${rating.summary} · ${rating.count}`}
						</a>
					) : null}
				</p>
				<ul className="flex flex-wrap gap-2 text-sm">
					{facts.map((fact) => (
						<li key={fact} className="rounded-full bg-surface-raised px-3 py-1">
							{fact}
						</li>
					))}
				</ul>
			</div>
			<FavouriteButton playroomId={id} name={name} {...heart} />
		</header>
	)
}

function Location({
	id,
	name,
	address,
	lat,
	lng,
	playroomUrlPath,
	hasWebsite,
}: {
	id: string
	name: string
	address: Address
	lat: number
	lng: number
	playroomUrlPath: string
	hasWebsite: boolean
}) {
	const { t } = useTranslation('catalogue')
	return (
		<section aria-labelledby="location" className="flex flex-col gap-2">
			<h2 id="location" className={H2}>
				{t('detail.location')}
			</h2>
			<address className="not-italic">
				{address.street ? (
					<>
						{address.street}
						<br />
					</>
				) : null}
				{`${address.postalCode ?? ''} ${address.city}`.trim()}
			</address>
			<ResultsMap
				points={[{ id, name, lat, lng, path: playroomPath(playroomUrlPath), detail: address.city }]}
				title={name}
			/>
			{hasWebsite ? (
				<a
					href={websiteRedirectPath(playroomUrlPath)}
					className="link flex items-center gap-1 self-start"
					rel="nofollow noopener"
					target="_blank"
					data-testid="website-link"
				>
					{t('detail.website')}
					<SpriteIcon name="external" className="h-4 w-4" />
				</a>
			) : null}
		</section>
	)
}

function Share({
	shareUrl,
	name,
	playroomUrlPath,
	locale,
}: {
	shareUrl: string
	name: string
	playroomUrlPath: string
	locale: string
}) {
	const { t } = useTranslation('catalogue')
	return (
		<section aria-labelledby="share" className="flex flex-col gap-3">
			<h2 id="share" className={H2}>
				{t('detail.share')}
			</h2>
			<SharePanel url={shareUrl} name={name} />
			<details>
				<summary className="cursor-pointer text-sm font-medium">{t('detail.qr')}</summary>
				<img
					src={`/api/Public/Playrooms/GetQrCode?playroomUrlPath=${playroomUrlPath}&format=svg&size=192&lang=${locale}`}
					alt={t('detail.qrAlt', { name })}
					width={192}
					height={192}
					loading="lazy"
					className="mt-2 rounded bg-white p-2"
				/>
			</details>
		</section>
	)
}

/**
 * The phone's price-and-book bar (issue 31.14): fixed at the bottom below lg,
 * where the booking panel sits under the photos and texts; its button jumps to
 * the panel (#booking). A plain link, no JavaScript. The page ends above it
 * (app.css: the body's bottom padding while the bar is there); hidden from lg
 * up, where the panel is beside the photos.
 */
function BookBar({ priceFrom, instant }: { priceFrom: string | null; instant: boolean }) {
	const { t } = useTranslation('catalogue')
	return (
		<div
			className="fixed inset-x-0 bottom-0 z-20 border-t border-line bg-surface px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] shadow-lg lg:hidden"
			data-book-bar=""
			data-testid="book-bar"
		>
			<div className="mx-auto flex max-w-7xl items-center justify-between gap-3">
				<p className="font-semibold">{priceFrom}</p>
				<a href="#booking" className="btn-primary shrink-0">
					{instant ? t('detail.book') : t('detail.request')}
				</a>
			</div>
		</div>
	)
}

export const PlayroomCrumbs = cachedFragment('playroom-crumbs', Crumbs)
export const PlayroomTitle = cachedFragment('playroom-title', Title)
export const PlayroomLocation = cachedFragment('playroom-location', Location)
export const PlayroomShare = cachedFragment('playroom-share', Share)
export const PlayroomBookBar = cachedFragment('playroom-book-bar', BookBar)
