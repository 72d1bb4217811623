import { expect, test } from 'vitest'
import { allSchemas, walkSchema } from '#tests/helpers/schema-walk.ts'
import type { z } from '#app/utils/validation.ts'
import { multiLineCheck, singleLineCheck } from './fields.ts'

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
	// Checked by a refinement against a date grammar (digits, "-", ":", "T", "Z").
	'catalogue.localDateSchema': 'date',
	'catalogue.dateOrInstantSchema': 'date',
	'checkout.instantSchema': 'date',
	'checkout.localDayField': 'date',
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
