import type { APIRequestContext, BrowserContext, Page, WebSocketRoute } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { database, DEMO, loginAs, waitForHydration } from './helpers.ts'

/**
 * The chat end to end (issue 32, docs/subsystems/chat.md, ADR 0162): a visitor types a question
 * on the playroom page, logs in and finds it in the thread's message box; sends it with
 * JavaScript; the host answers from /owner/chatMessages on a 390 px phone without JavaScript; the
 * guest's open thread shows the answer live. "Never lost": with the guest's hub socket dead, the
 * host sends 3 messages; a reconnect — and, separately, a visibilitychange alone — brings all 3
 * in order without a reload. Live messages with an <img onerror> and a javascript: link are inert.
 * The pling plays for a message on another page (a muted-speaker button where the browser refuses),
 * not in that open thread. No page logs an error.
 */
test.describe.configure({ mode: 'serial' })

function demoFacts() {
	const db = database()
	try {
		const playroom = db
			.prepare(
				`SELECT p.id, p.playroom_url_path AS path FROM playrooms p JOIN users u ON u.id = p.host_id
				 WHERE u.email = ? AND p.status = 'Published' ORDER BY p.created_at LIMIT 1`,
			)
			.get(DEMO.host) as { id: string; path: string }
		const guest = db
			.prepare('SELECT id, display_name AS name FROM users WHERE email = ?')
			.get(DEMO.guest) as {
			id: string
			name: string
		}
		return { playroom, guest }
	} finally {
		db.close()
	}
}

/** The host writes through the API as their open tab would (the guest's tab is what is tested). */
async function hostSends(request: APIRequestContext, guestId: string, body: string) {
	const response = await request.post('/api/Owner/Chat/Send', {
		data: {
			guestId,
			body,
			clientMessageId: `e2e-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`,
		},
	})
	expect(response.status(), await response.text()).toBe(200)
}

/** Proxies the guest's hub socket; `dropping` turns it into a dead connection (no event reaches the page). */
async function proxyHub(page: Page) {
	const state = { dropping: false, sockets: [] as WebSocketRoute[] }
	await page.routeWebSocket(/\/hub$/, (ws) => {
		state.sockets.push(ws)
		const server = ws.connectToServer()
		server.onMessage((message) => {
			if (!state.dropping) ws.send(message)
		})
	})
	return state
}

/** JavaScript errors and console errors of a page of our own contexts (the `page` fixture's rule). */
function watchErrors(page: Page) {
	const errors: string[] = []
	page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`))
	page.on('console', (message) => {
		if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
			errors.push(`console.error: ${message.text()}`)
	})
	return errors
}

async function online(page: Page) {
	await expect(page.getByTestId('realtime-status')).toHaveAttribute('data-status', 'Online', {
		timeout: 10_000,
	})
}

function messageTexts(page: Page) {
	return page.getByTestId('chat-messages').getByTestId('chat-message')
}

async function guestThread(context: BrowserContext, hostId: string) {
	const page = await context.newPage()
	const errors = watchErrors(page)
	const hub = await proxyHub(page)
	await page.goto(`/en/guest/chatMessages?hostId=${hostId}`)
	await waitForHydration(page)
	await online(page)
	// A reload would clear this mark: the answers must arrive without one.
	await page.evaluate(() => ((window as unknown as { chatMark: number }).chatMark = 1))
	return { page, hub, errors }
}

async function noReload(page: Page) {
	expect(await page.evaluate(() => (window as unknown as { chatMark?: number }).chatMark)).toBe(1)
}

test('a guest asks from the playroom page, the host answers on a phone without JavaScript, the answer arrives live', async ({
	browser,
	baseURL,
}) => {
	test.slow()
	const { playroom, guest } = demoFacts()
	const question = `Habt ihr einen Wickeltisch? ${Date.now().toString(36)}`

	// A visitor (desktop, JavaScript on) types the question on the playroom page and logs in.
	const guestContext = await browser.newContext({ viewport: { width: 1280, height: 900 } })
	const page = await guestContext.newPage()
	const errors = watchErrors(page)
	const dialogs: string[] = []
	page.on('dialog', (dialog) => {
		dialogs.push(dialog.message())
		void dialog.dismiss()
	})
	await page.goto(`/playrooms/${playroom.path}`)
	await waitForHydration(page)
	await page.getByTestId('contact-host-draft').fill(question)
	await page.getByTestId('contact-host').click()
	await expect(page).toHaveURL(/\/login\?redirect=/)
	const login = page.getByTestId('login-form')
	await login.getByLabel(/E-Mail-Adresse/).fill(DEMO.guest)
	await login.getByLabel(/^Passwort/).fill(DEMO.password)
	await login.getByRole('button', { name: 'Anmelden', exact: true }).click()
	await expect(page).toHaveURL(new RegExp(`/guest/chatMessages\\?playroomId=${playroom.id}&draft=`))
	// The text arrived in the message box, not sent by itself.
	const box = page.getByRole('textbox', { name: 'Nachricht', exact: true })
	await expect(box).toHaveValue(question)
	await expect(messageTexts(page).filter({ hasText: question })).toHaveCount(0)
	await waitForHydration(page)
	await online(page)
	await page.getByRole('button', { name: 'Senden', exact: true }).click()
	const sent = messageTexts(page).filter({ hasText: question })
	await expect(sent).toHaveCount(1)
	await expect(sent).toHaveAttribute('data-status', /sent|read/)
	await expect(box).toHaveValue('')
	await page.evaluate(() => ((window as unknown as { chatMark: number }).chatMark = 1))

	// The host answers on a 390 px phone without JavaScript.
	const hostContext = await browser.newContext({
		javaScriptEnabled: false,
		viewport: { width: 390, height: 844 },
	})
	await loginAs(hostContext, DEMO.host, baseURL ?? '')
	const phone = await hostContext.newPage()
	await phone.goto('/owner/chatMessages')
	await phone.getByTestId('chat-thread').getByRole('link', { name: guest.name }).click()
	await expect(phone).toHaveURL(new RegExp(`/owner/chatMessages/${guest.id}$`))
	await expect(phone.getByText(question)).toBeVisible()
	const answer = `Ja, mit Wickelauflage! ${Date.now().toString(36)}`
	await phone.getByRole('textbox', { name: 'Nachricht', exact: true }).fill(answer)
	await phone.getByRole('button', { name: 'Senden', exact: true }).click()
	await expect(phone).toHaveURL(new RegExp(`/owner/chatMessages/${guest.id}#message-\\d+$`))
	await expect(phone.getByText(answer)).toBeVisible()
	const width = await phone.evaluate(() => document.documentElement.scrollWidth)
	expect(width).toBeLessThanOrEqual(390)

	// The guest's open thread shows it live, without a reload.
	await expect(messageTexts(page).filter({ hasText: answer })).toBeVisible({ timeout: 5_000 })
	await noReload(page)
	expect(dialogs).toEqual([])
	expect(errors).toEqual([])
	await hostContext.close()
	await guestContext.close()
})

