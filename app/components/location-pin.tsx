import { lazy } from 'react'
import { useMapIsland } from './map-island.tsx'

const LazyPinMap = lazy(() => import('./location-pin-map.client.tsx'))

/**
 * The editor's draggable pin (issue 31.9, ADR 0153), an enhancement of the
 * latitude/longitude inputs `latInputId`/`lngInputId`: with a map style, after
 * hydration and with functional consent, a small map whose pin writes those
 * inputs when dragged (location-pin-map.client.tsx, a lazy chunk with
 * MapLibre). Without JavaScript, without consent (the consent banner and the
 * public maps ask for it), with maps off or without coordinates it renders
 * nothing: the inputs alone, as they work on the server.
 */
export function LocationPin({
	latInputId,
	lngInputId,
	lat,
	lng,
}: {
	latInputId: string
	lngInputId: string
	lat: number | null
	lng: number | null
}) {
	const placed = lat !== null && lng !== null
	const { styleUrl, Island } = useMapIsland(placed)
	if (!Island || !styleUrl || !placed) return null
	return (
		<Island placeholder={() => null}>
			<LazyPinMap styleUrl={styleUrl} latInputId={latInputId} lngInputId={lngInputId} lat={lat} lng={lng} />
		</Island>
	)
}
