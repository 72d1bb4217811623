import { createInstance, type TFunction } from 'i18next'
import { describe, expect, test } from 'vitest'
import { i18nOptions } from '#app/i18n.ts'
import { NAMESPACES, resources } from '#app/locales/resources.server.ts'
import { LOCALES } from './locale.ts'
import { FIXED_T_CACHE_SIZE, withCachedFixedT } from './i18n.server.ts'

function instanceFor(locale: (typeof LOCALES)[number]) {
	const instance = createInstance({ ...i18nOptions, resources, lng: locale, initAsync: false })
	void instance.init()
	return instance
}

/** Every key path of a namespace's (nested) messages. */
function keysOf(messages: object, prefix = ''): string[] {
	return Object.entries(messages).flatMap(([key, value]) =>
		value && typeof value === 'object' ? keysOf(value as object, `${prefix}${key}.`) : [`${prefix}${key}`],
	)
}

describe('the render instance’s cached fixed t (ADR 0112)', () => {
	test.each(LOCALES)(
		'%s: every key of every namespace gives what i18next gives, first call and cached',
		(locale) => {
			const instance = instanceFor(locale)
			const cached = withCachedFixedT(instance)
			let compared = 0
			for (const ns of NAMESPACES) {
				const plain = instance.getFixedT(locale, ns, undefined, { scopeNs: [ns] })
				const fast = cached.getFixedT(locale, ns, undefined, { scopeNs: [ns] })
				for (const key of keysOf(resources[locale][ns])) {
					expect(fast(key)).toBe(plain(key))
					expect(fast(key)).toBe(plain(key))
					compared++
				}
			}
			expect(compared).toBeGreaterThan(500)
			expect(compared).toBeLessThan(FIXED_T_CACHE_SIZE * NAMESPACES.length)
		},
	)

	test('one t per language, namespaces and prefix; options, arrays and keys of other namespaces go to i18next', () => {
		const instance = instanceFor('en')
		const cached = withCachedFixedT(instance)
		const t = cached.getFixedT('en', 'common', undefined, { scopeNs: ['common'] })
		expect(cached.getFixedT('en', 'common', undefined, { scopeNs: ['common'] })).toBe(t)
		expect(cached.getFixedT('en', 'catalogue', undefined, { scopeNs: ['catalogue'] })).not.toBe(t)
		const plain = instance.getFixedT('en', 'common', undefined, { scopeNs: ['common'] }) as TFunction
		const loose = t as unknown as (...args: unknown[]) => unknown
		expect(loose('nav.home', { lng: 'de' })).toBe(plain('nav.home', { lng: 'de' }))
		expect(loose('nav.home', { lng: 'de' })).not.toBe(loose('nav.home'))
		expect(loose(['missing.key', 'nav.home'])).toBe(plain(['missing.key', 'nav.home']))
		expect(t('catalogue:errors.playroomNotFound')).toBe(plain('catalogue:errors.playroomNotFound'))
		expect(t('no.such.key')).toBe('no.such.key')
		expect((t as unknown as { lng: string }).lng).toBe('en')
	})

	test('the shared instance itself is unchanged', () => {
		const instance = instanceFor('de')
		const getFixedT = instance.getFixedT
		withCachedFixedT(instance)
		expect(instance.getFixedT).toBe(getFixedT)
		expect(Object.getOwnPropertyNames(withCachedFixedT(instance))).toEqual(['getFixedT'])
	})
})
