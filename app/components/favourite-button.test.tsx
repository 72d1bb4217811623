// @vitest-environment jsdom
import { act, screen } from '@testing-library/react'
import { afterEach, describe, expect, test } from 'vitest'
import { renderWithApp } from '#tests/helpers/render.tsx'
import { FAVOURITES_STORAGE_KEY } from '#app/utils/favourites-cleanup.ts'
import { readLocalFavourites, writeLocalFavourites } from '#app/utils/favourites-store.ts'
import { FavouriteButton, useFavouriteButtonState } from './favourite-button.tsx'

const ID = 'AAAAAAAAAAAAAAAA'

/** The heart as the card and the playroom page hold it: its state from the hook, passed as props. */
function Heart({ playroomId, name }: { playroomId: string; name: string }) {
	return <FavouriteButton playroomId={playroomId} name={name} {...useFavouriteButtonState(playroomId)} />
}

afterEach(() => window.localStorage.clear())

describe('favourites of a visitor (localStorage sz:favourites)', () => {
	test('the heart toggles the id in the browser, newest first, and shows its state', async () => {
		writeLocalFavourites(['BBBBBBBBBBBBBBBB'])
		await renderWithApp(<Heart playroomId={ID} name="Tobeland" />, { locale: 'en' })
		const heart = screen.getByRole('button', { name: 'Save Tobeland' })
		expect(heart.getAttribute('aria-pressed')).toBe('false')
		await act(async () => heart.click())
		expect(JSON.parse(window.localStorage.getItem(FAVOURITES_STORAGE_KEY) ?? '[]')).toEqual([
			ID,
			'BBBBBBBBBBBBBBBB',
		])
		expect(heart.getAttribute('aria-pressed')).toBe('true')
		await act(async () => heart.click())
		expect(readLocalFavourites()).toEqual(['BBBBBBBBBBBBBBBB'])
		expect(heart.getAttribute('aria-pressed')).toBe('false')
	})

	test('without JavaScript the heart is a form posting to /resources/favourites', async () => {
		const { container } = await renderWithApp(<Heart playroomId={ID} name="Tobeland" />)
		const form = container.querySelector('form')
		expect(form?.getAttribute('action')).toBe('/resources/favourites')
		expect(form?.getAttribute('method')?.toLowerCase()).toBe('post')
		expect((form?.elements.namedItem('intent') as HTMLInputElement).value).toBe('add')
	})

	test('a broken entry counts as no favourites and is replaced by the next write', () => {
		window.localStorage.setItem(FAVOURITES_STORAGE_KEY, '{oops')
		expect(readLocalFavourites()).toEqual([])
		writeLocalFavourites([ID])
		expect(readLocalFavourites()).toEqual([ID])
		writeLocalFavourites([])
		expect(window.localStorage.getItem(FAVOURITES_STORAGE_KEY)).toBeNull()
	})
})
