import { test as base, expect } from '@playwright/test'

/**
 * The e2e `test`: fails when a page logs a JavaScript error or a console error
 * (hydration mismatches, CSP violations, …). The browser's own line for an
 * intended 4xx document ("Failed to load resource") is not an app error.
 */
export const test = base.extend<{ consoleErrors: string[] }>({
	consoleErrors: [
		async ({ page }, use) => {
			const errors: string[] = []
			page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`))
			page.on('console', (message) => {
				if (message.type() !== 'error') return
				const text = message.text()
				if (text.startsWith('Failed to load resource')) return
				errors.push(`console.error: ${text}`)
			})
			await use(errors)
			expect(errors, 'errors logged in the browser').toEqual([])
		},
		{ auto: true },
	],
})

export { expect }
