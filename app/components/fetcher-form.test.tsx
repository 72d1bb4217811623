import { useFetcher, type FetcherFormProps } from 'react-router'
import { describe, expect, test } from 'vitest'
import { renderInStaticRouter } from '#tests/helpers/static-router.tsx'
import { FetcherForm } from './fetcher-form.tsx'

/** React Router's own: what the browser hydrates, so what the server must write (ADR 0122). */
function RouterForm({ fetcherKey, ...props }: FetcherFormProps & { fetcherKey: string }) {
	const fetcher = useFetcher({ key: fetcherKey })
	return <fetcher.Form {...props} />
}

const cases: [string, FetcherFormProps & { action: string }][] = [
	[
		'POST with hidden inputs',
		{
			method: 'POST',
			action: '/resources/preferences',
			children: <input type="hidden" name="a" value="1" />,
		},
	],
	[
		'post, class, id, aria',
		{ method: 'post', action: '/resources/favourites', className: 'c', id: 'f', 'aria-label': 'L' },
	],
	['GET by default', { action: '/playrooms/search' }],
	[
		'encType and browser-only props',
		{
			method: 'POST',
			action: '/resources/preferences',
			encType: 'multipart/form-data',
			defaultShouldRevalidate: false,
			preventScrollReset: true,
			onSubmit: () => {},
		},
	],
	['an action with a query', { method: 'POST', action: '/resources/preferences?x=1' }],
	['a relative action (React Router resolves it)', { method: 'POST', action: 'relative' }],
	['a dot segment', { method: 'POST', action: '/a/../resources/preferences' }],
	['relative="path"', { method: 'POST', action: '/resources/preferences', relative: 'path' }],
]

describe('FetcherForm writes what React Router’s fetcher.Form writes', () => {
	for (const page of ['/host/orders', '/en/playrooms/x?y=1'])
		for (const [name, props] of cases)
			test(`on ${page}: ${name}`, async () => {
				const ours = await renderInStaticRouter(page, <FetcherForm fetcherKey="k" {...props} />)
				const reference = await renderInStaticRouter(page, <RouterForm fetcherKey="k" {...props} />)
				expect(ours).toBe(reference)
				expect(ours).toMatch(/^<form /)
			})
})
