import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

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
			'no-restricted-imports': [
				'error',
				{
					patterns: [
						{
							group: ['#server/*', '../server/*', '../../server/*'],
							message: 'App code must not import server/; use the hub and services from the load context.',
						},
					],
				},
			],
		},
	},
	{
		// The server may import itself; tests and scripts may do anything.
		files: ['server/**', 'tests/**', 'scripts/**'],
		rules: { 'no-restricted-imports': 'off' },
	},
)
