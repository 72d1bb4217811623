import { describe, expect, test } from 'vitest'
import { getFixedT } from '#app/utils/i18n.server.ts'
import { parseFormSubmission } from '#app/utils/form-submission.ts'
import { translateValidationMessage, zodIssuesToFields, type z } from '#app/utils/validation.ts'
import { registerGuestSchema } from './auth.ts'
import { createOrderApiSchema, recordBankTransferSchema } from './booking.ts'
import { searchParamsSchema } from './catalogue.ts'
import { confirmStepSchema, guestsStepSchema } from './checkout.ts'
import { tableFilterFields } from './data-table.ts'
import {
	dateOrInstantField,
	dateRangeMessage,
	instantField,
	intField,
	intParam,
	localDateField,
	localDateOrInstantField,
	monthField,
	optionalText,
	requiredText,
} from './fields.ts'

/** Issue 10, defect 4: loose input types. Each bad input of the review is refused here. */
const validOrder = {
	playroomId: 'AbCdEfGhIjKlMnOp',
	bookingType: 'Hourly',
	checkIn: '2026-07-01T09:00:00Z',
	checkOut: '2026-07-01T11:00:00Z',
	adults: 2,
	children: 1,
	extras: [{ additionId: 'QrStUvWxYzAbCdEf', quantity: 2 }],
	paymentMethod: 'BankTransfer',
	acceptTerms: true,
	idempotencyKey: 'fields-test-0001-abc',
}

function fieldsOf(schema: z.ZodType, input: unknown) {
	const result = schema.safeParse(input)
	if (result.success) throw new Error(`expected a failure for ${JSON.stringify(input)}`)
	return zodIssuesToFields(result.error)
}

const INVALID_CHARACTERS = ['validation.invalidCharacters']
const BAD_TEXT = {
	NUL: 'Anna\u0000',
	'lone high surrogate': 'Anna\uD83D',
	'lone low surrogate': '\uDE00Anna',
	'U+202E right-to-left override': 'Anna\u202Egpj.exe',
	'U+2066 left-to-right isolate': 'Anna\u2066x',
	'U+202A embedding': '\u202AAnna',
	DEL: 'Anna\u007F',
	'C1 control U+0085': 'Anna\u0085',
}

describe('numbers from JSON are JSON numbers', () => {
	test.each([
		['hex string', '0x10'],
		['decimal string', '16'],
		['boolean true', true],
		['boolean false', false],
		['float where an integer is expected', 2.5],
		['exponent string', '1e1'],
		['null', null],
		['array', [2]],
	])('adults = %s is refused', (_, adults) => {
		const fields = fieldsOf(createOrderApiSchema, { ...validOrder, adults })
		expect(fields.adults?.[0]).toMatch(/^validation\.(numeric|required)$/)
	})

	test('children and extras[].quantity refuse booleans and hex too', () => {
		expect(fieldsOf(createOrderApiSchema, { ...validOrder, children: true }).children).toEqual([
			'validation.numeric',
		])
		expect(
			fieldsOf(createOrderApiSchema, {
				...validOrder,
				extras: [{ additionId: 'QrStUvWxYzAbCdEf', quantity: true }],
			})['extras.0.quantity'],
		).toEqual(['validation.numeric'])
		expect(fieldsOf(recordBankTransferSchema, { orderCode: 'SZ-ABC123', amount: '0x10' }).amount).toEqual([
			'validation.numeric',
		])
	})

	test('real numbers still pass, and the output keeps them', () => {
		const parsed = createOrderApiSchema.parse(validOrder)
		expect(parsed).toMatchObject({ adults: 2, children: 1, extras: [{ quantity: 2 }] })
		expect(intField(1, 5).safeParse(5).success).toBe(true)
		expect(intField(1, 5).safeParse(6).success).toBe(false)
	})

	test('unknown keys are stripped, never passed on', () => {
		const parsed = createOrderApiSchema.parse({
			...validOrder,
			isAdmin: true,
			status: 'Confirmed',
			totalCents: 1,
			constructor: { prototype: { polluted: true } },
		}) as Record<string, unknown>
		expect(Object.keys(parsed)).not.toContain('isAdmin')
		expect(Object.keys(parsed)).not.toContain('status')
		expect(Object.keys(parsed)).not.toContain('totalCents')
		expect(Object.hasOwn(parsed, 'constructor')).toBe(false)
	})
})

