import type { Config } from '@react-router/dev/config'

export default {
	ssr: true,
	future: {
		// Route middleware carries the locale, the session user and the role
		// guards for every loader and action (see docs/decisions/0002-locale-routing.md).
		v8_middleware: true,
		// Loaders, actions and middleware get the request as it came (no copies per handler); what
		// React Router would have normalised (`.data`, `?index`, `?_routes`) they read from `url`.
		v8_passThroughRequests: true,
		v8_trailingSlashAwareDataRequests: true,
		v8_splitRouteModules: true,
		v8_viteEnvironmentApi: true,
	},
} satisfies Config
