import { useFetcher, type FetcherFormProps } from 'react-router'
import { inServerRender, isPlainPath } from '#app/render/server-render-markup.ts'

type Props = FetcherFormProps & { fetcherKey: string; action: string }

/**
 * A form posted through the fetcher `fetcherKey` in the browser (no
 * navigation; other components read its state by the same key), and a
 * plain form without JavaScript. The server render (ADR 0122) writes the
 * `<form>` React Router's `fetcher.Form` would write — method, action,
 * `data-discover` — without `useFetcher` and the form's router hooks, for
 * an action that is a plain absolute path; anything else goes through React
 * Router there too. `fetcher-form.test.tsx` compares the markup.
 */
export function FetcherForm(props: Props) {
	return inServerRender && isPlainPath(props.action) && props.relative === undefined ? (
		<ServerForm {...props} />
	) : (
		<RouterFetcherForm {...props} />
	)
}

function RouterFetcherForm({ fetcherKey, ...props }: Props) {
	const fetcher = useFetcher({ key: fetcherKey })
	return <fetcher.Form {...props} />
}

function ServerForm({
	fetcherKey: _fetcherKey,
	method = 'get',
	action,
	// Browser-only: what the fetcher does on submit.
	onSubmit: _onSubmit,
	preventScrollReset: _preventScrollReset,
	defaultShouldRevalidate: _defaultShouldRevalidate,
	relative: _relative,
	...props
}: Props) {
	return (
		<form
			method={method.toLowerCase() === 'get' ? 'get' : 'post'}
			action={action}
			{...props}
			data-discover="true"
		/>
	)
}
