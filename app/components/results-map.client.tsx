import 'maplibre-gl/dist/maplibre-gl.css'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Map, Marker, NavigationControl, Popup } from 'react-map-gl/maplibre'
import { useLocalizePath } from '#app/hooks/use-root-data.ts'
import { SpriteIcon } from './icon.tsx'
import type { MapPoint } from './results-map.tsx'

/**
 * MapLibre makes a marker's own element a button named "Map marker"; ours holds the real button
 * (named after the playroom), so the wrapper must be only a wrapper (axe: nested-interactive).
 */
function plainMarkerElement(marker: { getElement(): HTMLElement } | null) {
	const element = marker?.getElement()
	element?.setAttribute('role', 'none')
	element?.removeAttribute('aria-label')
}

/**
 * The interactive map (lazy chunk; MapLibre itself is a further lazy import of
 * react-map-gl). Loaded only after functional consent — see results-map.tsx.
 * A marker is a button; choosing one shows the playroom's card in a popup.
 */
export default function ResultsMapView({
	points,
	styleUrl,
}: {
	points: readonly MapPoint[]
	styleUrl: string
}) {
	const { t } = useTranslation('catalogue')
	const localize = useLocalizePath()
	const [selected, setSelected] = useState<MapPoint | null>(null)
	const lats = points.map((p) => p.lat)
	const lngs = points.map((p) => p.lng)
	const single = points.length === 1
	const initialViewState = single
		? { latitude: lats[0], longitude: lngs[0], zoom: 13 }
		: {
				bounds: [
					[Math.min(...lngs), Math.min(...lats)],
					[Math.max(...lngs), Math.max(...lats)],
				] as [[number, number], [number, number]],
				fitBoundsOptions: { padding: 48, maxZoom: 14 },
			}
	return (
		<div className="h-96 overflow-hidden rounded-xl border border-line" data-testid="map-live">
			<Map
				initialViewState={initialViewState}
				mapStyle={styleUrl}
				style={{ width: '100%', height: '100%' }}
				cooperativeGestures
			>
				<NavigationControl position="top-right" />
				{points.map((p) => (
					<Marker key={p.id} latitude={p.lat} longitude={p.lng} anchor="bottom" ref={plainMarkerElement}>
						<button
							type="button"
							className="text-accent"
							aria-label={t('map.showCard', { name: p.name })}
							onClick={() => setSelected(p)}
						>
							<SpriteIcon name="pin" filled className="h-8 w-8 drop-shadow" />
						</button>
					</Marker>
				))}
				{selected ? (
					<Popup
						latitude={selected.lat}
						longitude={selected.lng}
						anchor="top"
						onClose={() => setSelected(null)}
						closeButton
						closeOnClick={false}
					>
						<div className="flex flex-col gap-1 p-1 text-sm text-[#16161d]">
							<Link to={localize(selected.path)} className="font-semibold underline">
								{selected.name}
							</Link>
							<span>{selected.detail}</span>
						</div>
					</Popup>
				) : null}
			</Map>
		</div>
	)
}
