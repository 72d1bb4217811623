import { describe, expect, test } from 'vitest'
import { resources } from './resources.server.ts'

type Tree = { [key: string]: string | Tree }

function leaves(tree: Tree, prefix = ''): Map<string, string> {
	const result = new Map<string, string>()
	for (const [key, value] of Object.entries(tree)) {
		const path = prefix ? `${prefix}.${key}` : key
		if (typeof value === 'string') result.set(path, value)
		else for (const [k, v] of leaves(value, path)) result.set(k, v)
	}
	return result
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort()

describe('translations', () => {
	const de = leaves(resources.de as unknown as Tree)
	const en = leaves(resources.en as unknown as Tree)

	test('every key exists in German and in English', () => {
		const onlyGerman = [...de.keys()].filter((key) => !en.has(key))
		const onlyEnglish = [...en.keys()].filter((key) => !de.has(key))
		expect(onlyGerman, 'keys missing in English').toEqual([])
		expect(onlyEnglish, 'keys missing in German').toEqual([])
	})

	test('no translation is empty', () => {
		const empty = [...de, ...en].filter(([, text]) => !text.trim()).map(([key]) => key)
		expect(empty).toEqual([])
	})

	test('both languages use the same {{placeholders}}', () => {
		const mismatched = [...de.keys()].filter(
			(key) =>
				JSON.stringify(placeholders(de.get(key) ?? '')) !== JSON.stringify(placeholders(en.get(key) ?? '')),
		)
		expect(mismatched).toEqual([])
	})

	test('the spec’s German error texts are used verbatim', () => {
		expect(de.get('common.toast.loginRequired')).toBe('Login benötigt')
		expect(de.get('common.toast.accessDenied')).toBe('Zugriff verweigert')
		expect(de.get('common.toast.networkError')).toBe('Verbindung zum Server fehlgeschlagen')
		expect(en.get('common.errors.title.404')).toBe('Page not found')
		expect(en.get('common.errors.title.403')).toBe('Access denied')
		expect(en.get('common.errors.title.500')).toBe('Server error')
		expect(en.get('common.errors.title.generic')).toBe('An error has occurred')
	})
})
