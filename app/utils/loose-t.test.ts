import { createInstance } from 'i18next'
import { describe, expect, test } from 'vitest'
import { i18nOptions } from '#app/i18n.ts'
import { resources } from '#app/locales/resources.server.ts'
import { labelTemplate, looseT } from './loose-t.ts'

async function tFor(lng: 'de' | 'en') {
	const i18n = createInstance()
	await i18n.init({ ...i18nOptions, resources, lng })
	return looseT(i18n.getFixedT(lng, 'booking'))
}

describe('labelTemplate', () => {
	test('fills in exactly what t would, in German and English', async () => {
		for (const lng of ['de', 'en'] as const) {
			const t = await tFor(lng)
			const open = labelTemplate(t, 'orders.openOrder', 'code')
			const respond = labelTemplate(t, 'orders.respondBy', 'deadline')
			for (const value of ['AB12CD', 'Mi., 3. Juni 2026, 14:00 Uhr', '$& $1 <b>', '']) {
				expect(open(value)).toBe(t('orders.openOrder', { code: value }))
				expect(respond(value)).toBe(t('orders.respondBy', { deadline: value }))
			}
		}
		expect(labelTemplate(await tFor('de'), 'orders.openOrder', 'code')('X1')).toBe('Buchung X1 öffnen')
		expect(labelTemplate(await tFor('en'), 'orders.openOrder', 'code')('X1')).toBe('Open booking X1')
	})

	test('falls back to t per call for plurals and texts without exactly one slot', async () => {
		const t = await tFor('de')
		const calls: unknown[] = []
		const counting = (key: string, options?: Record<string, unknown>) => {
			calls.push(options)
			return t(key, options)
		}
		const requests = labelTemplate(counting, 'orders.newRequests', 'count')
		expect(requests(1 as unknown as string)).toBe(t('orders.newRequests', { count: 1 }))
		expect(requests(3 as unknown as string)).toBe(t('orders.newRequests', { count: 3 }))
		// A text without the value: t for every call, never a wrong split.
		const plain = labelTemplate(counting, 'orders.empty', 'code')
		expect(plain('A')).toBe(t('orders.empty'))
		expect(calls.length).toBeGreaterThanOrEqual(4)
	})
})
