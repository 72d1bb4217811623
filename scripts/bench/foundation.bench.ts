import { fmt, measureRps, pageJavaScriptGzipBytes, type Benchmark } from './harness.ts'

/** The app shell: a page through the whole stack vs the bare Express hello route; JS budget. */
export const foundationBenchmark: Benchmark = {
	name: 'foundation',
	async run({ baseUrl, helloRps, report }) {
		for (const path of ['/', '/en/routes']) {
			const { rps, p99ms, non2xx } = await measureRps(`${baseUrl}${path}`, 6)
			report(
				`GET ${path.padEnd(12)} ${fmt.rps(rps).padStart(14)}  p99 ${p99ms} ms  ${(rps / helloRps).toFixed(2)}× hello${non2xx ? `  (${non2xx} non-2xx!)` : ''}`,
			)
		}
		const homeJs = await pageJavaScriptGzipBytes(`${baseUrl}/`)
		report(`JavaScript on / (gzip)   ${fmt.kib(homeJs)}  (budget 150 KiB)`)
	},
}
