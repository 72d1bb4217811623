import { describe, expect, test } from 'vitest'
import { resolveLoginRedirect } from './login-redirect.ts'

describe('redirect after login (spec §4 order)', () => {
	test('from a register page to the route index, even with a stored redirect', () => {
		expect(
			resolveLoginRedirect({ from: '/auth/register-guest', redirect: '/guest/orders', locale: 'de' }),
		).toEqual({
			url: '/',
			reload: false,
		})
		expect(resolveLoginRedirect({ from: '/en/auth/register-host', locale: 'en' }).url).toBe('/en')
	})

	test('the stored redirect comes next; only local paths are followed', () => {
		expect(
			resolveLoginRedirect({ redirect: '/en/guest/orders?tab=1', from: '/en/login', locale: 'en' }),
		).toEqual({
			url: '/en/guest/orders?tab=1',
			reload: false,
		})
		expect(
			resolveLoginRedirect({ redirect: 'https://evil.example/x', from: '/login', locale: 'de' }).url,
		).toBe('/')
		expect(resolveLoginRedirect({ redirect: '//evil.example', locale: 'de' }).url).toBe('/')
		expect(resolveLoginRedirect({ redirect: '/auth/register-guest', locale: 'de' }).url).toBe('/')
		expect(resolveLoginRedirect({ redirect: '/auth/logout', locale: 'de' }).url).toBe('/')
	})

	test('on the checkout route the page is reloaded', () => {
		expect(resolveLoginRedirect({ from: '/public/playroomOrder/checkout?x=1', locale: 'de' })).toEqual({
			url: '/public/playroomOrder/checkout?x=1',
			reload: true,
		})
		expect(
			resolveLoginRedirect({ redirect: '/en/public/playroomOrder/checkout/page', locale: 'en' }).reload,
		).toBe(true)
	})

	test('the modal stays on the page; the login page alone goes to the route index', () => {
		expect(resolveLoginRedirect({ from: '/playrooms/cities/koeln', locale: 'de' }).url).toBe(
			'/playrooms/cities/koeln',
		)
		expect(resolveLoginRedirect({ from: '/en/login', locale: 'en' }).url).toBe('/en')
		expect(resolveLoginRedirect({ locale: 'de' }).url).toBe('/')
	})

	test('without a target the user lands in their area (issue 31.10)', () => {
		expect(resolveLoginRedirect({ role: 'Owner', locale: 'de' }).url).toBe('/host/dashboard')
		expect(resolveLoginRedirect({ role: 'Admin', from: '/en/login', locale: 'en' }).url).toBe(
			'/en/admin/dashboard',
		)
		expect(resolveLoginRedirect({ role: 'Customer', from: '/login', locale: 'de' }).url).toBe('/guest/orders')
		expect(resolveLoginRedirect({ role: 'Owner', redirect: '/auth/logout', locale: 'de' }).url).toBe(
			'/host/dashboard',
		)
		expect(resolveLoginRedirect({ role: 'Owner', from: '/auth/register-host', locale: 'de' }).url).toBe(
			'/host/dashboard',
		)
		// The modal still keeps the page, a stored redirect still wins.
		expect(resolveLoginRedirect({ role: 'Owner', from: '/playrooms', locale: 'de' }).url).toBe('/playrooms')
		expect(resolveLoginRedirect({ role: 'Owner', redirect: '/host/orders', locale: 'de' }).url).toBe(
			'/host/orders',
		)
	})
})
