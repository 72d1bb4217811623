// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react'
import { renderToStaticMarkup } from 'react-dom/server'
import { useTranslation } from 'react-i18next'
import { describe, expect, test } from 'vitest'
import { renderWithApp } from '#tests/helpers/render.tsx'
import { z } from '#app/utils/validation.ts'
import { useAppForm } from './app-form.ts'
import { fieldLabels, FieldErrors, FormAlert, getFormProps, TextField } from './forms.tsx'

describe('FieldErrors', () => {
	test('a message from the server and the same one from a live check is shown once', async () => {
		await renderWithApp(
			<FieldErrors
				id="email-error"
				errors={['auth:errors.emailTaken', 'Diese E-Mail-Adresse ist bereits registriert.']}
			/>,
		)
		expect(screen.getAllByText('Diese E-Mail-Adresse ist bereits registriert.')).toHaveLength(1)
	})
})

/** A form after a failed post without JavaScript: the server's answer is its `lastResult`. */
function FailedForm({ labelled }: { labelled: boolean }) {
	const { t } = useTranslation('hostEditor')
	const schema = z.object({ name: z.string().min(1), maxGuests: z.string().min(1) })
	const [form, fields] = useAppForm({
		id: 'basic-information',
		schema,
		lastResult: {
			status: 'error',
			initialValue: { name: 'Typed', maxGuests: '' },
			error: { maxGuests: ['validation.required'], websiteUrl: ['validation.url'] },
		},
	})
	return (
		<form {...getFormProps(form)}>
			<FormAlert form={form} labels={labelled ? fieldLabels(t, 'hostEditor:basic') : undefined} />
			<TextField field={fields.name} label="Name" />
			<TextField field={fields.maxGuests} label="Max" />
		</form>
	)
}

describe('FormAlert, the failure summary (issue 31.4)', () => {
	test('lists every field error as a link to the field, labelled; the input stays', async () => {
		await renderWithApp(<FailedForm labelled />)
		const summary = screen.getByTestId('form-alert')
		expect(summary.getAttribute('role')).toBe('alert')
		const links = within(summary).getAllByRole('link')
		expect(links.map((link) => [link.getAttribute('href'), link.textContent])).toEqual([
			['#basic-information-maxGuests', 'Maximale Gästezahl: Wert ist erforderlich'],
			['#basic-information-websiteUrl', expect.stringMatching(/^Website \(optional\): /)],
		])
		expect(summary.textContent).toContain('Bitte korrigiere')
		expect(screen.getByLabelText('Name')).toHaveProperty('value', 'Typed')
		expect(document.getElementById('basic-information-maxGuests')).not.toBeNull()
	})

	test('the server renders it with autofocus: without JavaScript the reloaded page opens on it', () => {
		const html = renderToStaticMarkup(
			<FormAlert
				form={{ id: 'f', errorId: 'f-error', status: 'error', allErrors: { a: ['validation.required'] } }}
			/>,
		)
		expect(html).toMatch(/^<div role="alert" id="f-error" tabindex="-1" autofocus=""/)
	})

	test('without labels the message alone; no summary before a submit', async () => {
		await renderWithApp(<FailedForm labelled={false} />)
		const links = within(screen.getByTestId('form-alert')).getAllByRole('link')
		expect(links[0]?.textContent).toBe('Wert ist erforderlich')
		cleanup()
		await renderWithApp(<QuietForm />)
		expect(screen.queryByTestId('form-alert')).toBeNull()
	})
})

function QuietForm() {
	const [form, fields] = useAppForm({ id: 'quiet', schema: z.object({ name: z.string().min(1) }) })
	return (
		<form {...getFormProps(form)}>
			<FormAlert form={form} />
			<TextField field={fields.name} label="Name" />
		</form>
	)
}
