import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

/**
 * Which layer may import which (docs/architecture.md). Patterns are regular expressions over the
 * import specifier, for both the `#app/…` aliases and relative paths.
 */
const LAYER_RULES = {
	server: {
		regex: '^(#server/|(\\.\\.?/)+server/)',
		message: 'App code must not import server/; use the hub and services from the load context.',
	},
	routes: {
		regex: '^(#app/routes/|(\\.\\.?/)+routes/)',
		message: 'Components must not import route modules; move what they share into the component or a model.',
	},
	components: {
		regex: '^(#app/components/|(\\.\\.?/)+components/)',
		message: 'Models must not import components (a model returns data; the route renders it).',
	},
	app: {
		regex: '^(#app/|(\\.\\.?/)+app/)',
		message: 'The database schema must not import app code.',
	},
}

/** The no-restricted-imports rule for a folder: one rule per folder, so later blocks do not override earlier ones. */
function importsNotFrom(...layers) {
	return { 'no-restricted-imports': ['error', { patterns: layers.map((layer) => LAYER_RULES[layer]) }] }
}

export default tseslint.config(
	{
		ignores: [
			'build/',
			'.react-router/',
			'node_modules/',
			'test-results/',
			'playwright-report/',
			'tests/.tmp/',
			'data/',
		],
	},
	js.configs.recommended,
	...tseslint.configs.recommended,
	{
		files: ['**/*.{ts,tsx}'],
		languageOptions: { globals: { ...globals.browser, ...globals.node } },
		plugins: { 'react-hooks': reactHooks },
		rules: {
			...reactHooks.configs.recommended.rules,
			'@typescript-eslint/no-unused-vars': [
				'error',
				{ argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
			],
			'@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
		},
	},
	{ files: ['app/**/*.{ts,tsx}'], rules: importsNotFrom('server') },
	{ files: ['app/components/**/*.{ts,tsx}'], rules: importsNotFrom('server', 'routes') },
	{ files: ['app/models/**/*.{ts,tsx}'], rules: importsNotFrom('server', 'components') },
	{ files: ['db/schema/**/*.ts'], rules: importsNotFrom('app') },
	{
		// Tests may reach across layers to set up what they check.
		files: ['**/*.test.{ts,tsx}'],
		rules: { 'no-restricted-imports': 'off' },
	},
)
