import { transformWithEsbuild, type Plugin } from 'vite'

/**
 * Server build only (ADR 0136): object spread in the server bundle is compiled to plain property
 * assignments (esbuild's `__spreadValues` / `__spreadProps` helpers).
 *
 * Why: on Node 20 (V8 11.3), `{ ...source, extra }` copies `source`'s hidden class into a
 * "detached" one, and V8 never records a transition from a detached hidden class. Every property
 * added after the spread therefore makes a new hidden class, on every call, in the old generation:
 * React Router's per-loader `{ ...match, _lazyPromises, shouldLoad, … }`, its `<Link>` props, our
 * own `{ ...rest, href }`. The search page made 81 hidden classes per request, ~20 KB of old-space
 * garbage that only a mark-compact frees, and every inline cache that saw those objects went
 * megamorphic. Properties assigned one by one follow V8's cached transitions: one hidden class
 * for every call. (`{ extra, ...source }` and `Object.assign({}, …)` do not have the problem;
 * `scripts/vite/object-spread.test.ts` shows all of it on the running Node.)
 *
 * Only the server bundle: browsers' engines differ, and the client bundle's size counts.
 */
export const SPREAD_AS_ASSIGNMENTS = { 'object-rest-spread': false } as const

/** The chunk's code with every object spread and rest written as assignments; nothing else changes. */
export async function spreadAsAssignments(code: string, fileName = 'chunk.js'): Promise<string> {
	const result = await transformWithEsbuild(code, fileName, {
		loader: 'js',
		supported: SPREAD_AS_ASSIGNMENTS,
		// As written: no other syntax lowered, no minifying, no escaping of non-ASCII text.
		target: 'esnext',
		charset: 'utf8',
		legalComments: 'inline',
		minify: false,
		sourcemap: false,
	})
	return result.code
}

export function serverObjectSpreadAsAssignments(): Plugin {
	return {
		name: 'spielzimmer:server-object-spread-as-assignments',
		apply: 'build',
		async renderChunk(code, chunk) {
			if (this.environment?.name !== 'ssr') return null
			return { code: await spreadAsAssignments(code, chunk.fileName), map: null }
		},
	}
}
