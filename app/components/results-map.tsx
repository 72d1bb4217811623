import { lazy } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useLocalizePath } from '#app/hooks/use-root-data.ts'
import { useMapIsland } from './map-island.tsx'
import { SpriteIcon } from './icon.tsx'

/**
 * A map of playrooms (docs/decisions/0031-consent.md, §Maps). The page renders
 * a static placeholder listing the places (server, no JavaScript, no
 * MAP_STYLE_URL). With MAP_STYLE_URL, after hydration, the small island
 * map-island.client.tsx (loaded by useMapIsland) takes over: it offers a
 * button to allow the map, and only with functional consent imports
 * react-map-gl + MapLibre (~270 KiB gzipped) — so no page ships the map or the
 * consent store up front.
 */
export type MapPoint = { id: string; name: string; lat: number; lng: number; path: string; detail: string }

const LazyMap = lazy(() => import('./results-map.client.tsx'))

export function ResultsMap({ points, title }: { points: readonly MapPoint[]; title: string }) {
	const { t } = useTranslation('catalogue')
	const localize = useLocalizePath()
	const { styleUrl, Island } = useMapIsland(points.length > 0)
	const places = points.length ? (
		<ul className="grid gap-1 text-sm sm:grid-cols-2" aria-label={t('map.places')}>
			{points.map((p) => (
				<li key={p.id} className="flex items-start gap-1">
					<SpriteIcon name="pin" className="mt-0.5 h-4 w-4 shrink-0" />
					<span>
						<Link to={localize(p.path)} className="link">
							{p.name}
						</Link>{' '}
						<span className="text-ink-muted">{p.detail}</span>
					</span>
				</li>
			))}
		</ul>
	) : null
	const placeholder = (note: string, action: React.ReactNode = null) => (
		<div
			className="flex flex-col gap-3 rounded-xl border border-dashed border-line bg-surface-sunken p-4"
			data-testid="map-placeholder"
		>
			<p className="flex items-center gap-2 text-sm text-ink-muted">
				<SpriteIcon name="map" />
				{note}
			</p>
			{action}
			{places}
		</div>
	)
	return (
		<section
			aria-label={t('map.regionLabel', { title })}
			className="flex flex-col gap-2"
			data-testid="results-map"
		>
			{Island && styleUrl ? (
				<Island placeholder={placeholder}>
					<LazyMap points={points} styleUrl={styleUrl} />
				</Island>
			) : (
				placeholder(styleUrl ? t('map.consentNeeded') : t('map.unavailable'))
			)}
		</section>
	)
}
