import { createRequire } from 'node:module'
import os from 'node:os'
import { Worker } from 'node:worker_threads'
import { DAY_MS, startOfLocalDay } from '#app/domain/berlin-time.ts'

/**
 * Reading an iCal feed (docs/subsystems/ical.md, ADRs 0082 and 0140). A feed
 * is untrusted and node-ical is slow on some of them (57,714 one-off RRULE
 * events took ~36 s), so:
 *
 * 1. Before anything is parsed, the raw text's `BEGIN:VEVENT` and `RRULE`
 *    lines are counted; a feed over `ICAL_PARSE_LIMITS` is refused at once.
 * 2. node-ical parses and expands in a worker thread of its own (one per
 *    parse) with a heap limit and a wall-clock limit (the worker is
 *    terminated), so the event loop never waits for it. Its console output
 *    (node-ical warns per event) is counted there and summarised.
 * 3. At most `PARSE_CONCURRENCY` parses run at once in this process, and a
 *    host's parses run one after the other: a host with many feeds waits for
 *    its own, never takes every slot from the others.
 *
 * The worker is CommonJS source evaluated by Node, with node-ical resolved
 * here, from this module — the mechanism of zxcvbn-worker.server.ts (ADR
 * 0129): it runs the same under Vitest/tsx and in the server bundle.
 */
export type BusyPeriod = { uid: string; start: number; end: number; summary: string }

/** More periods than this in one feed is refused (a 5 MB feed of daily events for 10 years). */
export const MAX_PERIODS_PER_FEED = 5000

export const ICAL_PARSE_LIMITS = {
	/** `BEGIN:VEVENT` lines in the raw feed (an Airbnb-style export of a year has a few hundred). */
	maxEvents: 10_000,
	/** `RRULE` lines in the raw feed (each is expanded; node-ical needs ~0.5 ms for each, many more for some). */
	maxRules: 1_000,
	/** Wall-clock time of one parse in the worker; then it is terminated. */
	timeoutMs: 10_000,
	/** The worker's old generation; a feed needing more ends it with an out-of-memory error. */
	maxHeapMb: 128,
}
export type IcalParseLimits = typeof ICAL_PARSE_LIMITS

/**
 * Parses at once in this process: one on a two-CPU machine (the other CPU is the event loop's),
 * at most four.
 */
export const PARSE_CONCURRENCY = Math.max(1, Math.min(4, os.availableParallelism() - 1))

export type FeedParseErrorCode =
	'parse' | 'tooManyEvents' | 'tooManyComponents' | 'tooManyRules' | 'parseTimeout' | 'parseMemory'

export class FeedParseError extends Error {
	override name = 'FeedParseError'
	constructor(
		message: string,
		readonly code: FeedParseErrorCode = 'parse',
		/** Parameters of the host's message (hostIcal:syncErrors.<code>). */
		readonly params: Record<string, number> = { max: MAX_PERIODS_PER_FEED },
	) {
		super(message)
	}
}

/** What node-ical printed while reading a feed: how many lines and the first few distinct ones. */
export type ParseWarnings = { count: number; examples: string[] }

/** Lines matching `pattern` (global, multiline), counted up to `stopAfter`. */
function countLines(body: string, pattern: RegExp, stopAfter: number): number {
	let count = 0
	pattern.lastIndex = 0
	while (count < stopAfter && pattern.exec(body)) count++
	return count
}

// iCal names are case-insensitive; a property is its name followed by ":" or ";" (parameters).
const VEVENT_LINES = /^BEGIN:VEVENT[ \t]*$/gim
const RRULE_LINES = /^RRULE[:;]/gim

/** Refuses a feed with more events or recurrence rules than the limits, before it is parsed. */
export function assertComponentCounts(body: string, limits: Pick<IcalParseLimits, 'maxEvents' | 'maxRules'>) {
	if (countLines(body, VEVENT_LINES, limits.maxEvents + 1) > limits.maxEvents) {
		throw new FeedParseError(
			`more than ${limits.maxEvents} events (BEGIN:VEVENT) in the feed`,
			'tooManyComponents',
			{
				max: limits.maxEvents,
			},
		)
	}
	if (countLines(body, RRULE_LINES, limits.maxRules + 1) > limits.maxRules) {
		throw new FeedParseError(
			`more than ${limits.maxRules} recurrence rules (RRULE) in the feed`,
			'tooManyRules',
			{
				max: limits.maxRules,
			},
		)
	}
}

