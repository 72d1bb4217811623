import os from 'node:os'
import path from 'node:path'
import { addDays, isoWeekday, localDateOf } from '#app/domain/berlin-time.ts'
import { migrateDatabase, openDatabase } from '#app/utils/db.server.ts'
import { bulkInsert } from './catalogue.bench.ts'
import {
	BYPASS_PAGE_CACHE,
	fmt,
	measureRps,
	pageJavaScriptGzipBytes,
	RETURNING_VISITOR,
	startAppServer,
	type Benchmark,
} from './harness.ts'

/**
 * Issue 4's page goals, through the whole HTTP stack (load generator on the
 * same box): the search page with a city + date filter and a playroom page,
 * each ≥ 300 requests/s, reported against the bare Express hello route of the
 * same run — served from the page micro-cache (anonymous visitors) and
 * rendered every time (cache bypassed, as for logged-in users). Measured on
 * the demo data and on a second server with 1,000 playrooms and 50,000
 * orders. Plus the gzipped JavaScript of the home, search and playroom pages
 * (budget 150 KiB).
 */
const SECONDS = 6
const JS_BUDGET_KIB = 150

/** The coming Saturday: the date families search for. */
export function nextSaturday(now: number) {
	let date = addDays(localDateOf(now), 1)
	while (isoWeekday(date) !== 6) date = addDays(date, 1)
	return date
}

async function measurePages(
	label: string,
	baseUrl: string,
	helloRps: number,
	pages: [string, string][],
	report: (line: string) => void,
) {
	report(`${label}:`)
	for (const [name, url] of pages) {
		for (const [mode, headers] of [
			['cached', RETURNING_VISITOR],
			['rendered', BYPASS_PAGE_CACHE],
		] as const) {
			const { rps, p99ms, non2xx } = await measureRps(`${baseUrl}${url}`, SECONDS, headers)
			const goal = rps >= 300 ? 'ok' : 'below 300'
			report(
				`  ${name.padEnd(8)} ${mode.padEnd(8)} ${fmt.rps(rps).padStart(13)}  p99 ${String(p99ms).padStart(4)} ms  ${(rps / helloRps).toFixed(3)}× hello  (goal ≥ 300 req/s: ${goal})${non2xx ? `  ${non2xx} non-2xx!` : ''}`,
			)
		}
	}
}

export const cataloguePagesBenchmark: Benchmark = {
	name: 'catalogue-pages',
	async run({ baseUrl, helloRps, report }) {
		const saturday = nextSaturday(Date.now())
		const search = `/playrooms/search?city=koeln&checkIn=${saturday}`
		// With guests and sorted by price every candidate is priced by the engine for them (issue 11).
		const guests = `/playrooms/search?checkIn=${saturday}&guests=12&sort=price`
		const detail = '/playrooms/spielwiese-ehrenfeld'
		report(`search page: ${search}; with guests: ${guests}`)
		await measurePages(
			'demo data (71 playrooms)',
			baseUrl,
			helloRps,
			[
				['search', search],
				['guests', guests],
				['playroom', detail],
			],
			report,
		)

		for (const [name, url] of [
			['/', '/'],
			['search', search],
			['playroom', detail],
		] as const) {
			const kib = (await pageJavaScriptGzipBytes(`${baseUrl}${url}`)) / 1024
			report(
				`JavaScript on ${name.padEnd(8)} (gzip)  ${kib.toFixed(1)} KiB  (budget ${JS_BUDGET_KIB} KiB${kib > JS_BUDGET_KIB ? ', OVER' : ''})`,
			)
		}

		// The same pages on 1,000 playrooms and 50,000 orders (the catalogue benchmark's data).
		const file = path.join(os.tmpdir(), `spielzimmer-pages-bench-${process.pid}.db`)
		const db = openDatabase(file)
		try {
			migrateDatabase(db)
			bulkInsert(db, Date.now())
		} finally {
			db.$client.close()
		}
		const big = await startAppServer({ DATABASE_PATH: file, SEED_DEMO: 'false' })
		try {
			await measurePages(
				'1,000 playrooms, 50,000 orders',
				big.baseUrl,
				helloRps,
				[
					['search', search],
					['guests', guests],
					['playroom', '/playrooms/bench-spielraum-7'],
				],
				report,
			)
		} finally {
			await big.stop()
		}
	},
}
