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
