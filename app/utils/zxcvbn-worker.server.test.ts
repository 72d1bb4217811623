import { afterAll, describe, expect, test } from 'vitest'
import { stopZxcvbnWorker, zxcvbnCheck, zxcvbnStarted } from './zxcvbn-worker.server.ts'

/** ADR 0129: zxcvbn runs in a worker thread; its answers are zxcvbn's own. */
describe('zxcvbn in a worker thread', () => {
	afterAll(() => stopZxcvbnWorker())

	test('answers checks in parallel, each with its own result, with the user inputs taken into account', async () => {
		expect(zxcvbnStarted()).toBe(false)
		const [weak, strong, own] = await Promise.all([
			zxcvbnCheck('password123', []),
			zxcvbnCheck('Kastanienbaum-Fahrrad-Regenschirm', []),
			zxcvbnCheck('mirabellenbaum', ['mirabellenbaum']),
		])
		expect(zxcvbnStarted()).toBe(true)
		expect(weak.score).toBeLessThan(3)
		expect(weak.warning).not.toBeNull()
		expect(strong.score).toBeGreaterThanOrEqual(3)
		expect(own.score).toBe(0)
		expect(own.warning).toBe('userInputs')
	})

	test('after the worker ended, a check waiting for it fails and the next check starts a new one', async () => {
		const waiting = zxcvbnCheck('password123', [])
		await stopZxcvbnWorker()
		await expect(waiting).rejects.toThrow(/worker/)
		expect(zxcvbnStarted()).toBe(false)
		expect((await zxcvbnCheck('Kastanienbaum-Fahrrad-Regenschirm', [])).score).toBeGreaterThanOrEqual(3)
	})
})
