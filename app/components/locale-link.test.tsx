import { renderToString } from 'react-dom/server'
import {
	createStaticHandler,
	createStaticRouter,
	Link,
	NavLink,
	Outlet,
	StaticRouterProvider,
	type LinkProps,
	type NavLinkProps,
} from 'react-router'
import { describe, expect, test } from 'vitest'
import { isPlainPath } from '#app/render/server-render-markup.ts'
import { PathLink, PathNavLink } from './locale-link.tsx'

/** Server-renders `links` (one per entry) at a nested route, as the app's server does (StaticRouterProvider). */
async function serverHtml(
	as: typeof Link | typeof PathLink | typeof NavLink | typeof PathNavLink,
	links: (Omit<LinkProps, 'to'> & { to: string })[] | (Omit<NavLinkProps, 'to'> & { to: string })[],
	url = 'http://localhost/de/host/orders/abc',
) {
	const LinkComponent = as as unknown as (props: Record<string, unknown>) => React.ReactNode
	const List = () => (
		<ul>
			{links.map((props, index) => (
				<li key={index}>
					<LinkComponent {...(props as Record<string, unknown>)} />
				</li>
			))}
		</ul>
	)
	const routes = [
		{
			path: '/de',
			Component: () => (
				<div data-layout="">
					<Outlet />
				</div>
			),
			children: [{ path: 'host/orders/:id', Component: List }],
		},
		{ path: '*', Component: List },
	]
	const handler = createStaticHandler(routes)
	const context = await handler.query(new Request(url))
	if (context instanceof Response) throw new Error('unexpected response')
	const router = createStaticRouter(handler.dataRoutes, context)
	return renderToString(<StaticRouterProvider router={router} context={context} hydrate={false} />)
}

const CASES: (Omit<LinkProps, 'to'> & { to: string })[] = [
	{ to: '/host/orders/01JABC', className: 'link', 'aria-label': 'Buchung AB12 öffnen', children: 'AB12' },
	{
		to: '/en/playrooms/tobeland?date=2026-11-28&guests=4',
		className: 'after:absolute',
		children: 'Tobeland',
	},
	{ to: '/playrooms/a?view=map#results', preventScrollReset: true, replace: true, children: 'map' },
	{ to: '/de/x', prefetch: 'intent', id: 'row', children: 'intent' },
	{ to: '/de/x', prefetch: 'render', children: 'render' },
	{ to: '/de/x', prefetch: 'viewport', target: '_blank', rel: 'noopener', children: 'viewport' },
	{ to: '/de/x', discover: 'none', children: 'no discovery' },
	{ to: '/de/x', reloadDocument: true, children: 'document' },
	{ to: '/de/ü ber?q=a b', state: { from: 1 }, viewTransition: true, children: 'raw' },
	{ to: '/', children: 'home' },
	{ to: '/de/trailing/', children: 'trailing slash' },
	// Not plain: these go through <Link> on the server as well.
	{ to: '/de//double', children: 'double' },
	{ to: '/de/a/../b', children: 'dots' },
	{ to: '/de/a?', children: 'empty search' },
	{ to: 'relative', children: 'relative' },
	{ to: '../up', children: 'up' },
	{ to: 'https://example.com/x', children: 'external' },
]

describe('PathLink on the server', () => {
	test('renders exactly the markup of React Router’s <Link>, link by link', async () => {
		const expected = await serverHtml(Link, CASES)
		expect(expected).toContain('data-discover="true"')
		expect(await serverHtml(PathLink, CASES)).toBe(expected)
		for (const props of CASES) {
			expect(await serverHtml(PathLink, [props])).toBe(await serverHtml(Link, [props]))
		}
	})

	test('the same at another route and locale', async () => {
		const url = 'http://localhost/en/playrooms/search?city=koeln'
		expect(await serverHtml(Link, CASES, url)).toContain(
			'href="/en/playrooms/tobeland?date=2026-11-28&amp;guests=4"',
		)
		expect(await serverHtml(PathLink, CASES, url)).toBe(await serverHtml(Link, CASES, url))
	})

	const NAV_CASES: (Omit<NavLinkProps, 'to'> & { to: string })[] = [
		{ to: '/de/host/orders', className: 'nav', children: 'prefix active' },
		{ to: '/de/host/orders', end: true, className: 'nav', children: 'end: inactive' },
		{ to: '/de/host/orders/abc', end: true, children: 'exact' },
		{ to: '/DE/Host/orders', children: 'case-insensitive' },
		{ to: '/DE/Host/orders', caseSensitive: true, children: 'case-sensitive' },
		{ to: '/de/host/', children: 'trailing slash' },
		{ to: '/de/hos', children: 'not a segment' },
		{ to: '/de/host/orders?x=1', children: 'with search' },
		{ to: '/de/guest', className: 'x', children: 'inactive' },
		{ to: '/', children: 'root' },
		{
			to: '/de/host/orders',
			className: ({ isActive, isPending }) => `a-${isActive} p-${isPending}`,
			style: ({ isActive }) => ({ fontWeight: isActive ? 700 : 400 }),
			children: ({ isActive }) => `fn ${isActive}`,
		},
		{ to: '/de/host/orders', 'aria-current': 'location', prefetch: 'intent', children: 'aria' },
		{ to: '/de/ümlaut', children: 'not url-safe: NavLink' },
		{ to: '/de//x', children: 'not plain: NavLink' },
	]

	test('PathNavLink renders exactly the markup of <NavLink>, active or not', async () => {
		for (const url of [
			'http://localhost/de/host/orders/abc',
			'http://localhost/en/playrooms/search?city=koeln',
		]) {
			const expected = await serverHtml(NavLink, NAV_CASES, url)
			expect(await serverHtml(PathNavLink, NAV_CASES, url)).toBe(expected)
		}
		const active = await serverHtml(NavLink, NAV_CASES)
		expect(active).toContain('aria-current="page" class="nav active"')
		expect(active).toContain('class="a-true p-false"')
	})

	test('isPlainPath accepts absolute paths and refuses what <Link> would rewrite', () => {
		for (const to of ['/', '/de/host/orders/x', '/en/p?date=2026-01-01&g=2', '/a#h', '/a/?q=1#h', '/a/b/']) {
			expect(isPlainPath(to), to).toBe(true)
		}
		for (const to of [
			'',
			'a',
			'./a',
			'//evil.example',
			'/a//b',
			'/a/./b',
			'/a/..',
			'/a\\b',
			'/a?',
			'/a#',
			'/a?#x',
		]) {
			expect(isPlainPath(to), to).toBe(false)
		}
	})
})
