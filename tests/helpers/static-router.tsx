import type { ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { createStaticHandler, createStaticRouter, Outlet, StaticRouterProvider } from 'react-router'

/**
 * Renders `element` to HTML inside a data router at `url`, as the server render does, with
 * `rootData` as the root route's loader data (what `useRootData` reads).
 */
export async function renderInStaticRouter(
	url: string,
	element: ReactNode,
	rootData: object = {},
): Promise<string> {
	const routes = [
		{
			id: 'root',
			path: '/',
			loader: () => rootData,
			Component: () => <Outlet />,
			children: [{ path: '*', Component: () => <>{element}</> }],
		},
	]
	const handler = createStaticHandler(routes)
	const context = await handler.query(new Request(`http://localhost${url}`))
	if (context instanceof Response) throw new Error(`unexpected response for ${url}`)
	const router = createStaticRouter(handler.dataRoutes, context)
	return renderToStaticMarkup(<StaticRouterProvider router={router} context={context} hydrate={false} />)
}
