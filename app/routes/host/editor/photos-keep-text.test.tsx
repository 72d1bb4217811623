// @vitest-environment jsdom
import { eq } from 'drizzle-orm'
import { screen } from '@testing-library/react'
import { describe, expect, test } from 'vitest'
import { playroomPhotos, playrooms } from '#db/schema/catalogue.ts'
import { getDb } from '#app/utils/db.server.ts'
import { createTestPlayroom } from '#tests/helpers/catalogue.ts'
import { addTestPhotos } from '#tests/helpers/host-office.ts'
import { renderWithApp } from '#tests/helpers/render.tsx'
import { callRoute, type RouteCallOptions } from '#tests/helpers/route-harness.ts'
import { createLoggedInUser } from '#tests/helpers/users.ts'
import DetailInformationTab, { action, loader } from './detail-information.tsx'

/**
 * Issue 31.3: a photo action in the editor threw away the descriptions typed
 * but not saved (each photo action was its own form, the page reloaded with
 * the saved text). Every photo button now posts the descriptions' form with
 * it: the page comes back with the text as typed and not saved, and the photo
 * action done. (The upload itself: photos-upload-keeps-text.test.ts.)
 */
async function setup() {
	const host = await createLoggedInUser({ role: 'Owner' })
	const { id } = await createTestPlayroom({ hostId: host.user.id, descriptionDe: 'Gespeichert.' })
	const call = (handler: unknown, form?: RouteCallOptions['form']) =>
		callRoute(handler as never, {
			path: `/host/playrooms/edit/${id}/detail-information`,
			cookie: host.cookie,
			params: { playroomId: id },
			form,
		})
	return { id, call }
}

const saved = (id: string) =>
	getDb().select({ de: playrooms.descriptionDe }).from(playrooms).where(eq(playrooms.id, id)).get()?.de
const photosOf = (id: string) =>
	getDb().select().from(playroomPhotos).where(eq(playroomPhotos.playroomId, id)).all()

function show(loaderData: unknown, actionData: unknown) {
	document.body.innerHTML = ''
	const Tab = DetailInformationTab as unknown as (props: { loaderData: unknown }) => React.ReactElement
	return renderWithApp(<Tab loaderData={loaderData} />, { actionData })
}

const typed = 'Frisch getippt, noch nicht gespeichert: **hell** und groß.'

describe('a photo action keeps the unsaved descriptions', () => {
	test('saving an alt text and deleting a photo keep the typed text too', async () => {
		const { id, call } = await setup()
		addTestPhotos(id, 1)
		const [photo] = photosOf(id)
		const alt = await call(action, {
			descriptionDe: typed,
			photoAction: `alt:${photo!.id}`,
			[`altDe-${photo!.id}`]: 'Der helle Raum',
			[`altEn-${photo!.id}`]: 'The bright room',
		})
		expect(alt.status).toBe(200)
		expect(photosOf(id)[0]).toMatchObject({ altDe: 'Der helle Raum', altEn: 'The bright room' })
		expect(saved(id)).toBe('Gespeichert.')
		await show((await call(loader)).data, alt.data)
		expect(screen.getByLabelText(/^Beschreibung \(Deutsch\)/)).toHaveProperty('value', typed)
		// Every photo control posts the descriptions' form (the HTML form attribute), which sends files.
		const form = screen.getByLabelText(/^Beschreibung \(Deutsch\)/).closest('form')!
		expect(form.getAttribute('enctype')).toBe('multipart/form-data')
		for (const name of ['Fotos hochladen', 'Text speichern', 'Löschen']) {
			expect((screen.getByRole('button', { name }) as HTMLButtonElement).form, name).toBe(form)
		}
		expect((screen.getByLabelText('Dateien auswählen') as HTMLInputElement).form).toBe(form)
		expect((screen.getByLabelText('Alternativtext (Deutsch)') as HTMLInputElement).value).toBe(
			'Der helle Raum',
		)

		const removed = await call(action, { descriptionDe: typed, photoAction: `delete:${photo!.id}` })
		expect(removed.status).toBe(200)
		expect(photosOf(id)).toHaveLength(0)
		await show((await call(loader)).data, removed.data)
		expect(screen.getByLabelText(/^Beschreibung \(Deutsch\)/)).toHaveProperty('value', typed)
		expect(screen.getByTestId('photo-notice').textContent).toBe('Foto gelöscht.')
	})
})
