// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react'
import { createInstance } from 'i18next'
import { I18nextProvider, initReactI18next } from 'react-i18next'
import { createRoutesStub } from 'react-router'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { i18nOptions } from '#app/i18n.ts'
import { resources } from '#app/locales/resources.server.ts'
import { notifyConsentChanged } from '#app/utils/consent.ts'
import { parseEnv } from '#app/utils/env.server.ts'
import { ResultsMap } from './results-map.tsx'

// The real map needs WebGL; what matters here is whether it is loaded at all.
const mapModuleLoaded = vi.hoisted(() => ({ count: 0 }))
vi.mock('./results-map.client.tsx', () => {
	mapModuleLoaded.count++
	return {
		default: ({ styleUrl }: { styleUrl: string }) => <div data-testid="live-map" data-style={styleUrl} />,
	}
})
// The consent library's part: accepting writes the record, as vanilla-cookieconsent does.
vi.mock('#app/components/consent-banner.client.ts', () => ({
	startConsentBanner: () => {},
	showConsentSettings: () => {},
	setConsentLanguage: () => {},
	acceptCategory: (category: string) => {
		document.cookie = `cc_cookie=${encodeURIComponent(JSON.stringify({ categories: ['necessary', category], revision: 1 }))}; path=/`
		notifyConsentChanged()
	},
}))

const POINTS = [
	{
		id: 'AAAAAAAAAAAAAAAA',
		name: 'Tobeland',
		lat: 50.94,
		lng: 6.96,
		path: '/playrooms/tobeland',
		detail: 'Köln',
	},
]

async function renderMap(mapStyleUrl: string | null) {
	const i18n = createInstance()
	await i18n.use(initReactI18next).init({ ...i18nOptions, resources, lng: 'de' })
	const Stub = createRoutesStub([
		{
			id: 'root',
			path: '/',
			loader: () => ({ locale: 'de', publicConfig: { mapStyleUrl } }),
			Component: () => <ResultsMap points={POINTS} title="Köln" />,
		},
	])
	render(
		<I18nextProvider i18n={i18n}>
			<Stub initialEntries={['/']} />
		</I18nextProvider>,
	)
	await screen.findByTestId('map-placeholder')
}

afterEach(() => {
	document.cookie = 'cc_cookie=; Max-Age=0; path=/'
	mapModuleLoaded.count = 0
})

describe('ResultsMap: the map loads only after functional consent', () => {
	test('with MAP_STYLE_URL=off: the placeholder with the places, no button, no map', async () => {
		await renderMap(parseEnv({ MAP_STYLE_URL: 'off' }).MAP_STYLE_URL)
		expect(screen.getByText('Eine interaktive Karte ist hier nicht verfügbar.')).toBeTruthy()
		expect(screen.getByRole('link', { name: 'Tobeland' }).getAttribute('href')).toBe('/playrooms/tobeland')
		expect(screen.queryByTestId('map-allow')).toBeNull()
		expect(mapModuleLoaded.count).toBe(0)
	})

	test('without consent: a button to allow it; the map library is not loaded until the visitor allows it', async () => {
		await renderMap('https://tiles.example/style.json')
		const allow = await screen.findByRole('button', { name: 'Karte erlauben und anzeigen' })
		expect(screen.queryByTestId('live-map')).toBeNull()
		expect(mapModuleLoaded.count).toBe(0)
		await act(async () => allow.click())
		expect(await screen.findByTestId('live-map')).toBeTruthy()
		expect(mapModuleLoaded.count).toBe(1)
	})

	test('with functional consent stored: the map is shown', async () => {
		document.cookie = `cc_cookie=${encodeURIComponent(JSON.stringify({ categories: ['necessary', 'functional'], revision: 1 }))}; path=/`
		await renderMap('https://tiles.example/style.json')
		expect(await screen.findByTestId('live-map')).toBeTruthy()
	})

	test('consent to necessary only keeps the map off', async () => {
		document.cookie = `cc_cookie=${encodeURIComponent(JSON.stringify({ categories: ['necessary'], revision: 1 }))}; path=/`
		await renderMap('https://tiles.example/style.json')
		await screen.findByTestId('map-allow')
		expect(screen.queryByTestId('live-map')).toBeNull()
		expect(mapModuleLoaded.count).toBe(0)
	})

	test('with the default configuration the map is offered and, after consent, loads OpenFreeMap’s style (issue 31.17)', async () => {
		await renderMap(parseEnv({}).MAP_STYLE_URL)
		const allow = await screen.findByRole('button', { name: 'Karte erlauben und anzeigen' })
		await act(async () => allow.click())
		expect((await screen.findByTestId('live-map')).dataset.style).toBe(
			'https://tiles.openfreemap.org/styles/liberty',
		)
	})
})
