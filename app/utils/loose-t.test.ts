import { describe, expect, test } from 'vitest'
import { getFixedT } from './i18n.server.ts'
import { looseT, translationTemplate } from './loose-t.ts'

describe('translationTemplate', () => {
	test('fills in what i18next would have interpolated, in both languages', () => {
		for (const locale of ['de', 'en'] as const) {
			const t = looseT(getFixedT(locale))
			const dayLabel = translationTemplate(t, 'catalogue:detail.dayLabel', ['date', 'state'])
			for (const values of [
				{ date: 'Sa., 5. Dezember 2026', state: 'frei' },
				{ date: 'Sun, 28 March 2027', state: 'fully booked' },
				{ date: '$& {{date}} <b>', state: '' },
			]) {
				expect(dayLabel(values)).toBe(t('catalogue:detail.dayLabel', values))
			}
			const startTimes = translationTemplate(t, 'catalogue:detail.startTimes', ['date'])
			expect(startTimes({ date: 'Mon, 7 Dec' })).toBe(
				t('catalogue:detail.startTimes', { date: 'Mon, 7 Dec' }),
			)
		}
	})

	test('a parameter used twice or not at all, and a text without parameters', () => {
		const t = (key: string, options?: Record<string, unknown>) =>
			key === 'twice' ? `${String(options?.a)}-${String(options?.a)}!` : 'plain'
		expect(translationTemplate(t, 'twice', ['a', 'b'])({ a: 'x', b: 'y' })).toBe('x-x!')
		expect(translationTemplate(t, 'other', ['a'])({ a: 'x' })).toBe('plain')
	})
})

describe('translationTemplate for the order rows (ADR 0121)', () => {
	test('fills in exactly what t would, in German and English', () => {
		for (const locale of ['de', 'en'] as const) {
			const t = looseT(getFixedT(locale))
			const open = translationTemplate(t, 'booking:orders.openOrder', ['code'])
			const respond = translationTemplate(t, 'booking:orders.respondBy', ['deadline'])
			for (const value of ['AB12CD', 'Mi., 3. Juni 2026, 14:00 Uhr', '$& $1 <b>', '']) {
				expect(open({ code: value })).toBe(t('booking:orders.openOrder', { code: value }))
				expect(respond({ deadline: value })).toBe(t('booking:orders.respondBy', { deadline: value }))
			}
		}
		expect(
			translationTemplate(looseT(getFixedT('de')), 'booking:orders.openOrder', ['code'])({ code: 'X1' }),
		).toBe('Buchung X1 öffnen')
	})

	test('count goes to t on every call (plural forms)', () => {
		const t = looseT(getFixedT('de'))
		const requests = translationTemplate(t, 'booking:orders.newRequests', ['count'])
		expect(requests({ count: 1 as unknown as string })).toBe(t('booking:orders.newRequests', { count: 1 }))
		expect(requests({ count: 3 as unknown as string })).toBe(t('booking:orders.newRequests', { count: 3 }))
		expect(requests({ count: 1 as unknown as string })).not.toBe(requests({ count: 3 as unknown as string }))
	})
})
