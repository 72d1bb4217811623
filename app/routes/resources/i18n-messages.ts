import type { Route } from './+types/i18n-messages.ts'
import { MESSAGES_VERSION, resources } from '#app/locales/resources.server.ts'
import { isLocale } from '#app/utils/locale.ts'

/**
 * GET /_i18n/{version}/{locale}/messages.json (spec §7): the whole message
 * tree of one locale, keyed by locale. Cached by browsers for 24 hours when the
 * version is current; an outdated version gets the current messages uncached.
 */
export async function loader({ params }: Route.LoaderArgs) {
	if (!isLocale(params.locale)) {
		return Response.json({ error: 'unknown locale' }, { status: 404 })
	}
	const current = params.buildId === MESSAGES_VERSION
	return Response.json(
		{ [params.locale]: resources[params.locale] },
		{
			headers: {
				'Cache-Control': current ? 'public, max-age=86400' : 'no-cache',
				'X-Content-Type-Options': 'nosniff',
			},
		},
	)
}
