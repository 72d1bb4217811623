/**
 * The shape a translation must have: the same keys as the German source, every
 * leaf a string. English resources are typed with it, so a key missing in one
 * language fails `npm run typecheck` (and app/locales/locales.test.ts).
 */
export type TranslationShape<T> = {
	[K in keyof T]: T[K] extends string ? string : TranslationShape<T[K]>
}
