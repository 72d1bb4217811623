import { useTranslation } from 'react-i18next'
import { useMatches } from 'react-router'
import type { Route } from './+types/placeholder.ts'
import { LocaleLink } from '#app/components/locale-link.tsx'
import { allowPageCache } from '#app/render/page-cache.server.ts'
import { pageTitle } from '#app/utils/page-title.ts'
import { getSessionUser } from '#app/utils/auth.server.ts'
import { requireOwnedParams } from '#app/utils/ownership.server.ts'

/**
 * A page a later capability builds: a translated "coming soon" with status 200.
 * Guards, layouts and locale handling already apply. The title comes from the
 * route id (common:pages.<id>). An id in the path must name an entity of the
 * caller (404 otherwise, also for entities that do not exist yet, ADR 0057) —
 * the real page that replaces this one keeps that check.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
	requireOwnedParams(params, getSessionUser(context))
	// The same for every anonymous visitor (area pages are never anonymous).
	allowPageCache(context, 60)
	return null
}

export default function Placeholder() {
	const { t } = useTranslation()
	const matches = useMatches()
	const id = matches[matches.length - 1]?.id ?? 'home'
	const title = pageTitle(t, id)
	return (
		<main id="main" className="mx-auto max-w-3xl px-4 py-12" data-route-id={id}>
			<title>{`${title} | ${t('appName')}`}</title>
			<meta name="description" content={t('tagline')} />
			<h1 className="mb-4 text-3xl font-bold">{title}</h1>
			<div className="card">
				<h2 className="mb-2 text-xl font-semibold">{t('placeholder.heading')}</h2>
				<p className="mb-4 text-ink-muted">{t('placeholder.body')}</p>
				<LocaleLink to="/" className="link">
					{t('placeholder.backHome')}
				</LocaleLink>
			</div>
		</main>
	)
}
