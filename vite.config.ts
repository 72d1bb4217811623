import path from 'node:path'
import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig, type Plugin } from 'vite'
import { serverObjectSpreadAsAssignments } from './scripts/vite/object-spread.ts'
import { serverFunctionLiteralsYoung } from './scripts/vite/young-function-literals.ts'
import { ROUTER_COPIES_REQUEST, ROUTER_COPIES_REQUEST_IF_DIFFERENT } from './server/loader-request.ts'
import { EXPRESS_FORGETS_CONTROLLER, EXPRESS_RELEASES_CONTROLLER } from './server/request-release.ts'

const reactRouterDist = path.resolve('node_modules/react-router/dist/production')
const routeMatchCache = path.resolve('server/route-match-cache.ts')
const bufferedDocuments = path.resolve('server/buffered-documents.ts')
const requestRelease = path.resolve('server/request-release.ts')
const loaderRequest = path.resolve('server/loader-request.ts')

/**
 * Server build only: React Router's matching goes through a cache per pathname
 * (server/route-match-cache.ts, docs/decisions/0111-route-match-cache.md), and
 * the route tree its ServerRouter builds per render is made once (ADR 0112).
 */
function cachedRouteMatching(): Plugin {
	const declaration =
		'function matchRoutesImpl(routes, locationArg, basename, allowPartial, precomputedBranches) {'
	const serverRoutes = 'function createServerRoutes(manifest, routeModules, future, isSpaMode, parentId = "",'
	// createStaticRouter's first statements (whitespace-tolerant: the bundle's formatting may change).
	const staticRouterStart =
		/function createStaticRouter\(routes, context, opts = \{\}\) \{\s*let manifest = \{\};\s*let dataRoutes = convertRoutesToDataRoutes\(\s*routes,\s*mapRouteProperties,\s*void 0,\s*manifest\s*\);/
	const sendResponse = 'async function sendRemixResponse(res, nodeResponse) {'
	const entryRouteModules = 'routeModules: createEntryRouteModules(build.routes),'
	const partialManifestJson = /JSON\.stringify\(\s*getPartialManifest\(manifest, router\),\s*null,\s*2\s*\)/
	const patched = new Set<string>()
	return {
		name: 'spielzimmer:cached-route-matching',
		apply: 'build',
		transform(code, id, options) {
			if (!options?.ssr) return null
			// ADR 0122: a document rendered whole leaves in one `res.end` (server/buffered-documents.ts).
			if (id.includes('/@react-router/express/') && code.includes(sendResponse)) {
				patched.add('sendRemixResponse')
				let out = `import { sendBufferedDocument as __sendBufferedDocument } from ${JSON.stringify(bufferedDocuments)};
${code.replace(sendResponse, `${sendResponse}\n  if (__sendBufferedDocument(res, nodeResponse)) return;`)}`
				// ADR 0135: the request's signal is aborted once the response is out, so that undici lets go of it.
				if (out.includes(EXPRESS_FORGETS_CONTROLLER)) {
					patched.add('releaseRequest')
					out = `import { releaseRequest as __releaseRequest } from ${JSON.stringify(requestRelease)};
${out.replace(EXPRESS_FORGETS_CONTROLLER, EXPRESS_RELEASES_CONTROLLER)}`
				}
				return { code: out, map: null }
			}
			if (!id.includes('/react-router/dist/production/')) return null
			let out = code
			if (code.includes(declaration)) {
				patched.add('matchRoutesImpl')
				out = `import { cachedRouteMatch as __cachedRouteMatch } from ${JSON.stringify(routeMatchCache)};
${out.replace(declaration, declaration.replace('matchRoutesImpl', 'matchRoutesImplUncached'))}
function matchRoutesImpl(routes, locationArg, basename, allowPartial, precomputedBranches) {
  return __cachedRouteMatch(matchRoutesImplUncached, routes, locationArg, basename, allowPartial, precomputedBranches);
}`
			}
			// ADR 0112: the route tree ServerRouter builds per render, once per build.
			if (code.includes(serverRoutes)) {
				patched.add('createServerRoutes')
				out = `import { cachedServerRoutes as __cachedServerRoutes } from ${JSON.stringify(routeMatchCache)};
${out.replace(serverRoutes, serverRoutes.replace('createServerRoutes', 'createServerRoutesUncached'))}
function createServerRoutes(...args) {
  return __cachedServerRoutes(createServerRoutesUncached, ...args);
}`
			}
			// ADR 0112: the data routes createStaticRouter converts per render, once per route tree.
			if (staticRouterStart.test(out)) {
				patched.add('createStaticRouter')
				out = `import { cachedStaticDataRoutes as __cachedStaticDataRoutes } from ${JSON.stringify(routeMatchCache)};
${out.replace(
	staticRouterStart,
	`function createStaticRouter(routes, context, opts = {}) {
  let { manifest, dataRoutes } = __cachedStaticDataRoutes(routes, (manifest) => convertRoutesToDataRoutes(routes, mapRouteProperties, void 0, manifest));`,
)}`
			}
			// ADR 0127: the route modules by id the server runtime builds per document, once per build.
			if (out.includes(entryRouteModules)) {
				patched.add('createEntryRouteModules')
				out = `import { cachedEntryRouteModules as __cachedEntryRouteModules } from ${JSON.stringify(routeMatchCache)};
${out.replace(entryRouteModules, 'routeModules: __cachedEntryRouteModules(build.routes, createEntryRouteModules),')}`
			}
			// ADR 0122: the partial manifest <Scripts> inlines, once per pathname.
			if (partialManifestJson.test(out)) {
				patched.add('getPartialManifest')
				out = `import { cachedPartialManifestJson as __cachedPartialManifestJson } from ${JSON.stringify(routeMatchCache)};
${out.replace(
	partialManifestJson,
	'__cachedPartialManifestJson(manifest, router, () => JSON.stringify(getPartialManifest(manifest, router), null, 2))',
)}`
			}
			// ADR 0137: a loader gets the request itself where React Router's copy would not differ.
			if (out.includes(ROUTER_COPIES_REQUEST)) {
				patched.add('callRouteHandler')
				out = `import { loaderRequest as __loaderRequest } from ${JSON.stringify(loaderRequest)};
${out.replace(ROUTER_COPIES_REQUEST, ROUTER_COPIES_REQUEST_IF_DIFFERENT)}`
			}
			return out === code ? null : { code: out, map: null }
		},
		generateBundle() {
			// A React Router upgrade that renames one of these functions leaves its patch off: say so.
			if (this.environment?.name !== 'ssr' && !patched.size) return
			for (const name of [
				'matchRoutesImpl',
				'createServerRoutes',
				'createStaticRouter',
				'sendRemixResponse',
				'getPartialManifest',
				'createEntryRouteModules',
				'releaseRequest',
				'callRouteHandler',
			])
				if (!patched.has(name))
					this.warn(`React Router's ${name} was not found: its server-side patch is off`)
		},
	}
}

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
	plugins: [
		tailwindcss(),
		reactRouter(),
		cachedRouteMatching(),
		serverBundleWithoutDynamicImport(),
		serverObjectSpreadAsAssignments(),
		serverFunctionLiteralsYoung(),
	],
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
		// copy above — its context classes must be identical across them. `compression` is
		// bundled so that the build's young-function-literals step reaches its per-response
		// wrappers (ADR 0138; server/app.ts).
		noExternal:
			command === 'build'
				? ['react-router', '@react-router/express', '@react-router/node', 'remix-i18next', 'compression']
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
