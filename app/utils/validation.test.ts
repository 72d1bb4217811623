import { describe, expect, test } from 'vitest'
import { getFixedT } from './i18n.server.ts'
import {
	decodeValidationMessage,
	translateValidationMessage,
	validationMessage,
	z,
	zodIssuesToFields,
} from './validation.ts'

const schema = z.object({
	email: z.email(),
	name: z.string().min(1).max(5),
	password: z.string().min(10),
	age: z.coerce.number().int().min(18).max(99),
	website: z.url().optional(),
	kind: z.enum(['a', 'b']),
})

function fieldsFor(input: unknown) {
	const result = schema.safeParse(input)
	if (result.success) throw new Error('expected a failure')
	return zodIssuesToFields(result.error)
}

describe('validation messages', () => {
	test('zod issues become translation keys with parameters', () => {
		const fields = fieldsFor({
			email: 'x',
			name: 'abcdefg',
			password: 'short',
			age: 'abc',
			website: 'nope',
			kind: 'c',
		})
		expect(fields.email).toEqual(['validation.email'])
		expect(fields.name).toEqual(['validation.maxLength?max=5'])
		expect(fields.password).toEqual(['validation.minLength?min=10'])
		expect(fields.age).toEqual(['validation.numeric'])
		expect(fields.website).toEqual(['validation.url'])
		expect(fields.kind).toEqual(['validation.choice'])
	})

	test('missing values are "required"', () => {
		const fields = fieldsFor({ name: '', age: 20, kind: 'a' })
		expect(fields.email).toEqual(['validation.required'])
		expect(fields.name).toEqual(['validation.required'])
		expect(fields.password).toEqual(['validation.required'])
	})

	test('number ranges use min/max value messages', () => {
		const fields = fieldsFor({ email: 'a@b.de', name: 'x', password: '1234567890', age: 12, kind: 'a' })
		expect(fields.age).toEqual(['validation.minValue?min=18'])
	})

	test('the spec’s generic texts come out in both languages', async () => {
		const de = getFixedT('de')
		const en = getFixedT('en')
		expect(translateValidationMessage(en, 'validation.required')).toBe('Value is required')
		expect(translateValidationMessage(en, 'validation.email')).toBe('Value is not a valid email address')
		expect(translateValidationMessage(en, 'validation.maxLength?max=40')).toBe(
			'The maximum length allowed is 40',
		)
		expect(translateValidationMessage(en, 'validation.minLength?min=10')).toBe(
			'This field should be at least 10 characters long',
		)
		expect(translateValidationMessage(de, 'validation.required')).toBe('Wert ist erforderlich')
		expect(translateValidationMessage(de, 'validation.maxLength?max=40')).toBe(
			'Die maximal erlaubte Länge ist 40',
		)
	})

	test('custom refinements carry their own key; unknown keys fall back to "invalid"', async () => {
		const en = getFixedT('en')
		const refined = z.string().refine((v) => v === 'ok', {
			params: { i18nKey: validationMessage('validation.sameAs', { other: 'password' }) },
		})
		const result = refined.safeParse('nope')
		expect(result.success).toBe(false)
		const message = result.error?.issues[0]?.message ?? ''
		expect(translateValidationMessage(en, message)).toBe('Value must be equal to password')
		expect(translateValidationMessage(en, 'validation.doesNotExist')).toBe('Value is invalid')
		expect(translateValidationMessage(en, 'plain text stays')).toBe('plain text stays')
	})

	test('encoding round-trips parameters', () => {
		expect(decodeValidationMessage(validationMessage('auth:errors.x', { n: 3, name: 'a b' }))).toEqual({
			key: 'auth:errors.x',
			params: { n: 3, name: 'a b' },
		})
	})
})
