import { expect, test } from 'vitest'
import { allSchemas, walkSchema } from '#tests/helpers/schema-walk.ts'
import type { z } from '#app/utils/validation.ts'
import { tableFilterFields } from './data-table.ts'
import { DATE_BOUND_CHECKS, multiLineCheck, singleLineCheck } from './fields.ts'

/**
 * Every schema in app/schemas gets the strict types (ADR 0053): a walk over
 * every exported schema finds each string and number it accepts.
 * - A string must carry the shared character check (safeString) or be held
 *   to a fixed alphabet by a format (regex, e-mail …), possibly in the next
 *   stage of a pipe.
 * - A number must never coerce (z.coerce would read "0x10" and `true`).
 * A new free-text field written as a bare z.string() fails here.
 */

/** Strings that are deliberately raw (exported schemas or field paths), with the reason. */
const RAW_STRINGS: Record<string, string> = {
	// Passwords are compared as typed and hashed byte for byte; normalising or
	// refusing characters would lock out users whose password holds them.
	'auth.newPasswordField': 'password',
	'auth.currentPasswordField': 'password',
	'auth.resetPasswordFormSchema.confirmPassword': 'password',
	'auth.changePasswordFormSchema.confirmPassword': 'password',
}

test('every string is checked or held to a format, every number is strict', () => {
	const schemas = allSchemas()
	const skip = new Set<z.ZodType>(schemas.filter(([name]) => RAW_STRINGS[name]).map(([, schema]) => schema))
	const seen = new Set<string>()
	const problems: string[] = []
	let strings = 0
	for (const [name, schema] of schemas) {
		walkSchema(
			schema,
			name,
			(def, path, covered) => {
				if (def.type === 'number' && def.coerce) problems.push(`${path}: z.coerce number`)
				if (def.type !== 'string') return
				strings++
				if (RAW_STRINGS[path]) seen.add(path)
				if (covered || RAW_STRINGS[path]) return
				const checks = (def.checks ?? []) as unknown[]
				const safe = checks.includes(singleLineCheck) || checks.includes(multiLineCheck)
				const formatted =
					def.format !== undefined ||
					(def.checks ?? []).some((check) => check._zod.def.check === 'string_format')
				if (!safe && !formatted) problems.push(`${path}: free text without the character check`)
			},
			{ skip },
		)
	}
	// Every exception names a real schema (exported or a field path).
	for (const name of Object.keys(RAW_STRINGS)) {
		expect(seen.has(name) || schemas.some(([exported]) => exported === name), name).toBe(true)
	}
	expect(strings).toBeGreaterThan(50)
	expect(problems).toEqual([])
})

/** Field names that hold a date, an instant or a month. */
const DATE_FIELD = /^(date|month|start|from|to|checkIn|checkOut|validFrom|validTo)$|Date$|At$/
/** Fields with such a name that hold something else, with what they hold. */
const NOT_DATES: Record<string, string> = {
	'host-editor.availabilitySchema.checkIn': 'overnight check-in time of day ("HH:MM")',
	'host-editor.availabilitySchema.checkOut': 'overnight check-out time of day ("HH:MM")',
	'host-editor.EDITOR_SECTIONS.availability.checkIn': 'the same schema',
	'host-editor.EDITOR_SECTIONS.availability.checkOut': 'the same schema',
}

test('every date field is held to the dates inputs may name (ADR 0143)', () => {
	const bounded = (schema: z.ZodType) => {
		let found = false
		walkSchema(schema, '', (def) => {
			if ((def.checks ?? []).some((check) => DATE_BOUND_CHECKS.includes(check))) found = true
		})
		return found
	}
	const dateFields: string[] = []
	const problems: string[] = []
	for (const [name, schema] of allSchemas()) {
		walkSchema(schema, name, (def, path) => {
			for (const [key, child] of Object.entries(def.shape ?? {})) {
				if (!DATE_FIELD.test(key) || NOT_DATES[`${path}.${key}`]) continue
				dateFields.push(`${path}.${key}`)
				if (!bounded(child)) problems.push(`${path}.${key}: a date without the bound`)
			}
		})
	}
	if (!bounded(tableFilterFields.date())) problems.push('data-table.tableFilterFields.date')
	expect(dateFields.length).toBeGreaterThan(15)
	expect(problems).toEqual([])
})
