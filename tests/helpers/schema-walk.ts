import type { z } from 'zod'

/**
 * Walks the Zod schemas of app/schemas (their internal definitions), for the
 * tests that check every field (schemas-coverage.test.ts) and the API fuzz
 * test (which takes its field names from here).
 */
export const SCHEMA_MODULES: Record<string, Record<string, unknown>> = Object.fromEntries(
	Object.entries(
		// Every module of app/schemas, so a new one is walked without being listed here.
		import.meta.glob<Record<string, unknown>>(['../../app/schemas/*.ts', '!../../app/schemas/*.test.ts'], {
			eager: true,
		}),
	).map(([file, exports]) => [file.replace(/^.*\/([\w-]+)\.ts$/, '$1'), exports]),
)

export type SchemaDef = {
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

export function defOf(schema: z.ZodType): SchemaDef {
	return (schema as unknown as { _zod: { def: SchemaDef } })._zod.def
}

export type SchemaVisit = (def: SchemaDef, path: string, covered: boolean) => void

/**
 * Visits every node. `covered`: the node's value goes on into a pipe whose
 * next stage checks it again (e.g. `z.string().trim().pipe(z.email())`).
 * Nodes in `skip` are not entered.
 */
export function walkSchema(
	schema: z.ZodType,
	path: string,
	visit: SchemaVisit,
	options: { skip?: Set<z.ZodType>; covered?: boolean } = {},
) {
	if (options.skip?.has(schema)) return
	const covered = options.covered ?? false
	const def = defOf(schema)
	visit(def, path, covered)
	const next = (child: z.ZodType, childPath: string, childCovered = covered) =>
		walkSchema(child, childPath, visit, { skip: options.skip, covered: childCovered })
	for (const [key, child] of Object.entries(def.shape ?? {})) next(child, `${path}.${key}`)
	if (def.in && def.out) {
		next(def.in, path, covered || defOf(def.out).type !== 'transform')
		next(def.out, path)
	}
	for (const child of [def.innerType, def.left, def.right, def.element]) if (child) next(child, path)
	for (const option of def.options ?? []) next(option, path)
}

const isSchema = (value: unknown): value is z.ZodType =>
	typeof value === 'object' && value !== null && '_zod' in value && 'safeParse' in value

/** Every exported schema (and schema-valued members of exported objects), named "module.export". */
export function allSchemas(): [string, z.ZodType][] {
	const found: [string, z.ZodType][] = []
	for (const [module, exports] of Object.entries(SCHEMA_MODULES)) {
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

/** Every object key any schema knows (the fuzz test's field names). */
export function allFieldNames(): string[] {
	const names = new Set<string>()
	for (const [name, schema] of allSchemas()) {
		walkSchema(schema, name, (def) => {
			for (const key of Object.keys(def.shape ?? {})) names.add(key)
		})
	}
	return [...names].sort()
}
