import 'i18next'
import type { de } from '#app/locales/de/index.ts'

declare module 'i18next' {
	interface CustomTypeOptions {
		defaultNS: 'common'
		resources: typeof de
		returnNull: false
	}
}
