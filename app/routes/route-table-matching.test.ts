import { matchRoutes, type RouteObject } from 'react-router'
import { describe, expect, test } from 'vitest'
import {
	cachedEntryRouteModules,
	cachedRouteMatch,
	cachedServerRoutes,
	cachedPartialManifestJson,
	cachedStaticDataRoutes,
	MAX_CACHED_PATHNAMES,
} from '#server/route-match-cache.ts'
import routeConfig from '../routes.ts'

/**
 * Every route of app/routes.ts resolves to the same route id in both locales,
 * through React Router's own matching and through the server's cached matching
 * (ADR 0111) — table-driven over the whole route table.
 */
type ConfigEntry = { id?: string; file: string; path?: string; index?: boolean; children?: ConfigEntry[] }

const routeId = (entry: ConfigEntry) => entry.id ?? entry.file.replace(/\.[jt]sx?$/, '')

function toRouteObjects(entries: ConfigEntry[]): RouteObject[] {
	return entries.map((entry) =>
		entry.index
			? { id: routeId(entry), index: true }
			: { id: routeId(entry), path: entry.path, children: toRouteObjects(entry.children ?? []) },
	)
}

/** One concrete URL path per leaf route: params filled in, a splat given two segments. */
function samplePaths(entries: ConfigEntry[], parent: string[] = []): { id: string; segments: string[] }[] {
	return entries.flatMap((entry) => {
		const own = (entry.path ?? '')
			.split('/')
			.filter(Boolean)
			.map((segment) =>
				segment === '*'
					? 'any/thing'
					: segment.startsWith(':')
						? `${segment.slice(1).replace('?', '')}-x1`
						: segment,
			)
		const segments = [...parent, ...own]
		if (entry.children?.length) return samplePaths(entry.children, segments)
		return [{ id: routeId(entry), segments }]
	})
}

const routes = toRouteObjects(routeConfig as ConfigEntry[])
const leaves = samplePaths(routeConfig as ConfigEntry[])

function pathFor(segments: string[], locale: 'de' | 'en') {
	const localized = segments.flatMap((segment) =>
		segment === 'en?' ? (locale === 'en' ? ['en'] : []) : [segment],
	)
	return `/${localized.join('/')}`
}

const uncached = (r: object, location: string | { pathname?: string }, basename: string) =>
	matchRoutes(r as RouteObject[], location, basename)

function leafId(matches: { route: unknown }[] | null) {
	return matches ? (matches[matches.length - 1]?.route as RouteObject).id : null
}

describe('the route table in both locales', () => {
	test('covers the whole table (both locales of every localized page)', () => {
		expect(leaves.length).toBeGreaterThan(150)
		expect(leaves.filter((leaf) => leaf.segments[0] === 'en?').length).toBeGreaterThan(100)
	})

	test.each(leaves.map((leaf) => [leaf.id, leaf] as const))('%s', (_id, leaf) => {
		const locales = leaf.segments[0] === 'en?' ? (['de', 'en'] as const) : (['de'] as const)
		for (const locale of locales) {
			const path = pathFor(leaf.segments, locale)
			const expected = leafId(matchRoutes(routes, path))
			// The same route in both locales.
			expect(leafId(matchRoutes(routes, pathFor(leaf.segments, 'de')))).toBe(expected)
			// The cached matching gives the same matches, twice (miss and hit).
			for (let i = 0; i < 2; i++)
				expect(cachedRouteMatch(uncached, routes, `${path}?q=1`, '/', false)).toEqual(
					matchRoutes(routes, path),
				)
		}
	})

	test('every sample reaches its own route', () => {
		const elsewhere = leaves
			.map((leaf) => [leaf.id, leafId(matchRoutes(routes, pathFor(leaf.segments, 'en')))] as const)
			.filter(([id, found]) => id !== found)
		expect(elsewhere).toEqual([])
	})
})

describe('cachedRouteMatch', () => {
	test('hands out copies: changing one result leaves the next one untouched', () => {
		const first = cachedRouteMatch(uncached, routes, '/en/playrooms/some-room', '/', false)
		expect(leafId(first)).toBe('playrooms/detail')
		first![0]!.params.playroomUrlPath = 'changed'
		first!.pop()
		const second = cachedRouteMatch(uncached, routes, '/en/playrooms/some-room', '/', false)
		expect(second).toEqual(matchRoutes(routes, '/en/playrooms/some-room'))
		expect(second![second!.length - 1]!.params.playroomUrlPath).toBe('some-room')
	})

	test('keys by pathname, basename and partial matching; no match is cached as no match', () => {
		let calls = 0
		const counting = (r: object, location: string | { pathname?: string }, basename: string) => {
			calls++
			return uncached(r, location, basename)
		}
		const table: RouteObject[] = [{ id: 'a', path: 'a' }]
		expect(cachedRouteMatch(counting, table, '/a', '/', false)).toHaveLength(1)
		expect(cachedRouteMatch(counting, table, { pathname: '/a' }, '/', false)).toHaveLength(1)
		expect(calls).toBe(1)
		expect(cachedRouteMatch(counting, table, '/b', '/', false)).toBeNull()
		expect(cachedRouteMatch(counting, table, '/b', '/', false)).toBeNull()
		expect(calls).toBe(2)
		cachedRouteMatch(counting, table, '/a', '/', true)
		cachedRouteMatch(counting, [{ id: 'a', path: 'a' }], '/a', '/', false)
		expect(calls).toBe(4)
	})

	test('stays bounded: starts over when full', () => {
		let calls = 0
		const table: RouteObject[] = [{ id: 'p', path: ':p' }]
		const counting = (r: object, location: string | { pathname?: string }, basename: string) => {
			calls++
			return uncached(r, location, basename)
		}
		for (let i = 0; i <= MAX_CACHED_PATHNAMES; i++) cachedRouteMatch(counting, table, `/${i}`, '/', false)
		cachedRouteMatch(counting, table, '/0', '/', false)
		expect(calls).toBe(MAX_CACHED_PATHNAMES + 2)
	})
})

