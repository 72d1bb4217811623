import { parseAst, type Plugin } from 'vite'

/**
 * Server build only (ADR 0138): a function literal assigned to a property inside a function,
 * `res.write = function write(chunk) { … }`, is written `res.write = (0, function write…)`.
 *
 * Why: V8's parser marks a function literal on the right of a property assignment as
 * "pretenured" (it expects `Foo.prototype.bar = function …` and `exports.x = …`, which live for
 * the whole program) and allocates that closure in the old generation. Created per request, such
 * a closure is old garbage pointing at its young context: every minor GC takes the pointer as a
 * root, so the context and all it reaches (for `compression`'s wrappers of `res.write` and
 * `res.end`: the request, the response and everything hanging off them) are promoted and wait
 * for a mark-compact. The same closure as the last operand of a comma expression is an ordinary
 * young object. (Not `void 0 || f`: esbuild folds that back to `f`, even without minifying.)
 * (`scripts/vite/young-function-literals.test.ts` shows both on the running Node.)
 *
 * Assignments at a module's top level keep V8's choice: they do run once, and live long.
 * `(0, f)` is `f`; only where V8 allocates it changes (and a stack trace may name it
 * `<anonymous>` instead of `res.write`).
 */
type Node = { type: string; start: number; end: number; [key: string]: unknown }

const FUNCTION_TYPES = new Set(['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression'])

/** Start and end of each function literal assigned to a property inside a function. */
export function pretenuredFunctionLiterals(code: string): Array<[start: number, end: number]> {
	const found: Array<[number, number]> = []
	const visit = (node: unknown, insideFunction: boolean) => {
		if (!node || typeof node !== 'object') return
		if (Array.isArray(node)) {
			for (const child of node) visit(child, insideFunction)
			return
		}
		const { type } = node as Node
		if (typeof type !== 'string') return
		const assignment = node as Node & { operator?: string; left?: Node; right?: Node }
		if (
			insideFunction &&
			type === 'AssignmentExpression' &&
			assignment.operator === '=' &&
			assignment.left?.type === 'MemberExpression' &&
			(assignment.right?.type === 'FunctionExpression' ||
				assignment.right?.type === 'ArrowFunctionExpression')
		)
			found.push([assignment.right.start, assignment.right.end])
		const inside = insideFunction || FUNCTION_TYPES.has(type)
		for (const [key, value] of Object.entries(node))
			if (key !== 'start' && key !== 'end' && value && typeof value === 'object') visit(value, inside)
	}
	visit(parseAst(code), false)
	return found
}

export function allocateFunctionLiteralsYoung(code: string): string {
	const insertions = pretenuredFunctionLiterals(code).flatMap(([start, end]) => [
		{ at: end, text: ')' },
		{ at: start, text: '(0, ' },
	])
	// From the end, so that the offsets still to come stay valid (nested literals included).
	insertions.sort((a, b) => b.at - a.at)
	let out = code
	for (const { at, text } of insertions) out = `${out.slice(0, at)}${text}${out.slice(at)}`
	return out
}

export function serverFunctionLiteralsYoung(): Plugin {
	return {
		name: 'spielzimmer:server-function-literals-young',
		apply: 'build',
		renderChunk(code) {
			if (this.environment?.name !== 'ssr') return null
			return { code: allocateFunctionLiteralsYoung(code), map: null }
		},
	}
}
