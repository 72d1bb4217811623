import { defineConfig } from 'vitest/config'

/**
 * Unit and integration tests live beside the code (*.test.ts[x]). Each test
 * file gets its own freshly migrated SQLite database (tests/setup).
 * End-to-end tests are Playwright's (tests/e2e), not Vitest's.
 */
export default defineConfig({
	test: {
		include: ['{app,server,db,scripts,tests/integration}/**/*.test.{ts,tsx}'],
		exclude: ['tests/e2e/**', 'node_modules/**', 'build/**'],
		globalSetup: ['./tests/setup/global-setup.ts'],
		setupFiles: ['./tests/setup/setup-test-env.ts'],
		pool: 'forks',
		environment: 'node',
		testTimeout: 20_000,
		restoreMocks: true,
	},
})