describe('numbers from forms and URLs are decimal digits only', () => {
	const form = (entries: Record<string, string>) => {
		const data = new FormData()
		for (const [name, value] of Object.entries(entries)) data.append(name, value)
		return data
	}

	test.each(['0x10', '1e1', '0b11', '2.5', '+3', 'Infinity', '３'])(
		'form field adults=%s is refused',
		(adults) => {
			const submission = parseFormSubmission(form({ adults, children: '0' }), { schema: guestsStepSchema })
			expect(submission.status).toBe('error')
			if (submission.status === 'success') return
			expect(submission.error?.adults?.[0]).toMatch(/^validation\.(numeric|minValue)/)
		},
	)

	test('decimal digits pass (surrounding blanks are trimmed)', () => {
		const submission = parseFormSubmission(form({ adults: ' 12 ', children: '0' }), {
			schema: guestsStepSchema,
		})
		expect(submission.status).toBe('success')
		expect(submission.status === 'success' && submission.value).toEqual({ adults: 12, children: 0 })
	})

	test('URL parameters: hex, exponent and empty values are refused', () => {
		for (const value of ['0x10', '1e3', '', ' ', '-1', '2.0']) {
			expect(intParam(0, 100).safeParse(value).success, value).toBe(false)
		}
		expect(intParam(0, 100).parse('16')).toBe(16)
		expect(searchParamsSchema.safeParse({ guests: '0x10' }).success).toBe(false)
		expect(searchParamsSchema.safeParse({ lat: '0x10', lng: '7' }).success).toBe(false)
		expect(searchParamsSchema.parse({ lat: '50.94', lng: '-6.95' })).toMatchObject({ lat: 50.94, lng: -6.95 })
	})
})

describe('text fields refuse control, surrogate and bidi characters', () => {
	test.each(Object.entries(BAD_TEXT))('%s in names, display names and messages', (_, bad) => {
		const registration = fieldsOf(registerGuestSchema, {
			email: 'anna@example.test',
			password: 'Kletterwand-Sonne-42',
			firstName: bad,
			lastName: bad,
			displayName: `${bad}xyz`,
			acceptTerms: true,
		})
		expect(registration.firstName).toEqual(INVALID_CHARACTERS)
		expect(registration.lastName).toEqual(INVALID_CHARACTERS)
		expect(registration.displayName).toEqual(INVALID_CHARACTERS)
		expect(fieldsOf(createOrderApiSchema, { ...validOrder, message: bad }).message).toEqual(
			INVALID_CHARACTERS,
		)
	})

	test('newline and tab are fine in multi-line text only; CR/LF becomes LF', () => {
		expect(optionalText(100, { multiline: true }).parse('Hallo\r\n\tWelt\rAus')).toBe('Hallo\n\tWelt\nAus')
		expect(requiredText(100).safeParse('Hallo\nWelt').success).toBe(false)
		expect(requiredText(100).safeParse('Hallo\tWelt').success).toBe(false)
		expect(requiredText(100).safeParse('Hallo\u2028Welt').success).toBe(false)
		const confirm = fieldsOf(confirmStepSchema, { message: 'a\u0000', street: 'b\n', acceptTerms: true })
		expect(confirm.message).toEqual(INVALID_CHARACTERS)
		expect(confirm.street).toEqual(INVALID_CHARACTERS)
	})

	test('text is normalised to NFC (and trimmed); paired surrogates (emoji) stay', () => {
		const nfd = 'Jose\u0301 Mu\u0308ller'
		expect(requiredText(60).parse(`  ${nfd} `)).toBe('José Müller')
		expect(requiredText(60).parse('José').length).toBe(4)
		expect(requiredText(60).parse('Spielzimmer 🎈')).toBe('Spielzimmer 🎈')
		const order = createOrderApiSchema.parse({ ...validOrder, message: 'Gru\u0308ße 🎉' })
		expect(order.message).toBe('Grüße 🎉')
	})

	test('the message is translated in both languages', () => {
		expect(translateValidationMessage(getFixedT('de'), 'validation.invalidCharacters')).toContain(
			'unzulässige Zeichen',
		)
		expect(translateValidationMessage(getFixedT('en'), 'validation.invalidCharacters')).toContain(
			'not allowed',
		)
	})
})

