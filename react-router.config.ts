import type { Config } from '@react-router/dev/config'

export default {
	ssr: true,
	future: {
		// Route middleware carries the locale, the session user and the role
		// guards for every loader and action (see docs/decisions/0002-locale-routing.md).
		v8_middleware: true,
	},
} satisfies Config
