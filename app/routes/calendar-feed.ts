import type { Route } from './+types/calendar-feed.ts'
import { buildExportFeed } from '#app/models/host-office/ical-export.server.ts'

/**
 * GET /calendar/<token>.ics — a host's export feed (docs/subsystems/ical.md,
 * ADR 0082). No session: the secret token is the credential, so an unknown or
 * replaced token is a plain 404 and the answer is never cached anywhere.
 */
const NO_STORE = { 'Cache-Control': 'private, no-store', 'Referrer-Policy': 'no-referrer' }

export function loader({ params }: Route.LoaderArgs) {
	const match = /^([A-Za-z0-9_-]{43})\.ics$/.exec(params.file)
	const feed = match?.[1] ? buildExportFeed(match[1]) : null
	if (feed === null) {
		return new Response('Not Found', { status: 404, headers: { ...NO_STORE, 'Content-Type': 'text/plain' } })
	}
	return new Response(feed, {
		headers: {
			...NO_STORE,
			'Content-Type': 'text/calendar; charset=utf-8',
			'Content-Disposition': 'inline; filename="spielzimmer.ics"',
			'X-Robots-Tag': 'noindex',
		},
	})
}
