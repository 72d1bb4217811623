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
		report('page          JS (gzip)   files  budget')
		for (const page of BUNDLE_PAGES) {
			const files = firstVisitModules(manifest, page.path)
			const kib = gzipBytes(files) / KIB
			const over = kib > page.budgetKib
			report(
				`${page.label.padEnd(13)} ${`${kib.toFixed(1)} KiB`.padEnd(11)} ${String(files.length).padEnd(6)} ${page.budgetKib} KiB${over ? '  OVER BUDGET' : ''}`,
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
