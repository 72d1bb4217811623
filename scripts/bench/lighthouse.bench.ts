import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import type { Benchmark } from './harness.ts'

/**
 * Issue 11's Lighthouse figures (a benchmark, not a test): the mobile profile
 * (Lighthouse's default: Moto G-class device, simulated slow 4G and 4× CPU
 * slowdown) over home, search, a playroom page and the checkout, in Debian's
 * Chromium with the flags of playwright.config.ts. Goal: performance ≥ 98,
 * LCP ≤ 2.0 s, TBT ≤ 100 ms, CLS ≤ 0.05, accessibility 100.
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const FLAGS = [
	'--headless=new',
	'--no-sandbox',
	'--disable-gpu',
	'--disable-quic',
	'--no-first-run',
	'--disable-background-networking',
	'--disable-component-update',
	'--disable-sync',
]

export const LIGHTHOUSE_PAGES: [string, string][] = [
	['home', '/'],
	['search', '/playrooms?city=koeln'],
	['playroom', '/playrooms/spielwiese-ehrenfeld'],
	['checkout', '/public/playroomOrder/checkout?playroomUrlPath=spielwiese-ehrenfeld&bookingType=Hourly'],
]

type Audits = Record<string, { numericValue?: number; details?: unknown } | undefined>
type Table = { type?: string; items?: Record<string, unknown>[] }

/**
 * Why LCP is what it is: the LCP element, its phases (time to first byte,
 * resource load delay and time, render delay) and the render-blocking
 * requests — the figures to act on, not the score.
 */
function lcpCause(audits: Audits): string {
	const element = audits['largest-contentful-paint-element']?.details as { items?: Table[] } | undefined
	const node = element?.items?.[0]?.items?.[0]?.node as { selector?: string; nodeLabel?: string } | undefined
	const phases = (element?.items?.[1]?.items ?? [])
		.map((item) => `${String(item.phase)} ${Math.round(Number(item.timing ?? 0))}`)
		.join(', ')
	const blocking = ((audits['render-blocking-resources']?.details as Table | undefined)?.items ?? [])
		.map(
			(item) =>
				`${String(item.url).replace(/^https?:\/\/[^/]+/, '')} (${Math.round(Number(item.wastedMs ?? 0))} ms)`,
		)
		.join(', ')
	const label = node ? `${node.selector ?? ''} "${(node.nodeLabel ?? '').slice(0, 40)}"` : 'unknown'
	return `LCP element ${label}; phases ms: ${phases || '–'}; render-blocking: ${blocking || 'none'}; main thread ${Math.round(audits['mainthread-work-breakdown']?.numericValue ?? 0)} ms, JS boot-up ${Math.round(audits['bootup-time']?.numericValue ?? 0)} ms`
}

export const lighthouseBenchmark: Benchmark = {
	name: 'lighthouse',
	async run({ baseUrl, report }) {
		const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: FLAGS })
		try {
			report('page       perf  a11y  LCP      TBT     CLS    FCP')
			for (const [label, path] of LIGHTHOUSE_PAGES) {
				// A first visit warms the server's caches (images, page cache); the second is measured.
				for (const measured of [false, true]) {
					const result = await lighthouse(`${baseUrl}${path}`, {
						port: chrome.port,
						output: 'json',
						logLevel: 'error',
						onlyCategories: ['performance', 'accessibility'],
						// A returning visitor (locale chosen), so "/" does not redirect by Accept-Language.
						extraHeaders: { Cookie: 'culture=de-DE; i18n_redirected=de' },
					})
					if (!measured || !result) continue
					const { categories, audits, runtimeError } = result.lhr
					if (runtimeError) {
						report(`${label.padEnd(10)} no result: ${runtimeError.code} (${runtimeError.message})`)
						continue
					}
					const score = (key: string) => Math.round((categories[key]?.score ?? 0) * 100)
					const ms = (key: string) => `${Math.round(audits[key]?.numericValue ?? 0)} ms`
					report(
						[
							label.padEnd(10),
							String(score('performance')).padEnd(5),
							String(score('accessibility')).padEnd(5),
							ms('largest-contentful-paint').padEnd(8),
							ms('total-blocking-time').padEnd(7),
							(audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3).padEnd(6),
							ms('first-contentful-paint'),
						].join(' '),
					)
					const failing = Object.values(audits)
						.filter((audit) => audit.scoreDisplayMode === 'binary' && audit.score === 0)
						.map((audit) => audit.id)
					const a11y = (categories.accessibility?.auditRefs ?? [])
						.map((ref) => audits[ref.id])
						.filter((audit) => audit && audit.score === 0)
						.map((audit) => audit?.id)
					if (a11y.length) report(`           accessibility audits failing: ${a11y.join(', ')}`)
					report(`           ${lcpCause(audits)}`)
					if (process.env.LIGHTHOUSE_VERBOSE) report(`           failing: ${failing.join(', ')}`)
				}
			}
		} finally {
			chrome.kill()
		}
	},
}
