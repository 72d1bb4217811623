import { defineConfig } from 'vitest/config'

/**
 * Unit and integration tests live beside the code (*.test.ts[x]). Each test
 * file gets its own freshly migrated SQLite database (tests/setup).
 * End-to-end tests are Playwright's (tests/e2e), not Vitest's.
 *
 * Two projects (ADR 0157): most files share their worker's module graph
 * (`isolate: false`), so the app is imported once per worker instead of once
 * per file — that import was ~80 % of Vitest's time. The per-file setup still
 * gives each file its own database and configuration. Files that replace
 * modules (`vi.mock`) or globals, and files that assert what a fresh process
 * has not loaded yet (lazy workers, heap growth), run isolated, as before.
 */
const ISOLATED = [
	'app/models/catalogue/german-places.server.test.ts',
	'app/utils/zxcvbn-worker.server.test.ts',
	'app/utils/password-strength.server.test.ts',
	'app/components/lazy-app-form.test.tsx',
	'app/components/location-pin.test.tsx',
	'app/components/results-map.test.tsx',
	'app/utils/api-client.test.ts',
	'app/utils/catalogue-session.client.test.ts',
	'app/routes/api/forgot-password-timing.test.ts',
]

const shared = {
	exclude: ['tests/e2e/**', 'node_modules/**', 'build/**'],
	globalSetup: ['./tests/setup/global-setup.ts'],
	setupFiles: ['./tests/setup/setup-test-env.ts'],
	pool: 'forks' as const,
	environment: 'node',
	testTimeout: 20_000,
	restoreMocks: true,
}

export default defineConfig({
	test: {
		projects: [
			{
				extends: true,
				test: {
					...shared,
					name: 'shared-modules',
					include: ['{app,server,db,scripts,tests/integration}/**/*.test.{ts,tsx}'],
					exclude: [...shared.exclude, ...ISOLATED],
					isolate: false,
				},
			},
			{
				extends: true,
				test: { ...shared, name: 'isolated', include: ISOLATED, isolate: true, execArgv: ['--expose-gc'] },
			},
		],
	},
})
