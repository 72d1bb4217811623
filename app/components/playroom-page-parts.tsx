import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation, useNavigate } from 'react-router'
import type { PhotoView } from '#app/models/catalogue/playroom-cards.server.ts'
import { withQuery } from '#app/utils/catalogue-urls.ts'
import { swipeDirection } from '#app/utils/swipe.ts'
import { SpriteIcon } from './icon.tsx'
import { PathLink } from './locale-link.tsx'

/**
 * The interactive parts of the playroom page: the photo gallery (keyboard and
 * swipe; without JavaScript the arrows and thumbnails are links ?photo=n),
 * sharing, and the link handling of the server-rendered sections.
 */
export function PhotoGallery({
	photos,
	initial,
	name,
}: {
	photos: readonly PhotoView[]
	initial: number
	name: string
}) {
	const { t } = useTranslation('catalogue')
	const location = useLocation()
	const [index, setIndex] = useState(Math.min(Math.max(initial - 1, 0), Math.max(photos.length - 1, 0)))
	const touch = useRef<{ x: number; y: number; at: number } | null>(null)
	const count = photos.length
	const photo = photos[index]
	if (!photo) return null
	const at = (i: number) => (i + count) % count
	// Absolute, as React Router resolves the relative `?photo=n#gallery`: PathLink then writes the
	// markup directly on the server (ADR 0120) instead of running <Link>'s hooks for every thumbnail.
	const href = (i: number) => `${location.pathname}${withQuery(location.search, { photo: i + 1 })}#gallery`
	const show = (i: number) => (event: React.MouseEvent) => {
		event.preventDefault()
		setIndex(at(i))
	}
	const arrow = (i: number, label: string, icon: string, side: string) => (
		<PathLink
			to={href(at(i))}
			onClick={show(i)}
			preventScrollReset
			replace
			aria-label={label}
			className={`absolute top-1/2 ${side} -translate-y-1/2 rounded-full bg-surface/90 p-2 text-ink shadow`}
		>
			<SpriteIcon name={icon} />
		</PathLink>
	)
	return (
		<section
			id="gallery"
			aria-label={t('detail.gallery', { name })}
			className="flex flex-col gap-2"
			onKeyDown={(event) => {
				if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
					event.preventDefault()
					setIndex(at(index + (event.key === 'ArrowRight' ? 1 : -1)))
				}
			}}
			onTouchStart={(event) => {
				const point = event.touches[0]
				touch.current = point ? { x: point.clientX, y: point.clientY, at: event.timeStamp } : null
			}}
			onTouchEnd={(event) => {
				const start = touch.current
				const point = event.changedTouches[0]
				if (!start || !point) return
				const direction = swipeDirection(
					point.clientX - start.x,
					point.clientY - start.y,
					event.timeStamp - start.at,
				)
				if (direction) setIndex(at(index + direction))
			}}
		>
			<figure className="relative overflow-hidden rounded-xl bg-surface-sunken">
				<img
					src={photo.url}
					srcSet={photo.srcset}
					sizes="(min-width: 1024px) 60vw, 100vw"
					width={photo.width}
					height={photo.height}
					alt={photo.alt}
					className="aspect-[4/3] w-full object-cover"
					// The page's largest paint (LCP): fetched before the other images.
					fetchPriority="high"
					data-testid="gallery-photo"
				/>
				<figcaption
					className="absolute bottom-2 left-2 rounded bg-surface/90 px-2 py-1 text-sm"
					aria-live="polite"
				>
					{t('detail.photo', { index: index + 1, count })}
				</figcaption>
				{count > 1 ? (
					<>
						{arrow(index - 1, t('detail.previousPhoto'), 'chevron-left', 'left-2')}
						{arrow(index + 1, t('detail.nextPhoto'), 'chevron-right', 'right-2')}
					</>
				) : null}
			</figure>
			{count > 1 ? (
				<ul className="flex gap-2 overflow-x-auto pb-1">
					{photos.map((p, i) => (
						<li key={p.id} className="shrink-0">
							<PathLink
								to={href(i)}
								onClick={show(i)}
								preventScrollReset
								replace
								aria-label={t('detail.showPhoto', { index: i + 1 })}
								aria-current={i === index ? 'true' : undefined}
								className={`block overflow-hidden rounded-lg border-2 ${i === index ? 'border-accent' : 'border-transparent'}`}
							>
								<img
									src={p.srcset.split(' ')[0]}
									alt=""
									width={96}
									height={72}
									loading="lazy"
									className="h-[72px] w-24 object-cover"
								/>
							</PathLink>
						</li>
					))}
				</ul>
			) : null}
		</section>
	)
}

/** Share: the native share sheet or copying the link with JavaScript; an e-mail link and the URL without. */
export function SharePanel({ url, name }: { url: string; name: string }) {
	const { t } = useTranslation('catalogue')
	const [copied, setCopied] = useState(false)
	return (
		<div className="flex flex-col gap-2">
			<div className="flex flex-wrap gap-2">
				<button
					type="button"
					className="btn-secondary"
					onClick={() => {
						if (typeof navigator.share === 'function')
							void navigator.share({ title: name, url }).catch(() => {})
						else void navigator.clipboard?.writeText(url).then(() => setCopied(true))
					}}
				>
					<SpriteIcon name="share" className="h-4 w-4" />
					{copied ? t('detail.copied') : t('detail.share')}
				</button>
				<a
					className="btn-secondary"
					href={`mailto:?subject=${encodeURIComponent(t('detail.shareSubject', { name }))}&body=${encodeURIComponent(url)}`}
				>
					{t('detail.shareByMail')}
				</a>
			</div>
			<label className="flex flex-col gap-1 text-sm font-medium">
				{t('detail.pageLink')}
				<input
					readOnly
					value={url}
					className="rounded-lg border border-line bg-surface px-3 py-2 font-normal"
					onFocus={(e) => e.currentTarget.select()}
				/>
			</label>
		</div>
	)
}

/**
 * Click handler for a server-rendered HTML section (playroom-sections.server.tsx):
 * its same-origin links become client-side navigations that keep the scroll
 * position, like <Link preventScrollReset>. Without JavaScript they are plain links.
 */
export function useSectionLinks() {
	const navigate = useNavigate()
	return (event: React.MouseEvent) => {
		if (
			event.defaultPrevented ||
			event.button !== 0 ||
			event.metaKey ||
			event.ctrlKey ||
			event.shiftKey ||
			event.altKey
		)
			return
		const anchor = (event.target as Element).closest('a')
		if (!anchor || anchor.target || anchor.origin !== window.location.origin) return
		event.preventDefault()
		void navigate(`${anchor.pathname}${anchor.search}${anchor.hash}`, { preventScrollReset: true })
	}
}
