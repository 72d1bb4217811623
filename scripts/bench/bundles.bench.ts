import fs from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { matchRoutes, type RouteObject } from 'react-router'
import type { Benchmark } from './harness.ts'
import { LIGHTHOUSE_PAGES } from './lighthouse.bench.ts'

/**
 * Issue 15's JavaScript budgets: the gzipped JavaScript a first visit to a page loads before it
 * hydrates — React Router's entry and its imports plus, for every route the URL matches, the route
 * module and its static imports — read from the build's React Router manifest
 * (build/client/assets/manifest-*.js), so back-office pages need no login. Lazy chunks loaded
 * later (the consent banner's library, the map) are not counted. Budgets: 150 KiB for public pages,
 * 250 KiB for back-office pages.
 */
const CLIENT_DIR = 'build/client'
const KIB = 1024
export const BUNDLE_PAGES: { label: string; path: string; budgetKib: number }[] = [
	...LIGHTHOUSE_PAGES.map(([label, pagePath]) => ({ label, path: pagePath, budgetKib: 150 })),
	{ label: 'host editor', path: '/host/playrooms/edit/1/basic-information', budgetKib: 250 },
]

type ManifestRoute = {
	id: string
	parentId?: string
	path?: string
	index?: boolean
	caseSensitive?: boolean
	module: string
	imports?: string[]
	clientLoaderModule?: string
	clientActionModule?: string
	clientMiddlewareModule?: string
	hydrateFallbackModule?: string
}
type Manifest = { entry: { module: string; imports: string[] }; routes: Record<string, ManifestRoute> }

export function readClientManifest(clientDir = CLIENT_DIR): Manifest {
	const file = fs.readdirSync(path.join(clientDir, 'assets')).find((name) => /^manifest-.*\.js$/.test(name))
	if (!file) throw new Error(`No React Router manifest in ${clientDir}/assets`)
	const source = fs.readFileSync(path.join(clientDir, 'assets', file), 'utf8')
	return JSON.parse(source.slice(source.indexOf('=') + 1).replace(/;\s*$/, '')) as Manifest
}

function routeTree(manifest: Manifest, parentId?: string): RouteObject[] {
	return Object.values(manifest.routes)
		.filter((route) => route.parentId === parentId)
		.map((route) => {
			const children = routeTree(manifest, route.id)
			return route.index
				? { id: route.id, index: true, path: route.path }
				: { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children }
		})
}

/** The JavaScript files a first visit to `url` loads at start (entry, matched routes, imports). */
export function firstVisitModules(manifest: Manifest, url: string): string[] {
	const matches = matchRoutes(routeTree(manifest), new URL(url, 'http://localhost').pathname) ?? []
	const files = new Set([manifest.entry.module, ...manifest.entry.imports])
	for (const match of matches) {
		const route = manifest.routes[match.route.id ?? '']
		if (!route) continue
		for (const file of [
			route.module,
			route.clientLoaderModule,
			route.clientActionModule,
			route.clientMiddlewareModule,
			route.hydrateFallbackModule,
			...(route.imports ?? []),
		])
			if (file) files.add(file)
	}
	return [...files]
}

/**
 * The chunks the page's route modules import dynamically (e.g. the checkout's steps, ADR 0128), with
 * their static imports, minus what the first visit already loaded: an upper bound of what the page
 * may load after it hydrated (some load only on demand, e.g. the login dialog). The entry's own
 * lazy chunks (consent library, toasts) are left out, as in the budget.
 */
export function lazyRouteModules(manifest: Manifest, files: string[], clientDir = CLIENT_DIR): string[] {
	const loaded = new Set(files)
	const entryFiles = new Set([manifest.entry.module, ...manifest.entry.imports])
	const lazy = new Set<string>()
	const pending = files
		.filter((file) => !entryFiles.has(file))
		.flatMap((file) => importsOf(file, clientDir, /\bimport\("\.\/([^"]+\.js)"\)/g))
	while (pending.length) {
		const file = pending.pop() as string
		if (loaded.has(file) || lazy.has(file)) continue
		lazy.add(file)
		pending.push(...importsOf(file, clientDir, /\bfrom\s*"\.\/([^"]+\.js)"/g))
	}
	return [...lazy]
}

function importsOf(file: string, clientDir: string, pattern: RegExp): string[] {
	const source = fs.readFileSync(path.join(clientDir, file), 'utf8')
	const directory = path.posix.dirname(file)
	return [...source.matchAll(pattern)].map((match) => path.posix.join(directory, match[1] ?? ''))
}

export function gzipBytes(files: string[], clientDir = CLIENT_DIR): number {
	return files.reduce(
		(total, file) => total + gzipSync(fs.readFileSync(path.join(clientDir, file)), { level: 9 }).length,
		0,
	)
}

export const bundlesBenchmark: Benchmark = {
	name: 'bundles',
	async run({ report }) {
		const manifest = readClientManifest()
		report('page          JS (gzip)   files  budget    + lazy route chunks (upper bound)')
		for (const page of BUNDLE_PAGES) {
			const files = firstVisitModules(manifest, page.path)
			const kib = gzipBytes(files) / KIB
			const over = kib > page.budgetKib
			const lazy = lazyRouteModules(manifest, files)
			const lazyKib = gzipBytes(lazy) / KIB
			report(
				`${page.label.padEnd(13)} ${`${kib.toFixed(1)} KiB`.padEnd(11)} ${String(files.length).padEnd(6)} ${`${page.budgetKib} KiB`.padEnd(9)} + ${lazyKib.toFixed(1)} KiB in ${lazy.length}${over ? '  OVER BUDGET' : ''}`,
			)
			if (over || process.env.BUNDLES_VERBOSE) {
				const largest = files
					.map((file) => ({ file, kib: gzipBytes([file]) / KIB }))
					.sort((a, b) => b.kib - a.kib)
					.slice(0, 5)
				report(`              largest: ${largest.map((f) => `${f.file} ${f.kib.toFixed(1)} KiB`).join(', ')}`)
			}
		}
	},
}