/** An expanded event as the worker reports it; all-day ones are turned into Berlin days here. */
type Instance = {
	uid: string
	start: number
	end: number
	fullDay: boolean
	/** Calendar dates (YYYY-MM-DD) of a date-only start and end, read in the worker's local time. */
	startDay: string
	endDay: string
	summary: string
}

type WorkerAnswer =
	| { ok: true; instances: Instance[]; warnings: ParseWarnings }
	| { ok: false; code: 'parse' | 'tooManyEvents'; message: string; warnings: ParseWarnings }

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads')
const warnings = { count: 0, examples: [] }
const note = (...args) => {
	warnings.count++
	const line = args.map(String).join(' ').slice(0, 300)
	if (warnings.examples.length < 3 && !warnings.examples.includes(line)) warnings.examples.push(line)
}
for (const method of ['log', 'info', 'warn', 'error', 'debug', 'trace']) console[method] = note
const ical = require(workerData.nodeIcal)
const { body, from, to, maxInstances } = workerData
const pad = (n) => String(n).padStart(2, '0')
const day = (d) => d.getFullYear() + '-' + pad(d.getMonth() + 1) + '-' + pad(d.getDate())
const text = (v) => (typeof v === 'string' ? v : v && typeof v === 'object' && 'val' in v ? String(v.val) : '')
function read() {
	let parsed
	try {
		parsed = ical.sync.parseICS(body)
	} catch (error) {
		return { ok: false, code: 'parse', message: 'could not read the feed: ' + ((error && error.message) || error) }
	}
	const instances = []
	for (const event of Object.values(parsed)) {
		if (!event || event.type !== 'VEVENT') continue
		if (event.status === 'CANCELLED' || event.transparency === 'TRANSPARENT' || !event.start) continue
		let expanded
		try {
			expanded = ical.expandRecurringEvent(event, { from: new Date(from), to: new Date(to), expandOngoing: true })
		} catch (error) {
			return { ok: false, code: 'parse', message: 'could not expand ' + event.uid + ': ' + ((error && error.message) || error) }
		}
		for (const instance of expanded) {
			if (instance.event.status === 'CANCELLED') continue
			instances.push({
				uid: event.uid + ':' + instance.start.getTime(),
				start: instance.start.getTime(),
				end: instance.end.getTime(),
				fullDay: Boolean(instance.isFullDay),
				startDay: day(instance.start),
				endDay: day(instance.end),
				summary: text(instance.summary).slice(0, 200),
			})
		}
		if (instances.length > maxInstances) {
			return { ok: false, code: 'tooManyEvents', message: 'more than ' + maxInstances + ' events in the sync window' }
		}
	}
	return { ok: true, instances }
}
parentPort.postMessage({ ...read(), warnings })
`

let nodeIcalPath: string | undefined

/** One parse in a new worker, ended after the time limit; settles exactly once. */
function parseInWorker(
	body: string,
	window: { from: number; to: number },
	limits: IcalParseLimits,
): Promise<WorkerAnswer> {
	nodeIcalPath ??= createRequire(import.meta.url).resolve('node-ical')
	return new Promise((resolve, reject) => {
		const worker = new Worker(WORKER_SOURCE, {
			eval: true,
			workerData: {
				nodeIcal: nodeIcalPath,
				body,
				from: window.from,
				to: window.to,
				// Full-day instances are moved to Berlin days afterwards, which can drop a few at the
				// window's edges: the worker stops at twice the limit, the exact limit is applied here.
				maxInstances: 2 * MAX_PERIODS_PER_FEED,
			},
			resourceLimits: { maxOldGenerationSizeMb: limits.maxHeapMb },
			// Whatever still reaches the worker's stdout or stderr is dropped, not logged line by line.
			stdout: true,
			stderr: true,
		})
		worker.stdout.resume()
		worker.stderr.resume()
		let done = false
		const settle = (settleWith: () => void) => {
			if (done) return
			done = true
			clearTimeout(timer)
			settleWith()
			void worker.terminate()
		}
		const timer = setTimeout(() => {
			const seconds = Math.ceil(limits.timeoutMs / 1000)
			settle(() => reject(new FeedParseError(`not read within ${seconds} s`, 'parseTimeout', { seconds })))
		}, limits.timeoutMs)
		worker.once('message', (answer: WorkerAnswer) => settle(() => resolve(answer)))
		// `on`, not `once`: a second error after the first must not go unhandled.
		worker.on('error', (error: Error & { code?: string }) =>
			settle(() =>
				reject(
					error.code === 'ERR_WORKER_OUT_OF_MEMORY'
						? new FeedParseError(`needs more than ${limits.maxHeapMb} MB to read`, 'parseMemory', {
								megabytes: limits.maxHeapMb,
							})
						: new FeedParseError(`the parser failed: ${error.message}`),
				),
			),
		)
		worker.once('exit', (code) => settle(() => reject(new FeedParseError(`the parser ended (${code})`))))
	})
}

// The parse slots: a FIFO of waiting parses, and per host the promise its next parse waits for.
let running = 0
const waiting: (() => void)[] = []
const hostQueues = new Map<string, Promise<void>>()

async function takeSlot() {
	if (running < PARSE_CONCURRENCY) running++
	else await new Promise<void>((resolve) => waiting.push(resolve))
}

/** Hands the slot to the next waiting parse, or frees it. */
function giveSlot() {
	const next = waiting.shift()
	if (next) next()
	else running--
}

/**
 * Runs `work` in a parse slot after the queue's earlier parses of the same `queue` (a host):
 * each host has at most one parse waiting for a slot, so the slots go round the hosts.
 */
function inParseSlot<T>(queue: string, work: () => Promise<T>): Promise<T> {
	const before = hostQueues.get(queue) ?? Promise.resolve()
	const turn = before.then(async () => {
		await takeSlot()
		try {
			return await work()
		} finally {
			giveSlot()
		}
	})
	const after = turn.then(
		() => {},
		() => {},
	)
	hostQueues.set(queue, after)
	void after.then(() => {
		if (hostQueues.get(queue) === after) hostQueues.delete(queue)
	})
	return turn
}

/** A date-only instance covers whole Berlin days (its calendar dates, whatever the worker's zone). */
function toPeriod(instance: Instance): BusyPeriod {
	let { start, end } = instance
	if (instance.fullDay) {
		const dayStart = startOfLocalDay(instance.startDay)
		end = end > start ? startOfLocalDay(instance.endDay) : dayStart + DAY_MS
		start = dayStart
	}
	return { uid: instance.uid, start, end, summary: instance.summary }
}

/**
 * Busy periods of a feed that overlap [from, to), sorted by start. Throws FeedParseError: not a
 * calendar, over a limit (counts, time, memory, periods in the window) or unreadable.
 * `onWarnings` gets node-ical's warnings of this feed once, summarised, if there were any.
 */
export async function parseFeedPeriods(
	body: string,
	window: { from: number; to: number },
	options: {
		/** Parses of one queue (a host) run one after the other. */
		queue?: string
		limits?: Partial<IcalParseLimits>
		onWarnings?: (warnings: ParseWarnings) => void
	} = {},
): Promise<BusyPeriod[]> {
	const limits = { ...ICAL_PARSE_LIMITS, ...options.limits }
	if (!/BEGIN:VCALENDAR/i.test(body)) throw new FeedParseError('not an iCalendar feed (no BEGIN:VCALENDAR)')
	assertComponentCounts(body, limits)
	const answer = await inParseSlot(options.queue ?? '', () => parseInWorker(body, window, limits))
	if (answer.warnings.count > 0) options.onWarnings?.(answer.warnings)
	if (!answer.ok) throw new FeedParseError(answer.message, answer.code)
	const periods: BusyPeriod[] = []
	for (const instance of answer.instances) {
		const period = toPeriod(instance)
		if (!(period.end > period.start) || period.end <= window.from || period.start >= window.to) continue
		periods.push(period)
	}
	if (periods.length > MAX_PERIODS_PER_FEED) {
		throw new FeedParseError(
			`more than ${MAX_PERIODS_PER_FEED} busy periods in the sync window`,
			'tooManyEvents',
		)
	}
	return periods.sort((a, b) => a.start - b.start)
}
