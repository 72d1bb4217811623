import { expect, test } from 'vitest'
import type { z } from '#app/utils/validation.ts'
import * as account from './account.ts'
import * as auth from './auth.ts'
import * as booking from './booking.ts'
import * as catalogue from './catalogue.ts'
import * as checkout from './checkout.ts'
import { multiLineCheck, singleLineCheck } from './fields.ts'

/**
 * Every schema in app/schemas gets the strict types (ADR 0053): a walk over
 * every exported schema finds each string and number it accepts.
 * - A string must carry the shared character check (safeString) or be held
 *   to a fixed alphabet by a format (regex, e-mail, date …).
 * - A number must never coerce (z.coerce would read "0x10" and `true`).
 * A new free-text field written as a bare z.string() fails here.
 */
const MODULES = { account, auth, booking, catalogue, checkout }

/** Strings that are deliberately raw, with the reason. */
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

type Def = {
	type: string
	checks?: { _zod: { def: { check: string } } }[]
	coerce?: boolean
	shape?: Record<string, z.ZodType>
	innerType?: z.ZodType
	in?: z.ZodType
	out?: z.ZodType
	options?: z.ZodType[]
	left?: z.ZodType
	right?: z.ZodType
	element?: z.ZodType
	format?: string
}

function defOf(schema: z.ZodType): Def {
	return (schema as unknown as { _zod: { def: Def } })._zod.def
}

type Visit = (def: Def, path: string, covered: boolean) => void

/**
 * Visits every node. `covered`: the node's value goes on into a pipe whose
 * next stage checks it again (e.g. `z.string().trim().pipe(z.email())`).
 */
function walk(schema: z.ZodType, path: string, visit: Visit, covered = false) {
	if (rawStrings.has(schema)) return
	const def = defOf(schema)
	visit(def, path, covered)
	for (const [key, child] of Object.entries(def.shape ?? {})) walk(child, `${path}.${key}`, visit)
	if (def.in && def.out) {
		walk(def.in, path, visit, covered || defOf(def.out).type !== 'transform')
		walk(def.out, path, visit, covered)
	}
	for (const child of [def.innerType, def.left, def.right, def.element]) {
		if (child) walk(child, path, visit, covered)
	}
	for (const option of def.options ?? []) walk(option, path, visit, covered)
}

const isSchema = (value: unknown): value is z.ZodType =>
	typeof value === 'object' && value !== null && '_zod' in value && 'safeParse' in value

const rawStrings = new Set<z.ZodType>()

function allSchemas() {
	const found: [string, z.ZodType][] = []
	for (const [module, exports] of Object.entries(MODULES)) {
		for (const [name, value] of Object.entries(exports)) {
			if (isSchema(value)) found.push([`${module}.${name}`, value])
			else if (typeof value === 'object' && value !== null) {
				for (const [key, inner] of Object.entries(value)) {
					if (isSchema(inner)) found.push([`${module}.${name}.${key}`, inner])
				}
			}
		}
	}
	return found
}


test('every string is checked or held to a format, every number is strict', () => {
	for (const [name, schema] of allSchemas()) if (RAW_STRINGS[name]) rawStrings.add(schema)
	const seen = new Set<string>()
	const problems: string[] = []
	let strings = 0
	for (const [name, schema] of allSchemas()) {
		walk(schema, name, (def, path, covered) => {
			if (def.type === 'number' && def.coerce) problems.push(`${path}: z.coerce number`)
			if (def.type !== 'string') return
			strings++
			if (RAW_STRINGS[path]) seen.add(path)
			if (covered || RAW_STRINGS[path]) return
			const checks = (def.checks ?? []).map((check) => check as unknown)
			const safe = checks.includes(singleLineCheck) || checks.includes(multiLineCheck)
			const formatted =
				def.format !== undefined ||
				(def.checks ?? []).some((check) => check._zod.def.check === 'string_format')
			if (!safe && !formatted) problems.push(`${path}: free text without the character check`)
		})
	}
	// Every exception names a real schema (exported or a field path).
	for (const name of Object.keys(RAW_STRINGS)) {
		expect(seen.has(name) || allSchemas().some(([exported]) => exported === name), name).toBe(true)
	}
	expect(strings).toBeGreaterThan(50)
	expect(problems).toEqual([])
})
