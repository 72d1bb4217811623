import { useEffect, useState } from 'react'
import { useRootData } from '#app/hooks/use-root-data.ts'
import type { MapIsland as MapIslandType } from './map-island.client.tsx'

/**
 * The loading half of every map (ADR 0035, ADR 0153): the configured style
 * (`MAP_STYLE_URL`, null when maps are off) and — only with a style, only in
 * the browser after hydration and only when `wanted` — the consent gate of
 * map-island.client.tsx. So no page ships the consent store or the map up
 * front, and without JavaScript `Island` stays null: the caller renders its
 * page as without a map. The caller passes its map as a React.lazy component
 * to `Island`, which imports it only with functional consent.
 */
export function useMapIsland(wanted: boolean): {
	styleUrl: string | null
	Island: typeof MapIslandType | null
} {
	const styleUrl = useRootData()?.publicConfig.mapStyleUrl ?? null
	const [island, setIsland] = useState<{ Island: typeof MapIslandType } | null>(null)
	useEffect(() => {
		if (styleUrl && wanted)
			void import('./map-island.client.tsx').then((m) => setIsland({ Island: m.MapIsland }))
	}, [styleUrl, wanted])
	return { styleUrl, Island: styleUrl && wanted ? (island?.Island ?? null) : null }
}
