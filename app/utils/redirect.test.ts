import { expect, test } from 'vitest'
import { safeRedirectPath } from './redirect.ts'

test('only local paths are accepted as redirect targets', () => {
	expect(safeRedirectPath('/guest/orders?x=1')).toBe('/guest/orders?x=1')
	expect(safeRedirectPath('//evil.example/x')).toBe('/')
	expect(safeRedirectPath('/\\evil.example')).toBe('/')
	expect(safeRedirectPath('https://evil.example')).toBe('/')
	expect(safeRedirectPath('javascript:alert(1)')).toBe('/')
	expect(safeRedirectPath('/a\nb')).toBe('/')
	expect(safeRedirectPath(null, '/en')).toBe('/en')
})
