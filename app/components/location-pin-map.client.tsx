import 'maplibre-gl/dist/maplibre-gl.css'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Map, Marker, NavigationControl } from 'react-map-gl/maplibre'
import { SpriteIcon } from './icon.tsx'

type LatLng = { lat: number; lng: number }

/** ~0.1 m: more digits than a pin dragged by hand means. */
const round = (value: number) => Math.round(value * 1e6) / 1e6

function coordinateInputs(latInputId: string, lngInputId: string) {
	const lat = document.getElementById(latInputId)
	const lng = document.getElementById(lngInputId)
	return lat instanceof HTMLInputElement && lng instanceof HTMLInputElement ? { lat, lng } : null
}

/**
 * Writes a dragged pin into the form's inputs, as typing would: an `input`
 * event per field, so the form validates them and the editor counts them as
 * unsaved changes (editor-tabs.tsx). The server keeps a pin that differs
 * from the stored one (host-editor.server.ts).
 */
export function writePin(latInputId: string, lngInputId: string, pin: LatLng) {
	const inputs = coordinateInputs(latInputId, lngInputId)
	if (!inputs) return
	for (const [input, value] of [
		[inputs.lat, pin.lat],
		[inputs.lng, pin.lng],
	] as const) {
		input.value = String(round(value))
		input.dispatchEvent(new Event('input', { bubbles: true }))
	}
}

/** The inputs' pin as typed ("50.94" or "50,94"), or null while one is not a number. */
function readPin(latInputId: string, lngInputId: string): LatLng | null {
	const inputs = coordinateInputs(latInputId, lngInputId)
	if (!inputs) return null
	const lat = Number(inputs.lat.value.trim().replace(',', '.'))
	const lng = Number(inputs.lng.value.trim().replace(',', '.'))
	return inputs.lat.value.trim() && inputs.lng.value.trim() && Number.isFinite(lat) && Number.isFinite(lng)
		? { lat, lng }
		: null
}

/**
 * The map of LocationPin (lazy chunk, loaded only after functional consent):
 * the pin at the playroom's coordinates; dragging it writes the inputs, and
 * typing in the inputs moves it.
 */
export default function LocationPinMap({
	styleUrl,
	latInputId,
	lngInputId,
	lat,
	lng,
}: {
	styleUrl: string
	latInputId: string
	lngInputId: string
	lat: number
	lng: number
}) {
	const { t } = useTranslation('hostEditor')
	const [pin, setPin] = useState<LatLng>(() => readPin(latInputId, lngInputId) ?? { lat, lng })
	useEffect(() => {
		const inputs = coordinateInputs(latInputId, lngInputId)
		if (!inputs) return
		const follow = () => {
			const typed = readPin(latInputId, lngInputId)
			if (typed) setPin(typed)
		}
		inputs.lat.addEventListener('input', follow)
		inputs.lng.addEventListener('input', follow)
		return () => {
			inputs.lat.removeEventListener('input', follow)
			inputs.lng.removeEventListener('input', follow)
		}
	}, [latInputId, lngInputId])
	return (
		<div className="mb-4 flex flex-col gap-1">
			<p className="text-sm" id={`${latInputId}-pin-hint`}>
				{t('basic.pinHint')}
			</p>
			<div
				role="group"
				aria-label={t('basic.mapLabel')}
				aria-describedby={`${latInputId}-pin-hint`}
				className="h-64 overflow-hidden rounded-xl border border-line"
				data-testid="pin-map"
			>
				<Map
					initialViewState={{ latitude: pin.lat, longitude: pin.lng, zoom: 15 }}
					mapStyle={styleUrl}
					style={{ width: '100%', height: '100%' }}
					cooperativeGestures
				>
					<NavigationControl position="top-right" showCompass={false} />
					<Marker
						latitude={pin.lat}
						longitude={pin.lng}
						anchor="bottom"
						draggable
						onDragEnd={(event) => {
							const moved = { lat: round(event.lngLat.lat), lng: round(event.lngLat.lng) }
							setPin(moved)
							writePin(latInputId, lngInputId, moved)
						}}
					>
						<span className="text-accent" title={t('basic.pinHint')}>
							<SpriteIcon name="pin" filled className="h-8 w-8 cursor-grab drop-shadow" />
						</span>
					</Marker>
				</Map>
			</div>
		</div>
	)
}
