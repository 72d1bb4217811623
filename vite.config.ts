import path from 'node:path'
import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'
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

export default defineConfig(({ command }) => ({
	plugins: [tailwindcss(), reactRouter(), reactRouterPatches()],
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
	// Keep source maps out of the public client bundle.
	build: {
		sourcemap: false,
		// ADR 0125: terser packs the browser's JavaScript ~2.5 % smaller than esbuild. Set here, not
		// under environments.client: there the build ignored it and shipped the client unminified
		// (the bundles bench caught it: 218 instead of 132 KiB gzipped for the shell chunk).
		minify: 'terser',
		terserOptions: { module: true, ecma: 2020, compress: { passes: 2 }, format: { comments: false } },
	},
	environments: {
		client: {
			build: { rollupOptions: { output: { manualChunks: shellChunk } } },
		},
		ssr: {
			build: {
				// The server bundle's entry is our Express-facing module, which pulls in the React
				// Router server build (see server/app.ts). Unminified, as is Vite's default for a server
				// build: it is not downloaded, and its stack traces and CPU profiles stay readable.
				rollupOptions: { input: './server/app.ts' },
				minify: false,
			},
		},
	},
	server: {
		// The custom Express server owns the HTTP server; Vite only serves HMR.
		hmr: { port: Number(process.env.HMR_PORT ?? 24678) },
	},
}))
