import { chromium } from '@playwright/test'
const [,, url, out, width = '1280', js = '1'] = process.argv
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] })
const context = await browser.newContext({ viewport: { width: Number(width), height: 900 }, javaScriptEnabled: js === '1', locale: 'de-DE' })
const page = await context.newPage()
page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') console.log('console', m.type(), m.text()) })
page.on('pageerror', (e) => console.log('pageerror', e.message))
await page.goto(url, { waitUntil: 'load' })
await page.waitForTimeout(1500); await page.screenshot({ path: out, fullPage: true })
await browser.close()
