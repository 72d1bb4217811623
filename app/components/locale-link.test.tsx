import { renderToString } from 'react-dom/server'
import {
	createStaticHandler,
	createStaticRouter,
	Link,
	Outlet,
	StaticRouterProvider,
	type LinkProps,
} from 'react-router'
import { describe, expect, test } from 'vitest'
import { isPlainPath, PathLink } from './locale-link.tsx'

/** Server-renders `links` (one per entry) at a nested route, as the app's server does (StaticRouterProvider). */
async function serverHtml(
	as: typeof Link | typeof PathLink,
	links: (Omit<LinkProps, 'to'> & { to: string })[],
	url = 'http://localhost/de/host/orders/abc',
) {
	const LinkComponent = as as typeof PathLink
	const routes = [
		{
			path: '/de',
			Component: () => (
				<div data-layout="">
					<Outlet />
				</div>
			),
			children: [
				{
					path: 'host/orders/:id',
					Component: () => (
						<ul>
							{links.map((props, index) => (
								<li key={index}>
									<LinkComponent {...props} />
								</li>
							))}
						</ul>
					),
				},
			],
		},
		{
			path: '*',
			Component: () => (
				<ul>
					{links.map((props, index) => (
						<li key={index}>
							<LinkComponent {...props} />
						</li>
					))}
				</ul>
			),
		},
	]
	const handler = createStaticHandler(routes)
	const context = await handler.query(new Request(url))
	if (context instanceof Response) throw new Error('unexpected response')
	const router = createStaticRouter(handler.dataRoutes, context)
	return renderToString(<StaticRouterProvider router={router} context={context} hydrate={false} />)
}

const CASES: (Omit<LinkProps, 'to'> & { to: string })[] = [
	{ to: '/host/orders/01JABC', className: 'link', 'aria-label': 'Buchung AB12 öffnen', children: 'AB12' },
	{ to: '/en/playrooms/tobeland?date=2026-11-28&guests=4', className: 'after:absolute', children: 'Tobeland' },
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
		expect(await serverHtml(Link, CASES, url)).toContain('href="/en/playrooms/tobeland?date=2026-11-28&amp;guests=4"')
		expect(await serverHtml(PathLink, CASES, url)).toBe(await serverHtml(Link, CASES, url))
	})

	test('isPlainPath accepts absolute paths and refuses what <Link> would rewrite', () => {
		for (const to of ['/', '/de/host/orders/x', '/en/p?date=2026-01-01&g=2', '/a#h', '/a/?q=1#h', '/a/b/']) {
			expect(isPlainPath(to), to).toBe(true)
		}
		for (const to of ['', 'a', './a', '//evil.example', '/a//b', '/a/./b', '/a/..', '/a\\b', '/a?', '/a#', '/a?#x']) {
			expect(isPlainPath(to), to).toBe(false)
		}
	})
})
