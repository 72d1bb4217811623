import { describe, expect, test } from 'vitest'
import { runWithV8Natives } from './run-with-natives.ts'
import { spreadAsAssignments } from './object-spread.ts'

// Makes 200 objects the way React Router makes its per-loader matches: a spread, then more properties.
const MAKE_OBJECTS = `
globalThis.made = []
function make(source, i) { return { ...source, index: i, label: 'x' } }
for (let i = 0; i < 200; i++) made.push(make({ id: i, name: 'n' }, i))
`
// How many of them share the hidden class of the one made before them (V8's natives syntax,
// which esbuild cannot parse: appended after compiling).
const COUNT_SAME_HIDDEN_CLASS = `
let same = 0
for (let i = 1; i < made.length; i++) if (%HaveSameMap(made[i], made[i - 1])) same++
console.log(same)
`

describe('object spread in the server bundle (ADR 0136)', () => {
	test('V8 here makes a new hidden class per `{ ...source, extra }`; written as assignments it makes one', async () => {
		// The premise: if a Node upgrade fixes V8, this fails and the build step can go.
		expect(Number(runWithV8Natives(MAKE_OBJECTS + COUNT_SAME_HIDDEN_CLASS))).toBeLessThan(20)
		const compiled = await spreadAsAssignments(MAKE_OBJECTS)
		expect(Number(runWithV8Natives(compiled + COUNT_SAME_HIDDEN_CLASS))).toBe(199)
	})

	test('the compiled spread gives the same objects as the native one', async () => {
		const cases = `
const symbol = Symbol.for('s')
const withGetter = { get computed() { return 42 }, plain: 1 }
const results = [
  { ...{ a: 1, b: 2 }, b: 3 },
  { b: 3, ...{ a: 1, b: 2 } },
  { ...null, ...undefined, ...'ab', ...[7] },
  { ...withGetter, extra: true },
  { ...{ [symbol]: 'sym', visible: 1 } }[symbol],
  Object.keys({ ...Object.defineProperty({ shown: 1 }, 'hidden', { value: 2, enumerable: false }) }),
  Object.getPrototypeOf({ ...{ ['__proto__']: 5 } }) === Object.prototype,
  (({ a, ...rest }) => rest)({ a: 1, b: 2, c: 3 }),
]
const descriptor = Object.getOwnPropertyDescriptor({ ...withGetter }, 'computed')
results.push(descriptor.value, descriptor.writable, 'get' in descriptor)
console.log(JSON.stringify(results))
`
		const compiled = await spreadAsAssignments(cases)
		expect(compiled).not.toMatch(/\{\s*\.\.\./)
		expect(runWithV8Natives(compiled)).toBe(runWithV8Natives(cases))
	})

	test('leaves everything else as written', async () => {
		const code =
			'export const price = (cents) => `${(cents / 100).toFixed(2)} €`\nconst list = [...[1, 2], 3]\n'
		const compiled = await spreadAsAssignments(code)
		expect(compiled).toContain('€')
		expect(compiled).toContain('[...[1, 2], 3]')
		expect(compiled).toContain('export const price')
	})
})
