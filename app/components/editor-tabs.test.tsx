// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react'
import { expect, test } from 'vitest'
import { renderWithApp } from '#tests/helpers/render.tsx'
import { EditorForm, EditorTabs, SaveBar } from './editor-tabs.tsx'

/**
 * Conform validates a field on blur by submitting the form with a validation
 * intent and cancelling that submit: the changes are still unsaved, so the
 * editor must keep warning about them (a regression the host journey found).
 */
test('a cancelled submit (validation) keeps the unsaved-changes state; typing sets it', async () => {
	await renderWithApp(
		<EditorTabs title="Tobeland" documentTitle="Grunddaten – Tobeland" tabs={[]}>
			<EditorForm aria-label="form" onSubmit={(event) => event.preventDefault()}>
				<label>
					Name <input name="name" />
				</label>
				<SaveBar />
			</EditorForm>
		</EditorTabs>,
	)
	expect(screen.queryByText('Ungespeicherte Änderungen')).toBeNull()
	fireEvent.input(screen.getByLabelText('Name'), { target: { value: 'Neu' } })
	expect(screen.getByText('Ungespeicherte Änderungen')).toBeTruthy()
	fireEvent.submit(screen.getByRole('form'))
	expect(screen.getByText('Ungespeicherte Änderungen')).toBeTruthy()
})
