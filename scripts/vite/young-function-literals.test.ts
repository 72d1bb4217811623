import { describe, expect, test } from 'vitest'
import { runWithV8Natives } from './run-with-natives.ts'
import { spreadAsAssignments } from './object-spread.ts'
import { allocateFunctionLiteralsYoung, pretenuredFunctionLiterals } from './young-function-literals.ts'

// A response wrapper as `compression` writes it (esbuild cannot parse V8's `%` syntax, so the
// check that reads where V8 put the closure is appended after rewriting).
const WRAP_RESPONSE = `
function wrap(res) { const context = { res }; res.write = function write(chunk) { return context } }
globalThis.res = {}
wrap(globalThis.res)
`
const IS_YOUNG = 'console.log(%InYoungGeneration(globalThis.res.write))'

describe('function literals assigned to properties in the server bundle (ADR 0138)', () => {
	test('V8 here allocates such a closure in the old generation; rewritten, in the young one', () => {
		// The premise: if a Node upgrade changes V8's choice, this fails and the build step can go.
		expect(runWithV8Natives(WRAP_RESPONSE + IS_YOUNG)).toBe('false')
		expect(runWithV8Natives(allocateFunctionLiteralsYoung(WRAP_RESPONSE) + IS_YOUNG)).toBe('true')
	})

	test('only assignments to properties inside functions, nested ones included', () => {
		const code = [
			'Foo.prototype.run = function run() { return 1 }',
			'exports.x = () => 2',
			'function handler(req, res) {',
			'  let local = () => 3',
			'  res.end = function end() { res.on = (type) => type; return local }',
			'  res.locals.user = { name: () => 4 }',
			'}',
		].join('\n')
		const rewritten = allocateFunctionLiteralsYoung(code)
		expect(pretenuredFunctionLiterals(code)).toHaveLength(2)
		expect(rewritten).toContain('Foo.prototype.run = function run()')
		expect(rewritten).toContain('exports.x = () => 2')
		expect(rewritten).toContain('let local = () => 3')
		expect(rewritten).toContain(
			'res.end = (0, function end() { res.on = (0, (type) => type); return local })',
		)
		expect(rewritten).toContain('res.locals.user = { name: () => 4 }')
	})

	test('esbuild, which the build runs over the same chunk, keeps the rewritten form', async () => {
		const rewritten = allocateFunctionLiteralsYoung(WRAP_RESPONSE)
		expect(await spreadAsAssignments(rewritten)).toContain('res.write = (0, function write(chunk)')
	})

	test('the rewritten code behaves the same, with non-ASCII text before the literals', () => {
		const code = `
const label = '€ – …'
function wrap(target) { target.format = (cents) => \`\${label} \${(cents / 100).toFixed(2)}\`; target.self = function () { return this } }
const target = {}
wrap(target)
console.log(target.format(1250), target.self() === target)
`
		const rewritten = allocateFunctionLiteralsYoung(code)
		expect(rewritten).not.toBe(code)
		expect(runWithV8Natives(rewritten)).toBe(runWithV8Natives(code))
		expect(runWithV8Natives(code)).toBe('€ – … 12.50 true')
	})
})
