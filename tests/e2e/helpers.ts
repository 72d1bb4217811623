import { createHash, randomBytes } from 'node:crypto'
import AxeBuilder from '@axe-core/playwright'
import { expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test'
import Database from 'better-sqlite3'

/** The demo accounts the server seeds (app/seed/accounts.server.ts). */
export const DEMO = {
	password: 'Spielzimmer-Demo-2026',
	admin: 'admin@example.com',
	host: 'host@example.com',
	guest: 'guest@example.com',
} as const

export function database() {
	const file = process.env.E2E_DATABASE
	if (!file) throw new Error('E2E_DATABASE is not set (playwright.config.ts sets it)')
	const db = new Database(file)
	db.pragma('busy_timeout = 5000')
	return db
}

/** A session for a demo user, written the way the app does (only the token's SHA-256 is stored). */
export function createSessionToken(email: string): string {
	const token = randomBytes(32).toString('base64url')
	const db = database()
	try {
		const user = db.prepare('SELECT id FROM users WHERE email = ?').get(email) as { id: string } | undefined
		if (!user) throw new Error(`no user ${email}`)
		const now = Date.now()
		db.prepare(
			'INSERT INTO sessions (id, user_id, created_at, expires_at, persistent) VALUES (?, ?, ?, ?, 1)',
		).run(createHash('sha256').update(token).digest('hex'), user.id, now, now + 7 * 24 * 3600 * 1000)
	} finally {
		db.close()
	}
	return token
}

/** A message of the dev outbox (`/api/Dev/Outbox`): what the e2e specs read of an e-mail. */
export type OutboxMessage = {
	subject: string
	template: string
	links: string[]
	attachments: { filename: string; contentType: string }[]
}

/** The dev outbox's messages to `to`, newest first. */
export async function outboxMessages(request: APIRequestContext, to: string): Promise<OutboxMessage[]> {
	const response = await request.get(`/api/Dev/Outbox?to=${encodeURIComponent(to)}`)
	return ((await response.json()) as { value: OutboxMessage[] }).value
}

/** The newest e-mail of `template` to `to`, waiting until it is there. */
export async function outboxMessage(request: APIRequestContext, to: string, template: string) {
	let found: OutboxMessage | undefined
	await expect
		.poll(async () => {
			found = (await outboxMessages(request, to)).find((m) => m.template === template)
			return Boolean(found)
		})
		.toBe(true)
	return found as OutboxMessage
}

/** The first link of the newest e-mail of `template` to `to` in the dev outbox, waiting until it is there. */
export async function outboxLink(request: APIRequestContext, to: string, template: string) {
	const link = (await outboxMessage(request, to, template)).links[0]
	if (!link) throw new Error(`the ${template} e-mail to ${to} has no link`)
	return link
}

/**
 * Logs a demo user in without the login form (a session token in the
 * auth.token cookie). Tests of the login itself use the form.
 */
export async function loginAs(context: BrowserContext, email: string, baseURL: string) {
	const token = createSessionToken(email)
	await context.addCookies([
		{ name: 'auth.token', value: token, url: baseURL, httpOnly: true, sameSite: 'Lax' },
	])
}

/**
 * No serious or critical accessibility violations (PRODUCT.md §6). Checked on a
 * settled page: running transitions (e.g. the consent banner zooming in) would
 * make axe compute contrast with a half-transparent element.
 */
export async function expectNoSeriousA11yViolations(page: Page) {
	// Lazy chunks (the consent banner) arrive after hydration and start their transition a few
	// milliseconds later: wait for the network, then for two quiet checks in a row. Chromium reports
	// no end for `fetch(…, { keepalive: true })` (page views, traces) to Playwright, so after those
	// the network never counts as idle: wait at most 5 s for it, then go on with the checks.
	await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined)
	await expect
		.poll(
			async () => {
				const quiet = () => document.getAnimations().every((a) => a.playState !== 'running')
				if (!(await page.evaluate(quiet))) return false
				await page.waitForTimeout(150)
				return page.evaluate(quiet)
			},
			{ timeout: 10_000 },
		)
		.toBe(true)
	// Toasts come and go on their own clock (they fade in and out over 5 s), so one can start its
	// transition between the quiet check and the scan; axe would then judge a half-transparent toast.
	// Their settled contrast is checked where a test raises one on purpose (site-chrome.spec.ts).
	const results = await new AxeBuilder({ page }).exclude('[data-sonner-toaster]').analyze()
	const serious = results.violations
		.filter((v) => v.impact === 'serious' || v.impact === 'critical')
		.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)
	expect(serious).toEqual([])
}

/**
 * Waits until React has hydrated the page (the root marks `<html data-hydrated>`). The page's
 * JavaScript loads after the first paint (ADR 0124): a test of what needs it (a modal, a fetcher)
 * waits for this after `goto`; without it a click is the no-JavaScript link or form.
 */
export async function waitForHydration(page: Page) {
	await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
}

/** The page is no wider than the viewport (nothing scrolls sideways). */
export async function expectNoSidewaysScroll(page: Page, label: string) {
	const { scrollWidth, innerWidth } = await page.evaluate(() => ({
		scrollWidth: document.documentElement.scrollWidth,
		innerWidth: window.innerWidth,
	}))
	expect(scrollWidth, `${label}: document width ${scrollWidth} > viewport ${innerWidth}`).toBeLessThanOrEqual(
		innerWidth,
	)
}
