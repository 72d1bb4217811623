import { createInstance, type i18n } from 'i18next'
import { describe, expect, test } from 'vitest'
import { i18nOptions } from '#app/i18n.ts'
import { NAMESPACES, resources } from '#app/locales/resources.server.ts'
import { LOCALES } from './locale.ts'
import { FIXED_T_CACHE_SIZE, FIXED_T_OPTIONS_CACHE_SIZE, withCachedFixedT } from './i18n.server.ts'

function instanceFor(locale: (typeof LOCALES)[number]) {
	const instance = createInstance({ ...i18nOptions, resources, lng: locale, initAsync: false })
	void instance.init()
	return instance
}

type LooseT = ((...args: unknown[]) => unknown) & { lng?: string }

/** react-i18next's call: a fixed t for a language and namespace, scoped to that namespace. */
const fixedT = (instance: i18n, lng: string, ns: string) =>
	(instance.getFixedT as unknown as (...args: unknown[]) => LooseT)(lng, ns, undefined, { scopeNs: [ns] })

/** Every key path of a namespace's (nested) messages. */
function keysOf(messages: object, prefix = ''): string[] {
	return Object.entries(messages).flatMap(([key, value]) =>
		value && typeof value === 'object' ? keysOf(value as object, `${prefix}${key}.`) : [`${prefix}${key}`],
	)
}

/** Every (key path, message) of a namespace. */
function messagesOf(messages: object, prefix = ''): [string, string][] {
	return Object.entries(messages).flatMap(([key, value]): [string, string][] =>
		value && typeof value === 'object'
			? messagesOf(value as object, `${prefix}${key}.`)
			: [[`${prefix}${key}`, String(value)]],
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
				const plain = fixedT(instance, locale, ns)
				const fast = fixedT(cached, locale, ns)
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
		const t = fixedT(cached, 'en', 'common')
		expect(fixedT(cached, 'en', 'common')).toBe(t)
		expect(fixedT(cached, 'en', 'catalogue')).not.toBe(t)
		const plain = fixedT(instance, 'en', 'common')
		const loose = t
		expect(loose('nav.home', { lng: 'de' })).toBe(plain('nav.home', { lng: 'de' }))
		expect(loose('nav.home', { lng: 'de' })).not.toBe(loose('nav.home'))
		expect(loose(['missing.key', 'nav.home'])).toBe(plain(['missing.key', 'nav.home']))
		expect(t('catalogue:errors.playroomNotFound')).toBe(plain('catalogue:errors.playroomNotFound'))
		expect(t('no.such.key')).toBe('no.such.key')
		expect(t.lng).toBe('en')
	})

	test.each(LOCALES)(
		'%s: calls with plain options (interpolation, count) give what i18next gives, first call and remembered (ADR 0121)',
		(locale) => {
			const instance = instanceFor(locale)
			const cached = withCachedFixedT(instance)
			let compared = 0
			for (const ns of NAMESPACES) {
				const plain = fixedT(instance, locale, ns)
				const fast = fixedT(cached, locale, ns)
				for (const [path, message] of messagesOf(resources[locale][ns])) {
					const key = path.replace(/_(zero|one|two|few|many|other)$/, '')
					const names = [...message.matchAll(/\{\{\s*([\w.]+)/g)].map((m) => m[1] ?? '')
					const values = Object.fromEntries(names.map((name, i) => [name, `V${i} <b>&`]))
					for (const options of [
						values,
						{ ...values, count: 1 },
						{ ...values, count: 7 },
						{ ...values, flag: true },
					]) {
						const expected = plain(key, options)
						expect(fast(key, options)).toBe(expected)
						expect(fast(key, { ...options })).toBe(expected)
						compared++
					}
				}
			}
			expect(compared).toBeGreaterThan(2000)
		},
	)

	test('options that are not plain values, and answers that are not strings, are not remembered', () => {
		const instance = instanceFor('de')
		const cached = withCachedFixedT(instance)
		const t = fixedT(cached, 'de', 'booking')
		const plain = fixedT(instance, 'de', 'booking')
		const when = { toString: () => 'morgen' }
		expect(t('orders.respondBy', { deadline: when })).toBe(plain('orders.respondBy', { deadline: when }))
		when.toString = () => 'übermorgen'
		expect(t('orders.respondBy', { deadline: when })).toBe('Antwort bis übermorgen')
		expect(t('orders.respondBy', { deadline: undefined })).toBe(
			plain('orders.respondBy', { deadline: undefined }),
		)
		const columns = t('orders.columns', { returnObjects: true })
		expect(columns).toEqual(plain('orders.columns', { returnObjects: true }))
		expect(typeof columns).toBe('object')
	})

	test('the remembered calls are bounded and stay right past the bound', () => {
		const instance = instanceFor('en')
		const t = fixedT(withCachedFixedT(instance), 'en', 'booking')
		for (let i = 0; i < FIXED_T_OPTIONS_CACHE_SIZE + 50; i++) {
			expect(t('orders.openOrder', { code: `C${i}` })).toBe(`Open booking C${i}`)
		}
		expect(t('orders.newRequests', { count: 1 })).toBe('1 new request is waiting for your answer.')
		expect(t('orders.newRequests', { count: 2 })).toBe('2 new requests are waiting for your answer.')
	})

	test('the shared instance itself is unchanged', () => {
		const instance = instanceFor('de')
		const getFixedT = instance.getFixedT
		withCachedFixedT(instance)
		expect(instance.getFixedT).toBe(getFixedT)
		expect(Object.getOwnPropertyNames(withCachedFixedT(instance))).toEqual(['getFixedT'])
	})

	test('calls with primitive options are remembered by key and options (ADR 0122); others are not', () => {
		for (const locale of LOCALES) {
			const instance = instanceFor(locale)
			const t = fixedT(withCachedFixedT(instance), locale, 'common')
			const plain = fixedT(instance, locale, 'common')
			for (const options of [
				{ year: 2026 },
				{ year: 2027 },
				{ year: '2026' },
				{ count: 1 },
				{ count: 5 },
				{ count: 5, ordinal: true },
			]) {
				expect(t('footer.copyright', options)).toBe(plain('footer.copyright', options))
				expect(t('footer.copyright', options)).toBe(plain('footer.copyright', options))
			}
			expect(t('footer.copyright', { year: 2026 })).toContain('2026')
			expect(t('footer.copyright', { year: 2027 })).toContain('2027')
			// Not remembered: an object that is not plain primitives, or returnObjects.
			const date = { year: { toString: () => 'x' } }
			expect(t('footer.copyright', date)).toBe(plain('footer.copyright', date))
			expect(t('footer', { returnObjects: true })).toEqual(plain('footer', { returnObjects: true }))
			expect(t('footer', { returnObjects: true })).not.toBe(t('footer', { returnObjects: true }))
		}
	})
})
