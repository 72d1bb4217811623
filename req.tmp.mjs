import { chromium } from '@playwright/test'
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] })
const page = await (await browser.newContext()).newPage()
const seen = []
page.on('request', (r) => seen.push(r.method() + ' ' + r.url().replace('http://127.0.0.1:3301', '')))
page.on('console', (m) => console.log('console', m.type(), m.text().slice(0, 300)))
page.on('pageerror', (e) => console.log('pageerror', e.message))
await page.goto(process.argv[2], { waitUntil: 'load' })
await page.waitForTimeout(4000)
const counts = {}
for (const s of seen) counts[s] = (counts[s] ?? 0) + 1
console.log(Object.entries(counts).sort((a, b) => b[1] - a[1]).slice(0, 15))
await browser.close()
