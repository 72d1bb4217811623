import type { InitOptions } from 'i18next'
import { DEFAULT_LOCALE, LOCALES } from './utils/locale.ts'

/** i18next options shared by the server middleware and the browser. */
export const i18nOptions = {
	supportedLngs: [...LOCALES],
	fallbackLng: DEFAULT_LOCALE,
	defaultNS: 'common',
	ns: ['common'],
	// React escapes output already.
	interpolation: { escapeValue: false },
	returnNull: false,
} satisfies InitOptions

/** Where the browser loads the whole message tree of one locale (spec §7). */
export function messagesUrl(version: string, locale: string) {
	return `/_i18n/${version}/${locale}/messages.json`
}
