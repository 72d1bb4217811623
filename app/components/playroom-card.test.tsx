// @vitest-environment jsdom
import { screen } from '@testing-library/react'
import { describe, expect, test } from 'vitest'
import { renderWithApp } from '#tests/helpers/render.tsx'
import { cardView, type PlayroomCard as Card } from '#app/models/catalogue/playroom-cards.server.ts'
import { PlayroomCard } from './playroom-card.tsx'

const card: Card = {
	id: 'AAAAAAAAAAAAAAAA',
	playroomUrlPath: 'tobeland',
	name: 'Tobeland',
	shortDescription: '',
	placeType: 'FixedPlace',
	serviceRadiusKm: null,
	city: 'Köln',
	citySlug: 'koeln',
	stateSlug: 'nordrhein-westfalen',
	lat: 50.9,
	lng: 6.9,
	maxGuests: 12,
	sizeSqm: 60,
	instantBooking: true,
	safetyChecked: false,
	rating: { average: 4.5, count: 1 },
	priceFrom: { amount: 2550, bookingType: 'Hourly', unit: 'hour' },
	bookingTypes: ['Hourly'],
	features: [],
	image: null,
	publishedAt: null,
	distanceKm: 1.4,
}

describe('playroom card', () => {
	test('German: decimal comma in distance, price and rating; singular rating label', async () => {
		await renderWithApp(<PlayroomCard card={card} />)
		expect(screen.getByText(/1,4 km entfernt/)).toBeTruthy()
		expect(screen.getByText('4,5 von 5 Sternen, 1 Bewertung')).toBeTruthy()
		expect(screen.getByText(/25,50\s€/)).toBeTruthy()
	})

	test('English: decimal point and plural ratings', async () => {
		await renderWithApp(<PlayroomCard card={{ ...card, rating: { average: 4, count: 3 } }} />, {
			locale: 'en',
		})
		expect(screen.getByText(/1\.4 km away/)).toBeTruthy()
		expect(screen.getByText('4.0 out of 5 stars, 3 ratings')).toBeTruthy()
	})

	// Issue 11: after a search with guests the card shows the stay price for them, and says so.
	test('with a searched guest count the card names the guests and the stay, in both languages', async () => {
		const priced: Card = {
			...card,
			priceFrom: { amount: 14_000, bookingType: 'Hourly', unit: 'hour', stay: { quantity: 2, guests: 10 } },
		}
		const { unmount } = await renderWithApp(<PlayroomCard card={priced} />)
		expect(screen.getByTestId('card-price').textContent).toMatch(/^ab 140\s€ für 10 Gäste · 2 Stunden$/)
		unmount()
		await renderWithApp(
			<PlayroomCard
				card={{
					...priced,
					priceFrom: { ...priced.priceFrom!, unit: 'night', stay: { quantity: 1, guests: 1 } },
				}}
			/>,
			{
				locale: 'en',
			},
		)
		expect(screen.getByTestId('card-price').textContent).toMatch(/^from €140 for 1 guest · 1 night$/)
	})

	// ADR 0121: list pages send only what a card shows; the card must not need more.
	test('a card from its list view (cardView) renders exactly as from the whole card', async () => {
		const whole: Card = {
			...card,
			shortDescription: 'Ein großer Spielraum mit Bällebad.',
			features: ['ball-pit'],
			image: {
				id: 'IMG',
				url: '/img/a-640.webp',
				srcset: '/img/a-640.webp 640w, /img/a-1280.webp 1280w',
				ogUrl: '/img/a-1200.jpg',
				width: 640,
				height: 480,
				alt: 'Bällebad',
			},
			safetyChecked: true,
		}
		for (const variant of [whole, { ...whole, distanceKm: undefined, image: null, priceFrom: null }]) {
			const full = await renderWithApp(<PlayroomCard card={variant} priority query="?date=2026-11-28" />)
			const html = full.container.innerHTML
			full.unmount()
			const view = cardView(variant)
			expect(view).not.toHaveProperty('shortDescription')
			expect(view.image ?? {}).not.toHaveProperty('ogUrl')
			const slim = await renderWithApp(<PlayroomCard card={view} priority query="?date=2026-11-28" />)
			expect(slim.container.innerHTML).toBe(html)
			slim.unmount()
		}
	})
})
