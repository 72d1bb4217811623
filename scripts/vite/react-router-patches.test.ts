import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { REACT_ROUTER_PATCHES, type Patch } from './react-router-patches.ts'

/**
 * The upgrade contract (docs/subsystems/rendering.md): every patch of the server build still fits
 * the installed React Router. This fails on the package a patch no longer fits, before any build.
 */
const PACKAGE_FILES: Record<Patch['module'], string[]> = {
	'react-router': fs
		.readdirSync('node_modules/react-router/dist/production')
		.filter((file) => file.endsWith('.mjs'))
		.map((file) => path.join('node_modules/react-router/dist/production', file)),
	'@react-router/express': ['node_modules/@react-router/express/dist/index.mjs'],
}

describe('every React Router patch applies to the installed packages', () => {
	test.each(REACT_ROUTER_PATCHES.map((patch) => [patch.name, patch] as const))('%s', (_name, patch) => {
		const changed = PACKAGE_FILES[patch.module].filter((file) => {
			const code = fs.readFileSync(file, 'utf8')
			return patch.apply(code) !== code
		})
		// The server bundle's copy, at least (the React Server Components build has one of its own).
		expect(changed.length).toBeGreaterThanOrEqual(1)
	})

	test('a patch whose anchor is gone changes nothing (and so fails the build)', () => {
		for (const patch of REACT_ROUTER_PATCHES)
			expect(patch.apply('function somethingElse() {}')).toBe('function somethingElse() {}')
	})
})
