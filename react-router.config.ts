import type { Config } from '@react-router/dev/config'

export default {
	ssr: true,
	// The whole route manifest is the build's fingerprinted manifest file (cached by
	// browsers); lazy discovery matched every ancestor path per render and inlined a
	// partial manifest in every page (docs/decisions/0110-render-path.md).
	routeDiscovery: { mode: 'initial' },
	future: {
		// Route middleware carries the locale, the session user and the role
		// guards for every loader and action (see docs/decisions/0002-locale-routing.md).
		v8_middleware: true,
	},
} satisfies Config
