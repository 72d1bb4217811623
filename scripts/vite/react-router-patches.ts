import path from 'node:path'
import type { Plugin } from 'vite'

/**
 * The server build's patches of React Router (docs/subsystems/rendering.md, "Upgrade contract").
 *
 * Each patch wraps one function of React Router's production bundle or of its Express adapter
 * with a cache or a faster path of ours. They are optimisations only: without them (the dev
 * server, which runs no build plugins) every page is the same (server/dev-server.test.ts). But a
 * patch that silently stops applying after an upgrade would be a silent slowdown, so:
 *
 * - the build FAILS when a patch finds nothing to change (`generateBundle` below);
 * - `react-router-patches.test.ts` applies every patch to the installed packages and fails when
 *   one no longer fits, before any build.
 *
 * After a React Router upgrade: run that test; where a patch no longer fits, read the new source
 * of the function it names, and either move the anchor or drop the patch (and its ADR).
 */
export type Patch = {
	/** The patched function, as named in React Router's source. */
	name: string
	/** Which installed file holds it: a path fragment of the module id. */
	module: 'react-router' | '@react-router/express'
	/** Changes `code`, or returns it unchanged when the anchor is not there. */
	apply: (code: string) => string
}

const routeMatchCache = path.resolve('server/route-match-cache.ts')
const bufferedDocuments = path.resolve('app/render/buffered-documents.server.ts')

function importing(binding: string, from: string, code: string) {
	return `import { ${binding} } from ${JSON.stringify(from)};\n${code}`
}

/** Renames `name`'s declaration to `<name>Uncached` and declares `name` as `wrapper`. */
function wrapFunction(
	name: string,
	declaration: string,
	binding: string,
	from: string,
	wrapper: string,
): Patch {
	return {
		name,
		module: 'react-router',
		apply: (code) =>
			code.includes(declaration)
				? importing(
						binding,
						from,
						`${code.replace(declaration, declaration.replace(`function ${name}(`, `function ${name}Uncached(`))}\n${wrapper}`,
					)
				: code,
	}
}

// createStaticRouter's first statements (whitespace-tolerant: the bundle's formatting may change).
const STATIC_ROUTER_START =
	/function createStaticRouter\(routes, context, opts = \{\}\) \{\s*let manifest = \{\};\s*let dataRoutes = convertRoutesToDataRoutes\(\s*routes,\s*mapRouteProperties,\s*void 0,\s*manifest\s*\);/
const ENTRY_ROUTE_MODULES = 'routeModules: createEntryRouteModules(build.routes),'
const PARTIAL_MANIFEST_JSON = /JSON\.stringify\(\s*getPartialManifest\(manifest, router\),\s*null,\s*2\s*\)/
const SEND_RESPONSE = 'async function sendRemixResponse(res, nodeResponse) {'

export const REACT_ROUTER_PATCHES: readonly Patch[] = [
	// ADR 0111: route matching through a cache per pathname.
	wrapFunction(
		'matchRoutesImpl',
		'function matchRoutesImpl(routes, locationArg, basename, allowPartial, precomputedBranches) {',
		'cachedRouteMatch as __cachedRouteMatch',
		routeMatchCache,
		`function matchRoutesImpl(routes, locationArg, basename, allowPartial, precomputedBranches) {
  return __cachedRouteMatch(matchRoutesImplUncached, routes, locationArg, basename, allowPartial, precomputedBranches);
}`,
	),
	// ADR 0112: the route tree ServerRouter builds per render, once per build.
	wrapFunction(
		'createServerRoutes',
		'function createServerRoutes(manifest, routeModules, future, isSpaMode, parentId = "",',
		'cachedServerRoutes as __cachedServerRoutes',
		routeMatchCache,
		`function createServerRoutes(...args) {
  return __cachedServerRoutes(createServerRoutesUncached, ...args);
}`,
	),
	// ADR 0112: the data routes createStaticRouter converts per render, once per route tree.
	{
		name: 'createStaticRouter',
		module: 'react-router',
		apply: (code) =>
			STATIC_ROUTER_START.test(code)
				? importing(
						'cachedStaticDataRoutes as __cachedStaticDataRoutes',
						routeMatchCache,
						code.replace(
							STATIC_ROUTER_START,
							`function createStaticRouter(routes, context, opts = {}) {
  let { manifest, dataRoutes } = __cachedStaticDataRoutes(routes, (manifest) => convertRoutesToDataRoutes(routes, mapRouteProperties, void 0, manifest));`,
						),
					)
				: code,
	},
	// ADR 0127: the route modules by id the server runtime builds per document, once per build.
	{
		name: 'createEntryRouteModules',
		module: 'react-router',
		apply: (code) =>
			code.includes(ENTRY_ROUTE_MODULES)
				? importing(
						'cachedEntryRouteModules as __cachedEntryRouteModules',
						routeMatchCache,
						code.replace(
							ENTRY_ROUTE_MODULES,
							'routeModules: __cachedEntryRouteModules(build.routes, createEntryRouteModules),',
						),
					)
				: code,
	},
	// ADR 0122: the partial manifest <Scripts> inlines, once per pathname.
	{
		name: 'getPartialManifest',
		module: 'react-router',
		apply: (code) =>
			PARTIAL_MANIFEST_JSON.test(code)
				? importing(
						'cachedPartialManifestJson as __cachedPartialManifestJson',
						routeMatchCache,
						code.replace(
							PARTIAL_MANIFEST_JSON,
							'__cachedPartialManifestJson(manifest, router, () => JSON.stringify(getPartialManifest(manifest, router), null, 2))',
						),
					)
				: code,
	},
	// ADR 0122: a document rendered whole leaves in one `res.end` (app/render/buffered-documents.server.ts).
	{
		name: 'sendRemixResponse',
		module: '@react-router/express',
		apply: (code) =>
			code.includes(SEND_RESPONSE)
				? importing(
						'sendBufferedDocument as __sendBufferedDocument',
						bufferedDocuments,
						code.replace(
							SEND_RESPONSE,
							`${SEND_RESPONSE}\n  if (__sendBufferedDocument(res, nodeResponse)) return;`,
						),
					)
				: code,
	},
]

function moduleOf(id: string): Patch['module'] | null {
	if (id.includes('/@react-router/express/')) return '@react-router/express'
	if (id.includes('/react-router/dist/production/')) return 'react-router'
	return null
}

/** The Vite plugin: applies the patches to the server build and fails it when one did not apply. */
export function reactRouterPatches(patches: readonly Patch[] = REACT_ROUTER_PATCHES): Plugin {
	const applied = new Set<string>()
	return {
		name: 'spielzimmer:react-router-patches',
		apply: 'build',
		transform(code, id, options) {
			if (!options?.ssr) return null
			const module = moduleOf(id)
			if (!module) return null
			let out = code
			for (const patch of patches) {
				if (patch.module !== module) continue
				const next = patch.apply(out)
				if (next !== out) applied.add(patch.name)
				out = next
			}
			return out === code ? null : { code: out, map: null }
		},
		generateBundle() {
			if (this.environment.name !== 'ssr') return
			const missing = patches.filter((patch) => !applied.has(patch.name)).map((patch) => patch.name)
			if (missing.length)
				this.error(
					`React Router patch(es) no longer apply: ${missing.join(', ')}. See scripts/vite/react-router-patches.ts.`,
				)
		},
	}
}
