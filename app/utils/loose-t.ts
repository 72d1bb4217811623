import type { TFunction } from 'i18next'

/**
 * i18next's typed `t` only knows the default namespace's keys. Server code
 * that builds keys of other namespaces ("auth:errors.x") or from data uses
 * this untyped view; app/locales/locales.test.ts and the tests of each text
 * make sure the keys exist.
 */
export type LooseT = (key: string, options?: Record<string, unknown>) => string

export function looseT(t: TFunction): LooseT {
	return t as unknown as LooseT
}

const SLOT = '\u0000'

/**
 * A label with one interpolated value, translated once per page and filled in
 * per row: `labelTemplate(t, 'orders.openOrder', 'code')('AB12')` equals
 * `t('orders.openOrder', { code: 'AB12' })` (interpolation does not escape,
 * app/i18n.ts) without an i18next call per row. Not for `count` (plurals pick
 * another text per value): such keys, and any text where the value does not
 * appear exactly once, fall back to `t` per call.
 */
export function labelTemplate(
	t: LooseT,
	key: string,
	name: string,
	options: Record<string, unknown> = {},
): (value: string) => string {
	const parts = name === 'count' ? [] : t(key, { ...options, [name]: SLOT }).split(SLOT)
	if (parts.length !== 2) return (value) => t(key, { ...options, [name]: value })
	const [before = '', after = ''] = parts
	return (value) => before + value + after
}