test('without JavaScript the question typed on the playroom page also arrives through login, prefilled', async ({
	browser,
}) => {
	const { playroom } = demoFacts()
	const context = await browser.newContext({
		javaScriptEnabled: false,
		viewport: { width: 390, height: 844 },
	})
	const page = await context.newPage()
	const question = `Gibt es Parkplätze? ${Date.now().toString(36)}`
	await page.goto(`/en/playrooms/${playroom.path}`)
	await page.getByLabel('Your question to the host').fill(question)
	await page.getByRole('button', { name: 'Contact host' }).click()
	await expect(page).toHaveURL(/\/en\/login\?redirect=/)
	const login = page.getByTestId('login-form')
	await login.getByLabel(/E-mail address/).fill(DEMO.guest)
	await login.getByLabel(/^Password/).fill(DEMO.password)
	await login.getByRole('button', { name: 'Log in', exact: true }).click()
	await expect(page).toHaveURL(new RegExp(`/en/guest/chatMessages\\?playroomId=${playroom.id}&draft=`))
	await expect(page.getByRole('textbox', { name: 'Message', exact: true })).toHaveValue(question)
	await expect(messageTexts(page).filter({ hasText: question })).toHaveCount(0)
	await context.close()
})

test.describe('never lost', () => {
	let guestContext: BrowserContext
	let hostContext: BrowserContext
	let hostId: string
	let guestId: string

	test.beforeEach(async ({ browser, baseURL }) => {
		const facts = demoFacts()
		guestId = facts.guest.id
		const db = database()
		try {
			hostId = (db.prepare('SELECT id FROM users WHERE email = ?').get(DEMO.host) as { id: string }).id
		} finally {
			db.close()
		}
		guestContext = await browser.newContext()
		await loginAs(guestContext, DEMO.guest, baseURL ?? '')
		hostContext = await browser.newContext()
		await loginAs(hostContext, DEMO.host, baseURL ?? '')
	})
	test.afterEach(async () => {
		await guestContext.close()
		await hostContext.close()
	})

	test('the socket is lost while the host sends 3 messages; the reconnect brings all 3 in order without reload', async () => {
		const { page, hub, errors } = await guestThread(guestContext, hostId)
		const run = Date.now().toString(36)
		const bodies = [1, 2, 3].map((n) => `Verpasst ${n} ${run}`)
		hub.dropping = true
		for (const body of bodies) await hostSends(hostContext.request, guestId, body)
		// No event reached the page: nothing new is shown.
		await page.waitForTimeout(1_500)
		await expect(messageTexts(page).filter({ hasText: run })).toHaveCount(0)
		// The socket closes; the client reconnects (at once) to a working connection.
		hub.dropping = false
		await hub.sockets.at(-1)?.close()
		await expect(messageTexts(page).filter({ hasText: run })).toContainText(bodies, { timeout: 5_000 })
		await online(page)
		await noReload(page)
		expect(errors).toEqual([])
	})

	test('the same after a visibilitychange alone', async () => {
		const { page, hub, errors } = await guestThread(guestContext, hostId)
		const run = Date.now().toString(36)
		const bodies = [1, 2, 3].map((n) => `Verschlafen ${n} ${run}`)
		hub.dropping = true
		for (const body of bodies) await hostSends(hostContext.request, guestId, body)
		await page.waitForTimeout(1_500)
		await expect(messageTexts(page).filter({ hasText: run })).toHaveCount(0)
		await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')))
		await expect(messageTexts(page).filter({ hasText: run })).toContainText(bodies, { timeout: 5_000 })
		await noReload(page)
		expect(errors).toEqual([])
	})

	test('an <img onerror> and a javascript: link arriving live are inert text', async () => {
		const { page, errors } = await guestThread(guestContext, hostId)
		const dialogs: string[] = []
		page.on('dialog', (dialog) => {
			dialogs.push(dialog.message())
			void dialog.dismiss()
		})
		const run = Date.now().toString(36)
		const image = `<img src=x onerror=alert(1)> ${run}`
		const link = `javascript:alert(1) ${run}`
		await hostSends(hostContext.request, guestId, image)
		await hostSends(hostContext.request, guestId, link)
		const arrived = messageTexts(page).filter({ hasText: run })
		await expect(arrived).toContainText([image, link], { timeout: 5_000 })
		await expect(page.getByTestId('chat-messages').locator('img')).toHaveCount(0)
		await expect(page.getByTestId('chat-messages').locator('a[href^="javascript"]')).toHaveCount(0)
		await page.waitForTimeout(500)
		expect(dialogs).toEqual([])
		await noReload(page)
		expect(errors).toEqual([])
	})
})

