import path from 'node:path'
import type { RouteConfigEntry } from '@react-router/dev/routes'
import { matchRoutes, type MiddlewareFunction, type RouteObject } from 'react-router'
import routeConfig from '#app/routes.ts'
import { callRoute, type RouteCallResult } from './route-harness.ts'

/**
 * The route table of app/routes.ts as tests see it: every leaf route with its
 * full path pattern and the modules from the root down, and `requestPage`,
 * which sends a request through that table — the React Router matcher picks
 * the routes, then the middleware of root, locale layout, area layout … runs
 * (route-harness) and the loaders of every matched route, outermost first.
 */
const APP_DIR = path.resolve('app')

export type TableRoute = {
	id: string
	/** Full pattern without a leading slash, e.g. "en?/host/orders/:orderId". */
	pattern: string
	file: string
	/** Files of the layouts above it, outermost first (root not included). */
	parents: string[]
}

type MatchRoute = { id: string; path?: string; index?: boolean; file: string; children?: MatchRoute[] }

const routeId = (entry: RouteConfigEntry) => entry.id ?? entry.file.replace(/\.[jt]sx?$/, '')

function toMatchRoutes(entries: RouteConfigEntry[]): MatchRoute[] {
	return entries.map((entry) => ({
		id: routeId(entry),
		path: entry.path,
		index: entry.index,
		file: entry.file,
		children: entry.children ? toMatchRoutes(entry.children) : undefined,
	}))
}

const ROOT: MatchRoute = { id: 'root', path: '', file: 'root.tsx', children: toMatchRoutes(routeConfig) }
// React Router's matcher only reads id, path, index and children; `file` rides along.
const MATCH_TREE = [ROOT] as unknown as RouteObject[]

/** Every leaf route of the table (layouts only contribute to their children). */
export function leafRoutes(): TableRoute[] {
	const out: TableRoute[] = []
	const walk = (entries: RouteConfigEntry[], prefix: string, parents: string[]) => {
		for (const entry of entries) {
			const pattern = [prefix, entry.path ?? ''].filter(Boolean).join('/')
			if (entry.children?.length) walk(entry.children, pattern, [...parents, entry.file])
			else out.push({ id: routeId(entry), pattern, file: entry.file, parents })
		}
	}
	walk(routeConfig, '', [])
	return out
}

/** The parameter names of a pattern (":orderId" → "orderId", "*" → "*"). */
export function paramNames(pattern: string): string[] {
	return pattern
		.split('/')
		.filter((segment) => segment.startsWith(':') || segment === '*')
		.map((segment) => (segment === '*' ? '*' : segment.slice(1).replace(/\?$/, '')))
}

/** A concrete path for a pattern: the `en?` segment as the locale asks, parameters filled in. */
export function fillPattern(pattern: string, locale: 'de' | 'en', values: Record<string, string>): string {
	const segments = pattern.split('/').flatMap((segment) => {
		if (segment === 'en?') return locale === 'en' ? ['en'] : []
		if (segment === '*') return [values['*'] ?? 'unknown-path']
		if (segment.startsWith(':')) {
			const name = segment.slice(1)
			const value = values[name]
			if (value === undefined) throw new Error(`no value for :${name} in ${pattern}`)
			return [encodeURIComponent(value)]
		}
		return [segment]
	})
	return `/${segments.join('/')}`
}

const SERVER_ERROR = { status: 500, json: undefined, location: null, setCookies: [] as string[] }

const routeIdOf = (route: RouteObject) => (route as MatchRoute).id

type RouteModule = {
	middleware?: MiddlewareFunction<Response>[]
	loader?: (args: unknown) => unknown
	action?: (args: unknown) => unknown
}

const loadModule = (file: string): Promise<RouteModule> =>
	import(/* @vite-ignore */ path.join(APP_DIR, file)) as Promise<RouteModule>

/**
 * GET (or POST with a form or a JSON body) through the route table. The root
 * module's middleware is route-harness's root middleware; the root loader only
 * reads display data and is not run.
 */
export async function requestPage(
	pathWithQuery: string,
	options: {
		cookie?: string
		form?: Record<string, string>
		json?: unknown
		headers?: Record<string, string>
	} = {},
): Promise<RouteCallResult & { routeId: string }> {
	const pathname = new URL(pathWithQuery, 'http://localhost').pathname
	const matches = matchRoutes(MATCH_TREE, pathname)
	const leaf = matches?.at(-1)
	if (!matches || !leaf || routeIdOf(leaf.route) === 'root') throw new Error(`no route matches ${pathname}`)
	const below = matches.slice(1)
	const modules = await Promise.all(below.map((match) => loadModule((match.route as MatchRoute).file)))
	const middleware = modules.flatMap((module) => module.middleware ?? [])
	const params = leaf.params as Record<string, string | undefined>
	const call = callRoute(
		async (args) => {
			if (options.form || options.json !== undefined) {
				const action = modules.at(-1)?.action
				if (!action) return new Response(null, { status: 405 })
				return action({ ...args, params })
			}
			let value: unknown = null
			for (const module of modules) {
				value = module.loader ? await module.loader({ ...args, params }) : null
				// A layout that answers with a redirect ends the request, as in React Router.
				if (value instanceof Response && value.status >= 300 && value.status < 400) return value
			}
			return value
		},
		{
			path: pathWithQuery,
			cookie: options.cookie,
			form: options.form,
			json: options.json,
			headers: options.headers,
			params,
			middleware,
		},
	)
	try {
		return { ...(await call), routeId: routeIdOf(leaf.route) }
	} catch (error) {
		// Anything else thrown is what React Router answers with a 500.
		return { ...SERVER_ERROR, headers: new Headers(), data: error, routeId: routeIdOf(leaf.route) }
	}
}
