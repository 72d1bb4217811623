// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, test, vi } from 'vitest'
import { renderWithApp } from '#tests/helpers/render.tsx'
import { getFormProps, TextField } from './forms.tsx'
import { useLazyAppForm } from './lazy-app-form.ts'
import { showAppToast } from './toaster.tsx'

vi.mock('./toaster.tsx', () => ({ showAppToast: vi.fn() }))

/**
 * ADR 0116: the checkout's forms load their schema (and Zod) on demand. The
 * field messages, the warning toast and what is submitted must be those of
 * `useAppForm`, also when the user is quicker than the validator's import.
 */
let loads = 0
let submitted: string[] = []

function GuestsForm() {
	const [form, fields] = useLazyAppForm({
		id: 'lazy-guests',
		loadSchema: () => {
			loads++
			return import('#app/schemas/checkout.ts').then((m) => m.guestsStepSchema)
		},
		defaultValue: { adults: '2', children: '0' },
	})
	return (
		<form
			{...getFormProps(form)}
			onSubmit={(event) => {
				form.onSubmit(event)
				if (!event.defaultPrevented) {
					event.preventDefault()
					submitted.push(String(new FormData(event.currentTarget).get('adults')))
				}
			}}
		>
			<TextField field={fields.adults} label="Erwachsene" />
			<TextField field={fields.children} label="Kinder" />
			<button type="submit">Weiter</button>
		</form>
	)
}

beforeEach(() => {
	loads = 0
	submitted = []
	vi.mocked(showAppToast).mockClear()
})

describe('useLazyAppForm', () => {
	test('loads nothing until the form is used; a field left before the schema arrived shows its translated message once it has', async () => {
		await renderWithApp(<GuestsForm />)
		expect(loads).toBe(0)
		const adults = screen.getByLabelText('Erwachsene')
		act(() => adults.focus())
		expect(loads).toBe(1)
		fireEvent.input(adults, { target: { value: '0' } })
		act(() => adults.blur())
		expect(await screen.findByText('Der Wert muss mindestens 1 sein')).toBeTruthy()
		expect(adults.getAttribute('aria-invalid')).toBe('true')
		// Loaded: checks now run at once, as with useAppForm.
		fireEvent.input(adults, { target: { value: '3' } })
		await waitFor(() => expect(screen.queryByText('Der Wert muss mindestens 1 sein')).toBeNull())
		expect(loads).toBe(1)
		expect(submitted).toEqual([])
	})

	test('a submit before the schema arrived is held, then validated: invalid → the toast and the message, nothing sent', async () => {
		await renderWithApp(<GuestsForm />)
		fireEvent.input(screen.getByLabelText('Erwachsene'), { target: { value: '' } })
		fireEvent.click(screen.getByRole('button', { name: 'Weiter' }))
		expect(submitted).toEqual([])
		expect(await screen.findByText('Wert ist erforderlich')).toBeTruthy()
		expect(showAppToast).toHaveBeenCalledWith({ type: 'warning', description: 'Bitte prüfe deine Eingaben.' })
		expect(submitted).toEqual([])
	})

	test('a valid submit before the schema arrived is sent once it has been checked', async () => {
		await renderWithApp(<GuestsForm />)
		fireEvent.click(screen.getByRole('button', { name: 'Weiter' }))
		expect(submitted).toEqual([])
		await waitFor(() => expect(submitted).toEqual(['2']))
		expect(showAppToast).not.toHaveBeenCalled()
	})
})