test('the pling: plays for a new message on another page, a muted-speaker button where the browser refuses, silent in that open thread', async ({
	browser,
	baseURL,
}) => {
	const { guest } = demoFacts()
	const db = database()
	const hostId = (db.prepare('SELECT id FROM users WHERE email = ?').get(DEMO.host) as { id: string }).id
	db.close()
	const guestContext = await browser.newContext()
	await loginAs(guestContext, DEMO.guest, baseURL ?? '')
	const hostContext = await browser.newContext()
	await loginAs(hostContext, DEMO.host, baseURL ?? '')
	// The page's audio, recorded; the browser refuses to play until __allowPlay (no user gesture yet).
	await guestContext.addInitScript(() => {
		const w = window as unknown as { plays: string[]; allowPlay: boolean }
		w.plays = []
		w.allowPlay = false
		HTMLMediaElement.prototype.play = function play(this: HTMLMediaElement) {
			w.plays.push(this.src)
			return w.allowPlay ? Promise.resolve() : Promise.reject(new DOMException('blocked', 'NotAllowedError'))
		}
	})
	const plays = (page: Page) => page.evaluate(() => (window as unknown as { plays: string[] }).plays)
	const page = await guestContext.newPage()
	const errors = watchErrors(page)
	await page.goto('/guest/orders')
	await waitForHydration(page)
	await online(page)
	await hostSends(hostContext.request, guest.id, `Pling? ${Date.now().toString(36)}`)
	await expect.poll(() => plays(page)).toEqual([`${baseURL}/sounds/pling.mp3`])
	const enable = page.getByRole('button', { name: 'Ton für neue Nachrichten einschalten' })
	await expect(enable).toBeVisible()
	await page.evaluate(() => ((window as unknown as { allowPlay: boolean }).allowPlay = true))
	await enable.click()
	await expect(enable).toHaveCount(0)

	// In the open, visible thread of that host: the message arrives, no sound.
	await page.goto(`/guest/chatMessages?hostId=${hostId}`)
	await waitForHydration(page)
	await online(page)
	const quiet = `Leise ${Date.now().toString(36)}`
	await hostSends(hostContext.request, guest.id, quiet)
	await expect(messageTexts(page).filter({ hasText: quiet })).toHaveCount(1, { timeout: 5_000 })
	await page.waitForTimeout(300)
	expect(await plays(page)).toEqual([])
	expect(errors).toEqual([])
	await guestContext.close()
	await hostContext.close()
})
