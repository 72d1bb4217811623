/**
 * npm run bench — performance figures (printed, never asserted; PRODUCT goals
 * are compared by reading them). Needs the production build (npm run build).
 * Each capability adds its benchmark to BENCHMARKS.
 */
import fs from 'node:fs'
import { adminSearchBenchmark } from './admin-search.bench.ts'
import { adminBenchmark } from './admin.bench.ts'
import { bookingBenchmark } from './booking.bench.ts'
import { bundlesBenchmark } from './bundles.bench.ts'
import { chatBenchmark } from './chat.bench.ts'
import { catalogueBenchmark } from './catalogue.bench.ts'
import { cataloguePagesBenchmark } from './catalogue-pages.bench.ts'
import { foundationBenchmark } from './foundation.bench.ts'
import { lighthouseBenchmark } from './lighthouse.bench.ts'
import { renderPagesBenchmark } from './render-pages.bench.ts'
import { fmt, measureRps, startAppServer, startHelloServer, type Benchmark } from './harness.ts'

const BENCHMARKS: Benchmark[] = [
	foundationBenchmark,
	catalogueBenchmark,
	cataloguePagesBenchmark,
	renderPagesBenchmark,
	bookingBenchmark,
	adminSearchBenchmark,
	lighthouseBenchmark,
	bundlesBenchmark,
	adminBenchmark,
	chatBenchmark,
]

if (!fs.existsSync('build/server/index.js')) {
	console.error('No production build. Run `npm run build` first.')
	process.exit(1)
}

const only = process.argv.slice(2)
const selected = only.length ? BENCHMARKS.filter((b) => only.includes(b.name)) : BENCHMARKS

const hello = await startHelloServer()
await measureRps(hello.baseUrl, 2) // warm-up, as the rendered pages get (render-pages.bench.ts)
const helloRps = (await measureRps(hello.baseUrl, 6)).rps
await hello.stop()
console.log(`bare Express hello route: ${fmt.rps(helloRps)} (reference for the ratios below)\n`)

const app = await startAppServer()
try {
	for (const benchmark of selected) {
		console.log(`## ${benchmark.name}`)
		await benchmark.run({
			baseUrl: app.baseUrl,
			helloRps,
			databasePath: app.databasePath,
			report: (line) => console.log(`  ${line}`),
		})
		console.log('')
	}
} finally {
	await app.stop()
}
