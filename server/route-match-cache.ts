/**
 * A cache of React Router's route matches per pathname, for the server build
 * (ADR 0111). React Router matches a document request 4–5 times against the
 * whole route table (the request handler, the static handler, and every
 * ancestor path for lazy route discovery); each match walks up to ~300
 * branches (the `en?` segment doubles the table). vite.config.ts wraps the
 * bundled `matchRoutesImpl` in `cachedRouteMatch`; the browser is unchanged.
 *
 * Safe because the server's route table never changes after start (nothing
 * patches it on the server) and a match depends only on the table (or its
 * precomputed branches), the pathname, the basename and `allowPartial`. Callers get a fresh copy of the
 * cached matches, so nothing they do to them leaks into another request.
 */
type Match = {
	params: Record<string, string | undefined>
	pathname: string
	pathnameBase: string
	route: unknown
}
type Matcher = (
	routes: object,
	location: string | { pathname?: string },
	basename: string,
	allowPartial: boolean,
	precomputedBranches?: object,
) => Match[] | null

/** Pathnames kept per route table; the cache starts over when full (URLs come from outside). */
export const MAX_CACHED_PATHNAMES = 2_000

const caches = new WeakMap<object, Map<string, Match[] | null>>()

function copy(matches: Match[] | null): Match[] | null {
	if (!matches) return null
	// Every match of one result shares one params object (React Router's own shape).
	const params = { ...matches[matches.length - 1]?.params }
	return matches.map((match) => ({
		params,
		pathname: match.pathname,
		pathnameBase: match.pathnameBase,
		route: match.route,
	}))
}

export function cachedRouteMatch(
	uncached: Matcher,
	routes: object,
	location: string | { pathname?: string },
	basename: string,
	allowPartial: boolean,
	precomputedBranches?: object,
): Match[] | null {
	const pathname = typeof location === 'string' ? location.split(/[?#]/, 1)[0] : location.pathname
	if (pathname === undefined) return uncached(routes, location, basename, allowPartial, precomputedBranches)
	// With precomputed branches the match depends on them only (the static router of each render has
	// a new `routes` array, but the static handler's branches are made once at start).
	const table = precomputedBranches ?? routes
	let cache = caches.get(table)
	if (!cache) caches.set(table, (cache = new Map()))
	const key = `${basename}\u0000${allowPartial ? 1 : 0}\u0000${pathname}`
	let matches = cache.get(key)
	if (matches === undefined) {
		matches = uncached(routes, location, basename, allowPartial, precomputedBranches)
		if (cache.size >= MAX_CACHED_PATHNAMES) cache.clear()
		cache.set(key, matches)
	}
	return copy(matches)
}

type ServerRoutesFactory = (
	manifest: object,
	routeModules: object,
	future: unknown,
	isSpaMode: boolean,
	...rest: unknown[]
) => unknown[]

type ServerRoutesEntry = {
	isSpaMode: boolean
	routeModules: Record<string, unknown>
	ids: string[]
	routes: unknown[]
}
const serverRoutes = new WeakMap<object, ServerRoutesEntry>()

/**
 * The same modules per route id: React Router passes a new object per request, with the build's
 * modules. `ids` are the cached object's keys, taken once; both objects come from the same build
 * (the cache is keyed by its manifest), so they have the same ids and only the modules are compared.
 */
function sameModules(
	ids: readonly string[],
	a: Record<string, unknown>,
	b: Record<string, unknown>,
): boolean {
	if (a === b) return true
	for (const id of ids) if (a[id] !== b[id]) return false
	return true
}

/**
 * React Router's `ServerRouter` rebuilds the whole route tree for React
 * (`createServerRoutes`: one object per route, ~150) on every render, from the
 * build's manifest and route modules, which never change after start. The
 * tree of a build is made once. The server runtime hands over a new
 * `routeModules` object per request (`createEntryRouteModules`), so the cache
 * is keyed by the manifest and checks that the modules are the same ones.
 * Only the top-level call is cached (the recursion for children passes a
 * parent id).
 */
export function cachedServerRoutes(
	uncached: ServerRoutesFactory,
	manifest: object,
	routeModules: Record<string, unknown>,
	future: unknown,
	isSpaMode: boolean,
	...rest: unknown[]
): unknown[] {
	if (rest.some((value) => value !== undefined && value !== ''))
		return uncached(manifest, routeModules, future, isSpaMode, ...rest)
	const cached = serverRoutes.get(manifest)
	if (cached && cached.isSpaMode === isSpaMode && sameModules(cached.ids, cached.routeModules, routeModules))
		return cached.routes
	const routes = uncached(manifest, routeModules, future, isSpaMode, ...rest)
	serverRoutes.set(manifest, { isSpaMode, routeModules, ids: Object.keys(routeModules), routes })
	return routes
}

const entryRouteModules = new WeakMap<object, unknown>()

/**
 * The server runtime builds `{ [routeId]: module }` for all ~150 routes on every document request
 * (`createEntryRouteModules`, a dictionary-mode object per page), from the build's routes, which
 * never change after start. It is made once per build; React Router only reads it on the server.
 * The same object per request also makes `sameModules` above a single identity check.
 */
export function cachedEntryRouteModules<T>(routes: object, uncached: (routes: object) => T): T {
	let cached = entryRouteModules.get(routes) as T | undefined
	if (cached === undefined) {
		cached = uncached(routes)
		entryRouteModules.set(routes, cached)
	}
	return cached
}

type StaticDataRoutes = { dataRoutes: unknown[]; manifest: Record<string, unknown> }
const staticDataRoutes = new WeakMap<object, StaticDataRoutes>()

/**
 * `createStaticRouter` converts the route tree to data routes (ids, flags, a
 * manifest by id) on every render. The result depends on the tree only, and
 * the tree is the cached one above, so it is converted once per tree. Nothing
 * on the server changes data routes after the conversion (no route patching
 * or lazy routes in a static render).
 */
export function cachedStaticDataRoutes(
	routes: object,
	convert: (manifest: Record<string, unknown>) => unknown[],
): StaticDataRoutes {
	let cached = staticDataRoutes.get(routes)
	if (!cached) {
		const manifest = {}
		cached = { dataRoutes: convert(manifest), manifest }
		staticDataRoutes.set(routes, cached)
	}
	return cached
}

type ManifestRouter = { state: { location: { pathname: string }; matches: { route: { id: string } }[] } }
const partialManifests = new WeakMap<object, Map<string, string>>()

/**
 * `<Scripts>` inlines the part of the route manifest a page needs for lazy
 * route discovery (its matches and the routes of every ancestor path),
 * pretty-printed, on every render. It depends on the build's manifest, the
 * pathname and the matched routes only, so its JSON is kept per pathname.
 */
export function cachedPartialManifestJson(
	manifest: object,
	router: ManifestRouter,
	build: () => string,
): string {
	let byPath = partialManifests.get(manifest)
	if (!byPath) partialManifests.set(manifest, (byPath = new Map()))
	let key = router.state.location.pathname
	for (const match of router.state.matches) key += `\u0000${match.route.id}`
	let json = byPath.get(key)
	if (json === undefined) {
		json = build()
		if (byPath.size >= MAX_CACHED_PATHNAMES) byPath.clear()
		byPath.set(key, json)
	}
	return json
}
