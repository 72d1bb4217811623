// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { renderWithApp } from '#tests/helpers/render.tsx'
import { parseEnv } from '#app/utils/env.server.ts'
import BasicInformationTab from '#app/routes/host/editor/basic-information.tsx'
import { EditorTabs } from './editor-tabs.tsx'

// MapLibre needs WebGL, which jsdom lacks: only the map library's module boundary is replaced. The
// marker stands in as a button whose click fires the drag-end handler with where the pin was dropped.
const mapLibrary = vi.hoisted(() => ({ loaded: 0, dropAt: { lat: 50.737431, lng: 7.098207 } }))
vi.mock('react-map-gl/maplibre', () => {
	mapLibrary.loaded++
	return {
		Map: ({ mapStyle, children }: { mapStyle: string; children: React.ReactNode }) => (
			<div data-testid="maplibre" data-style={mapStyle}>
				{children}
			</div>
		),
		NavigationControl: () => null,
		Marker: ({
			latitude,
			longitude,
			draggable,
			onDragEnd,
			children,
		}: {
			latitude: number
			longitude: number
			draggable?: boolean
			onDragEnd?: (event: { lngLat: { lat: number; lng: number } }) => void
			children: React.ReactNode
		}) => (
			<button
				type="button"
				data-testid="marker"
				data-position={`${latitude},${longitude}`}
				data-draggable={String(Boolean(draggable))}
				onClick={() => onDragEnd?.({ lngLat: mapLibrary.dropAt })}
			>
				{children}
			</button>
		),
	}
})
// The consent library's part, as in results-map.test.tsx.
vi.mock('#app/components/consent-banner.client.ts', () => ({
	startConsentBanner: () => {},
	showConsentSettings: () => {},
	setConsentLanguage: () => {},
	acceptCategory: () => {},
}))

const VALUES = {
	name: 'Tobeland Bonn',
	playroomUrlPath: 'tobeland-bonn',
	customUrl: null,
	placeType: 'FixedPlace',
	serviceRadiusKm: null,
	street: 'Poppelsdorfer Allee 1',
	postalCode: '53115',
	city: 'Bonn',
	stateSlug: 'nordrhein-westfalen',
	lat: 50.7289,
	lng: 7.0946,
	sizeSqm: '85',
	maxGuests: 12,
	websiteUrl: null,
}

function allowFunctional() {
	document.cookie = `cc_cookie=${encodeURIComponent(JSON.stringify({ categories: ['necessary', 'functional'], revision: 1 }))}; path=/`
}

async function renderTab(mapStyleUrl: string | null, locale: 'de' | 'en' = 'de') {
	await renderWithApp(
		<EditorTabs title="Tobeland Bonn" documentTitle="Tobeland Bonn" tabs={[]}>
			<BasicInformationTab
				{...({ loaderData: { values: VALUES } } as unknown as Parameters<typeof BasicInformationTab>[0])}
			/>
		</EditorTabs>,
		{ locale, rootData: { locale, publicConfig: { mapStyleUrl } } },
	)
	return {
		lat: (await screen.findByLabelText(locale === 'de' ? 'Breitengrad' : 'Latitude')) as HTMLInputElement,
		lng: screen.getByLabelText(locale === 'de' ? 'Längengrad' : 'Longitude') as HTMLInputElement,
	}
}

afterEach(() => {
	cleanup()
	document.cookie = 'cc_cookie=; Max-Age=0; path=/'
	mapLibrary.loaded = 0
})

describe('the address tab’s draggable pin (issue 31.9)', () => {
	test('with a map style and consent: dragging the pin writes latitude and longitude into the form, as unsaved changes', async () => {
		allowFunctional()
		const inputs = await renderTab('https://tiles.example/style.json')
		const marker = await screen.findByTestId('marker')
		expect(screen.getByTestId('maplibre').dataset.style).toBe('https://tiles.example/style.json')
		expect(marker.dataset.position).toBe('50.7289,7.0946')
		expect(marker.dataset.draggable).toBe('true')
		expect(screen.queryByText('Ungespeicherte Änderungen')).toBeNull()
		expect(screen.getByText('Zieh die Nadel zum Eingang.', { exact: false })).toBeTruthy()
		expect(inputs.lat.value).toBe('50.7289')

		await act(async () => marker.click())
		expect(inputs.lat.value).toBe('50.737431')
		expect(inputs.lng.value).toBe('7.098207')
		expect(screen.getByTestId('marker').dataset.position).toBe('50.737431,7.098207')
		// The editor counts the move as a change not yet saved; the fields are what the form posts.
		expect(screen.getByText('Ungespeicherte Änderungen')).toBeTruthy()
		expect(new FormData(inputs.lat.form!).get('lat')).toBe('50.737431')
		expect(new FormData(inputs.lat.form!).get('lng')).toBe('7.098207')

		// Typing coordinates moves the pin.
		fireEvent.input(inputs.lat, { target: { value: '50,74' } })
		expect(screen.getByTestId('marker').dataset.position).toBe('50.74,7.098207')
	})

	test('in English the pin has its English hint', async () => {
		allowFunctional()
		await renderTab('https://tiles.example/style.json', 'en')
		await screen.findByTestId('marker')
		expect(screen.getByText('Drag the pin to the entrance.', { exact: false })).toBeTruthy()
		expect(screen.getByRole('group', { name: 'Map: your playroom’s pin (draggable)' })).toBeTruthy()
	})

	test('with maps off (no style URL): only the fields, the map library is never loaded', async () => {
		allowFunctional()
		const inputs = await renderTab(parseEnv({ MAP_STYLE_URL: 'off' }).MAP_STYLE_URL)
		await act(async () => new Promise((resolve) => setTimeout(resolve, 50)))
		expect(inputs.lat.value).toBe('50.7289')
		expect(inputs.lng.value).toBe('7.0946')
		expect(screen.queryByTestId('pin-map')).toBeNull()
		expect(screen.queryByTestId('map-allow')).toBeNull()
		expect(screen.queryByText('Zieh die Nadel zum Eingang.', { exact: false })).toBeNull()
		expect(mapLibrary.loaded).toBe(0)
	})

	test('without functional consent: the page is as without a map (the consent banner asks)', async () => {
		await renderTab('https://tiles.example/style.json')
		await act(async () => new Promise((resolve) => setTimeout(resolve, 50)))
		expect(screen.queryByTestId('pin-map')).toBeNull()
		expect(screen.queryByTestId('map-allow')).toBeNull()
		expect(mapLibrary.loaded).toBe(0)
	})
})
