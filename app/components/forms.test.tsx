// @vitest-environment jsdom
import { screen } from '@testing-library/react'
import { describe, expect, test } from 'vitest'
import { renderWithApp } from '#tests/helpers/render.tsx'
import { FieldErrors } from './forms.tsx'

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
