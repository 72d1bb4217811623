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
