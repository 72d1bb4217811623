import path from 'node:path'
import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig, type Plugin } from 'vite'
import { reactRouterPatches } from './scripts/vite/react-router-patches.ts'

const reactRouterDist = path.resolve('node_modules/react-router/dist/production')

type ModuleInfoLookup = (id: string) => { isEntry: boolean; importedIds: readonly string[] } | null

/**
 * Client build only (ADR 0125): every module that the client entry or the root route imports
 * statically is loaded by every page, so they go into one `shell` chunk. One file compresses
 * better than ~25 small ones (gzip sees React, React Router, i18next and the app's frame together,
 * and the import/export glue between chunks is gone), and a page asks for ~11 files instead of
 * ~33. Entry modules (the client entry, route modules) keep their own files: React Router's
 * manifest names them.
 */
let shellModules: Set<string> | null = null
function shellChunk(id: string, { getModuleInfo }: { getModuleInfo: ModuleInfoLookup }) {
	if (!shellModules) {
		shellModules = new Set()
		const roots = [path.resolve('app/entry.client.tsx'), path.resolve('app/root.tsx')]
		const queue = [...roots]
		while (queue.length) {
			const next = queue.pop()!
			for (const imported of getModuleInfo(next)?.importedIds ?? [])
				if (!shellModules.has(imported)) {
					shellModules.add(imported)
					queue.push(imported)
				}
		}
		for (const root of roots) shellModules.delete(root)
	}
	if (getModuleInfo(id)?.isEntry) return undefined
	return shellModules.has(id) ? 'shell' : undefined
}

/**
 * Server build only (ADR 0130): the bundle has no dynamic `import()`. tsx, which runs the server,
 * rewrites every ES module that has one and inlines that module's source map into its source: for
 * the ~1.9 MB server bundle, ~16 MB of live heap for the life of the process and ~0.8 s of every start.
 * The bundle is one file (`inlineDynamicImports` below); the one dynamic import left was React
 * Router's loader of route modules for the browser, which the server never calls (its route modules
 * are in the bundle). A dynamic import that appears in the bundle later is reported at build time.
 */
function serverBundleWithoutDynamicImport(): Plugin {
	const browserRouteModuleImport =
		/await import\(\s*\/\* @vite-ignore \*\/\s*\/\* webpackIgnore: true \*\/\s*route\.module\s*\)/
	return {
		name: 'spielzimmer:server-bundle-without-dynamic-import',
		apply: 'build',
		transform(code, id, options) {
			if (!options?.ssr || !id.includes('/react-router/dist/production/')) return null
			if (!browserRouteModuleImport.test(code)) return null
			return {
				code: code.replace(
					browserRouteModuleImport,
					'await Promise.reject(new Error("React Router loads route modules in the browser only: " + route.module))',
				),
				map: null,
			}
		},
		renderChunk(code) {
			if (this.environment?.name !== 'ssr') return null
			let dynamicImports = 0
			const visit = (node: unknown) => {
				if (!node || typeof node !== 'object') return
				if (Array.isArray(node)) return node.forEach(visit)
				if ((node as { type?: unknown }).type === 'ImportExpression') dynamicImports++
				for (const value of Object.values(node)) if (value && typeof value === 'object') visit(value)
			}
			visit(this.parse(code))
			if (dynamicImports > 0)
				this.warn(
					`The server bundle has ${dynamicImports} dynamic import(s): tsx inlines a source map into it (ADR 0130)`,
				)
			return null
		},
	}
}

export default defineConfig(({ command, isSsrBuild }) => ({
	plugins: [tailwindcss(), reactRouter(), reactRouterPatches(), serverBundleWithoutDynamicImport()],
	resolve: {
		// react-router's package exports only its development build (with dev-only
		// checks and warnings). Production bundles use the production build: on the
		// server it renders pages ~1.6× faster, in the browser it is smaller.
		alias:
			command === 'build'
				? [
						{ find: /^react-router$/, replacement: path.join(reactRouterDist, 'index.mjs') },
						{ find: /^react-router\/dom$/, replacement: path.join(reactRouterDist, 'dom-export.mjs') },
					]
				: [],
	},
	ssr: {
		// Bundled (not external) so that they and the app share the one react-router
		// copy above — its context classes must be identical across them.
		noExternal:
			command === 'build'
				? ['react-router', '@react-router/express', '@react-router/node', 'remix-i18next']
				: [],
	},
	build: {
		// The server bundle's entry is our Express-facing module, which pulls in
		// the React Router server build (see server/app.ts).
		// ADR 0130: one file without dynamic imports (see serverBundleWithoutDynamicImport).
		rollupOptions: isSsrBuild
			? { input: './server/app.ts', output: { inlineDynamicImports: true } }
			: { output: { manualChunks: shellChunk } },
		// Keep source maps out of the public client bundle.
		sourcemap: false,
		// ADR 0125: terser packs the browser's JavaScript ~2.5 % smaller than esbuild. The server
		// bundle stays unminified, as is Vite's default for it: it is not downloaded, and its stack
		// traces and CPU profiles stay readable.
		minify: isSsrBuild ? false : 'terser',
		terserOptions: { module: true, ecma: 2020, compress: { passes: 2 }, format: { comments: false } },
	},
	server: {
		// The custom Express server owns the HTTP server; Vite only serves HMR.
		hmr: { port: Number(process.env.HMR_PORT ?? 24678) },
	},
}))