test('URL number blocks say "numeric" for anything but digits, and take numbers from server code', () => {
	expect(zodIssuesToFields(intParam(0, 10).safeParse('0x10').error!)).toEqual({
		_form: ['validation.numeric'],
	})
	expect(zodIssuesToFields(intParam(0, 10).safeParse(true).error!)).toEqual({ _form: ['validation.numeric'] })
	expect(zodIssuesToFields(intParam(0, 10).safeParse('11').error!)).toEqual({
		_form: ['validation.maxValue?max=10'],
	})
	expect(intParam(0, 10).parse(4)).toBe(4)
	expect(searchParamsSchema.parse({ perPage: 4 }).perPage).toBe(4)
})

describe('dates: a real date in its grammar, 2000-01-01 to ten years after today (ADR 0143)', () => {
	const RANGE = [dateRangeMessage]
	const DATE = ['validation.date']
	const message = (schema: z.ZodType, input: unknown) => fieldsOf(schema, input)._form

	test('local dates', () => {
		expect(localDateField.parse(' 2026-07-01 ')).toBe('2026-07-01')
		expect(localDateField.parse('2000-01-01')).toBe('2000-01-01')
		for (const input of ['9999-12-31', '1970-01-01', '0000-01-01', '1999-12-31', '2099-01-01']) {
			expect(message(localDateField, input), input).toEqual(RANGE)
		}
		for (const input of ['2026-02-30', '2026-13-01', '2026-7-1', '275760-09-13', '+010000-01-01', '', 'x']) {
			expect(message(localDateField, input), input).toEqual(DATE)
		}
		expect(message(localDateField, undefined)).toEqual(['validation.required'])
	})

	test('instants: ISO 8601 with an offset → epoch ms', () => {
		expect(instantField.parse('2026-07-01T09:00:00Z')).toBe(Date.parse('2026-07-01T09:00:00Z'))
		expect(instantField.parse('2026-07-01T11:00+02:00')).toBe(Date.parse('2026-07-01T09:00:00Z'))
		// 23:30 UTC on 31 December 1999 is already 2000 in Berlin.
		expect(instantField.parse('1999-12-31T23:30:00Z')).toBe(Date.parse('1999-12-31T23:30:00Z'))
		for (const input of ['9999-12-31T10:00:00Z', '1970-01-01T00:00:00Z', '1999-12-31T22:59:59Z']) {
			expect(message(instantField, input), input).toEqual(RANGE)
		}
		for (const input of [
			'2026-02-30T10:00:00Z',
			'2026-07-01T25:00:00Z',
			'2026-07-01T09:00',
			'+275760-09-13T00:00:00Z',
		]) {
			expect(message(instantField, input), input).toEqual(DATE)
		}
	})

	test('a date or a date-time read as its Berlin date; a month', () => {
		expect(localDateOrInstantField.parse('2026-07-01')).toBe('2026-07-01')
		expect(localDateOrInstantField.parse('2026-07-01T23:30:00Z')).toBe('2026-07-02')
		expect(localDateOrInstantField.parse('2026-07-01T23:30')).toBe('2026-07-01')
		expect(message(localDateOrInstantField, '9999-12-31T23:30:00-05:00')).toEqual(RANGE)
		expect(dateOrInstantField.parse('2026-07-01T10:00')).toBe('2026-07-01T10:00')
		expect(message(dateOrInstantField, '9999-12-31T10:00')).toEqual(RANGE)
		expect(monthField.parse('2026-07')).toBe('2026-07')
		expect(message(monthField, '9999-12')).toEqual(RANGE)
		expect(message(monthField, '2026-13')).toEqual(DATE)
	})

	test('an empty date filter is no filter; a bad one is refused with the same messages', () => {
		const filter = tableFilterFields.date()
		expect(filter.parse('')).toBeUndefined()
		expect(filter.parse('2026-07-01')).toBe('2026-07-01')
		expect(message(filter, '9999-12-31')).toEqual(RANGE)
		expect(message(filter, 'x')).toEqual(DATE)
	})

	test('the message is translated in both languages', () => {
		expect(translateValidationMessage(getFixedT('de'), dateRangeMessage)).toBe(
			'Das Datum muss zwischen dem 1. Januar 2000 und heute in 10 Jahren liegen',
		)
		expect(translateValidationMessage(getFixedT('en'), dateRangeMessage)).toBe(
			'The date must be between 1 January 2000 and 10 years from today',
		)
	})
})
