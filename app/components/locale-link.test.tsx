import type { ReactNode } from 'react'
import type * as ReactRouter from 'react-router'
import { Link, NavLink, type LinkProps, type NavLinkProps } from 'react-router'
import { describe, expect, test, vi } from 'vitest'
import { localizePath, type Locale } from '#app/utils/locale.ts'
import { renderInStaticRouter } from '#tests/helpers/static-router.tsx'
import { LocaleLink, LocaleNavLink } from './locale-link.tsx'

// Counts the links that went through React Router's Link from locale-link.tsx.
const routerLinks = vi.hoisted(() => ({ count: 0 }))
vi.mock('react-router', async (importOriginal) => {
	const original = await importOriginal<typeof ReactRouter>()
	const CountedLink = (props: LinkProps) => {
		routerLinks.count++
		return <original.Link {...props} />
	}
	return { ...original, Link: CountedLink }
})

/**
 * The server render's links (ADR 0122) must write exactly what React Router's
 * Link and NavLink write: the browser hydrates them as React Router's.
 * This runs in Node (no `document`), so LocaleLink takes its server path.
 */
const render = (url: string, locale: Locale, element: ReactNode) =>
	renderInStaticRouter(url, element, { locale })

const targets = [
	'/',
	'/host/orders',
	'/host/orders?status=open&page=2',
	'/playrooms/spielwiese-ehrenfeld#calendar',
	'/playrooms/süd-stadt',
	'/host/orders/',
	'/a/../b',
	'/a/./b',
	'//evil.example',
	'/host/orders?',
	'https://example.com/x',
	'relative/path',
]

type Case = [name: string, props: Omit<LinkProps, 'to'>]
const linkCases: Case[] = [
	['plain', { children: 'Orders' }],
	['class, title, aria', { className: 'btn', title: 'T', 'aria-label': 'L', children: <span>x</span> }],
	['browser-only props', { replace: true, state: { a: 1 }, preventScrollReset: true, onClick: () => {} }],
	['target', { target: '_blank', rel: 'noopener', children: 'x' }],
	['prefetch intent', { prefetch: 'intent', children: 'x' }],
	['reloadDocument', { reloadDocument: true, children: 'x' }],
	['discover none', { discover: 'none', children: 'x' }],
]

describe('LocaleLink writes what React Router’s Link writes', () => {
	for (const locale of ['de', 'en'] as const)
		for (const to of targets)
			for (const [name, props] of linkCases)
				test(`${locale} ${to} (${name})`, async () => {
					routerLinks.count = 0
					const ours = await render('/somewhere', locale, <LocaleLink to={to} {...props} />)
					const fastPath =
						['/', '/host/orders', '/host/orders?status=open&page=2'].includes(to) &&
						!/prefetch|reload|discover/.test(name)
					if (fastPath) expect(routerLinks.count).toBe(0)
					if (/prefetch|reload|discover/.test(name)) expect(routerLinks.count).toBe(1)
					const reference = await render(
						'/somewhere',
						locale,
						<Link to={localizePath(to, locale)} {...props} />,
					)
					expect(ours).toBe(reference)
					expect(ours).toContain('<a')
				})
})

type NavCase = [name: string, props: Omit<NavLinkProps, 'to'>]
const navCases: NavCase[] = [
	['plain', { children: 'Orders' }],
	['class string', { className: 'tab', children: 'x' }],
	[
		'class and style functions',
		{
			className: ({ isActive, isPending }) => `tab ${isActive ? 'on' : 'off'} ${isPending ? 'p' : ''}`,
			style: ({ isActive }) => ({ fontWeight: isActive ? 700 : 400 }),
			children: ({ isActive }) => (isActive ? 'active' : 'idle'),
		},
	],
	['end', { end: true, className: 'tab', children: 'x' }],
	['caseSensitive', { caseSensitive: true, children: 'x' }],
	['aria-current step', { 'aria-current': 'step', children: 'x' }],
	['title', { title: 'T', children: 'x' }],
	['target', { target: '_blank', children: 'x' }],
]

describe('LocaleNavLink writes what React Router’s NavLink writes', () => {
	const pages = [
		'/host/orders',
		'/host/orders/abc',
		'/HOST/Orders',
		'/host/ordersX',
		'/en/host/orders/abc',
		'/',
	]
	for (const locale of ['de', 'en'] as const)
		for (const page of pages)
			for (const to of ['/host/orders', '/host/orders?status=open', '/', '/host', '/a/../host'])
				for (const [name, props] of navCases)
					test(`${locale} on ${page}: ${to} (${name})`, async () => {
						const ours = await render(page, locale, <LocaleNavLink to={to} {...props} />)
						const reference = await render(page, locale, <NavLink to={localizePath(to, locale)} {...props} />)
						expect(ours).toBe(reference)
					})
})