describe('the route tree of the server render, made once per build (ADR 0112)', () => {
	test('the top-level call is built once per manifest and route modules; children calls are not cached', () => {
		const calls: unknown[][] = []
		const factory = (...args: unknown[]) => {
			calls.push(args)
			return [{ id: `tree-${calls.length}` }]
		}
		const manifest = {}
		const home = { default: () => null }
		const modules = { root: {}, home }
		const first = cachedServerRoutes(factory, manifest, modules, {}, false)
		expect(cachedServerRoutes(factory, manifest, modules, {}, false)).toBe(first)
		// The server runtime passes a new object per request with the same modules: still the one tree.
		expect(cachedServerRoutes(factory, manifest, { ...modules }, {}, false)).toBe(first)
		expect(calls).toHaveLength(1)
		// The recursion for a parent's children passes its id: always built.
		cachedServerRoutes(factory, manifest, modules, {}, false, 'root', {}, null)
		cachedServerRoutes(factory, manifest, modules, {}, false, 'root', {}, null)
		expect(calls).toHaveLength(3)
		// Other route modules (one changed, one missing), another manifest or SPA mode: their own tree.
		const changed = cachedServerRoutes(
			factory,
			manifest,
			{ ...modules, home: { default: () => null } },
			{},
			false,
		)
		expect(changed).not.toBe(first)
		expect(cachedServerRoutes(factory, manifest, { root: modules.root }, {}, false)).not.toBe(changed)
		expect(cachedServerRoutes(factory, {}, modules, {}, false)).not.toBe(first)
		expect(cachedServerRoutes(factory, manifest, modules, {}, true)).not.toBe(first)
		expect(calls).toHaveLength(7)
	})

	test("createStaticRouter's data routes are converted once per route tree", () => {
		let conversions = 0
		const convert = (manifest: Record<string, unknown>) => {
			conversions++
			manifest.root = { id: 'root' }
			return [manifest.root]
		}
		const tree = [{ id: 'root' }]
		const first = cachedStaticDataRoutes(tree, convert)
		expect(first.manifest).toEqual({ root: { id: 'root' } })
		expect(first.dataRoutes).toEqual([{ id: 'root' }])
		expect(cachedStaticDataRoutes(tree, convert)).toBe(first)
		expect(conversions).toBe(1)
		expect(cachedStaticDataRoutes([{ id: 'root' }], convert)).not.toBe(first)
		expect(conversions).toBe(2)
	})
})

describe('the route modules by id of a document request, made once per build (ADR 0127)', () => {
	test("one object per build's routes, from the runtime's own function; another build gets its own", () => {
		let calls = 0
		const byId = (routes: object) => {
			calls++
			return Object.fromEntries(
				Object.entries(routes as Record<string, { module: unknown }>).map(([id, r]) => [id, r.module]),
			)
		}
		const home = {}
		const routes = { root: { module: {} }, home: { module: home } }
		const first = cachedEntryRouteModules(routes, byId)
		expect(first).toEqual({ root: routes.root.module, home })
		expect(cachedEntryRouteModules(routes, byId)).toBe(first)
		expect(calls).toBe(1)
		const otherBuild = { home: { module: {} } }
		expect(cachedEntryRouteModules(otherBuild, byId)).toEqual({ home: otherBuild.home.module })
		expect(calls).toBe(2)
	})
})

describe("<Scripts>' partial manifest, once per pathname and matches (ADR 0122)", () => {
	test('built once per pathname and matched routes; another path or other matches build again', () => {
		let builds = 0
		const build = () => `{"n":${++builds}}`
		const manifest = {}
		const router = (pathname: string, ids: string[]) => ({
			state: { location: { pathname }, matches: ids.map((id) => ({ route: { id } })) },
		})
		const first = cachedPartialManifestJson(manifest, router('/a', ['root', 'a']), build)
		expect(cachedPartialManifestJson(manifest, router('/a', ['root', 'a']), build)).toBe(first)
		expect(builds).toBe(1)
		expect(cachedPartialManifestJson(manifest, router('/b', ['root', 'a']), build)).not.toBe(first)
		expect(cachedPartialManifestJson(manifest, router('/a', ['root', 'not-found']), build)).not.toBe(first)
		expect(cachedPartialManifestJson({}, router('/a', ['root', 'a']), build)).not.toBe(first)
		expect(builds).toBe(4)
	})
})
