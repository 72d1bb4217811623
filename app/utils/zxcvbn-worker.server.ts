import { createRequire } from 'node:module'
import { Worker } from 'node:worker_threads'

/**
 * zxcvbn-ts in a worker thread (ADR 0129). Its dictionaries are ~30 MB of
 * objects and strings once loaded (hundreds of thousands of words with their
 * ranks). In the server's own heap every major GC had to mark them again,
 * which lengthened the pauses that set issue 15's p99, and each check (5–40 ms)
 * blocked every other request. In a worker they live in a heap of their own
 * and a check runs beside the event loop.
 *
 * The worker is CommonJS source evaluated by Node; the packages are resolved
 * here, from this module, so it finds them wherever the server is started.
 */
export type ZxcvbnResult = { score: number; warning: string | null; suggestions: string[] }

/** Only the first 64 characters are analysed (bounds the CPU time; a longer password is judged by them). */
const ANALYSED_LENGTH = 64

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads')
const [core, common, en, de] = workerData.modules.map((path) => require(path))
const zxcvbn = new core.ZxcvbnFactory({
	dictionary: { ...common.dictionary, ...en.dictionary, ...de.dictionary },
	graphs: common.adjacencyGraphs,
	maxLength: workerData.maxLength,
})
parentPort.on('message', ({ id, password, userInputs }) => {
	try {
		const result = zxcvbn.check(password, userInputs)
		parentPort.postMessage({
			id,
			result: { score: result.score, warning: result.feedback.warning, suggestions: result.feedback.suggestions },
		})
	} catch (error) {
		parentPort.postMessage({ id, error: String((error && error.message) || error) })
	}
})
`

type Pending = { worker: Worker; resolve: (result: ZxcvbnResult) => void; reject: (error: Error) => void }

let worker: Worker | undefined
let nextId = 0
const pending = new Map<number, Pending>()

function startWorker(): Worker {
	const require = createRequire(import.meta.url)
	const modules = [
		'@zxcvbn-ts/core',
		'@zxcvbn-ts/language-common',
		'@zxcvbn-ts/language-en',
		'@zxcvbn-ts/language-de',
	]
	const started = new Worker(WORKER_SOURCE, {
		eval: true,
		workerData: { modules: modules.map((name) => require.resolve(name)), maxLength: ANALYSED_LENGTH },
	})
	// Never keeps the process alive; the checks that wait hold it only through their callers.
	started.unref()
	started.on('message', ({ id, result, error }: { id: number; result?: ZxcvbnResult; error?: string }) => {
		const waiting = pending.get(id)
		pending.delete(id)
		if (result) waiting?.resolve(result)
		else waiting?.reject(new Error(error ?? 'password strength check failed'))
	})
	const fail = (error: Error) => {
		if (worker === started) worker = undefined
		for (const [id, waiting] of pending)
			if (waiting.worker === started) {
				pending.delete(id)
				waiting.reject(error)
			}
	}
	started.on('error', fail)
	started.on('exit', (code) => fail(new Error(`password strength worker exited (${code})`)))
	return started
}

/** Ends the worker (at shutdown); checks still waiting fail, the next check starts a new one. */
export async function stopZxcvbnWorker(): Promise<void> {
	const running = worker
	worker = undefined
	await running?.terminate()
}

/** Whether the worker has been started (the warm-up test asks). */
export const zxcvbnStarted = () => worker !== undefined

/** One check in the worker (started on first use; the first check waits for the dictionaries, ~0.4 s). */
export function zxcvbnCheck(password: string, userInputs: string[]): Promise<ZxcvbnResult> {
	worker ??= startWorker()
	const id = nextId++
	const running = worker
	return new Promise<ZxcvbnResult>((resolve, reject) => {
		pending.set(id, { worker: running, resolve, reject })
		// Referenced while a check waits, so a short-lived process (a script, a test) gets its answer.
		running.ref()
		running.postMessage({ id, password, userInputs })
	}).finally(() => {
		if (![...pending.values()].some((waiting) => waiting.worker === running)) running.unref()
	})
}
