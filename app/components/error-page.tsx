import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { isRouteErrorResponse, useLocation } from 'react-router'
import { isChunkLoadError, reloadForChunkError } from '#app/utils/chunk-reload.client.ts'
import { LocaleLink } from './locale-link.tsx'

export function errorStatus(error: unknown): number {
	if (isRouteErrorResponse(error)) return error.status
	return 500
}

/**
 * The global error page (spec §2): status code with title and message —
 * 404 Page not found, 403 Access denied, 500 Server error, otherwise An error
 * has occurred — and the actions Back to the homepage and Reload page.
 * Never shows a stack trace.
 */
export function ErrorPage({ error }: { error: unknown }) {
	const { t } = useTranslation()
	const location = useLocation()
	const status = errorStatus(error)
	const kind = status === 403 || status === 404 || status === 500 ? (String(status) as '403') : 'generic'

	useEffect(() => {
		if (isChunkLoadError(error)) reloadForChunkError()
	}, [error])

	const title = t(`errors.title.${kind}`)
	return (
		<main id="main" className="mx-auto flex max-w-xl flex-col items-start gap-4 py-16" data-status={status}>
			<title>{`${status} – ${title} | ${t('appName')}`}</title>
			<meta name="robots" content="noindex" />
			<p className="text-sm font-semibold tracking-wide text-accent uppercase">
				{t('errors.statusCode', { status })}
			</p>
			<h1 className="text-3xl font-bold">{title}</h1>
			<p className="text-ink-muted">{t(`errors.message.${kind}`)}</p>
			<div className="flex flex-wrap gap-3">
				<LocaleLink to="/" className="btn-primary">
					{t('errors.backHome')}
				</LocaleLink>
				{/* A plain link reloads the document, with or without JavaScript. */}
				<a href={`${location.pathname}${location.search}`} className="btn-secondary">
					{t('errors.reload')}
				</a>
			</div>
		</main>
	)
}
