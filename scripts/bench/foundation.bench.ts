import {
	BYPASS_PAGE_CACHE,
	fmt,
	measureRps,
	pageJavaScriptGzipBytes,
	RETURNING_VISITOR,
	type Benchmark,
} from './harness.ts'

/**
 * The app shell: pages through the whole stack vs the bare Express hello
 * route — served from the page cache (anonymous visitors) and rendered every
 * time (cache bypassed, as for logged-in users) — and the JS budget.
 */
export const foundationBenchmark: Benchmark = {
	name: 'foundation',
	async run({ baseUrl, helloRps, report }) {
		for (const path of ['/', '/en/routes']) {
			for (const [label, headers] of [
				['cached', RETURNING_VISITOR],
				['rendered', BYPASS_PAGE_CACHE],
			] as const) {
				const { rps, p99ms, non2xx } = await measureRps(`${baseUrl}${path}`, 6, headers)
				report(
					`GET ${path.padEnd(12)} ${label.padEnd(9)} ${fmt.rps(rps).padStart(14)}  p99 ${String(p99ms).padStart(4)} ms  ${(rps / helloRps).toFixed(2)}× hello${non2xx ? `  (${non2xx} non-2xx!)` : ''}`,
				)
			}
		}
		const homeJs = await pageJavaScriptGzipBytes(`${baseUrl}/`)
		report(`JavaScript on / (gzip)   ${fmt.kib(homeJs)}  (budget 150 KiB)`)
	},
}
