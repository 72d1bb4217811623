import { isbot } from 'isbot'
import { recordTraceEvent, recordTrackEvent } from '#app/models/platform/tracking.server.ts'
import { traceEventBodySchema, trackEventBodySchema } from '#app/schemas/catalogue.ts'
import type { ApiHandlerArgs } from '#app/utils/api.server.ts'
import { parseJsonBody } from '#app/utils/api.server.ts'
import { apiEndpoints } from '#app/utils/api-endpoints.server.ts'
import { getSessionUser } from '#app/utils/auth.server.ts'
import { consentAllows, parseConsent, CONSENT_COOKIE } from '#app/utils/consent.ts'
import { readCookie } from '#app/utils/cookies.server.ts'
import { keepPageCache } from '#app/render/page-cache.server.ts'

/**
 * /api/Events/:endpoint (spec §7): POST TrackEvent {name, value} and
 * TraceEvent {userId, pageUrl, eventType, isHidden}. Both are analytics: they
 * are stored only when the request's cc_cookie grants it (functional and
 * analytics, docs/decisions/0033-tracking.md) and never for bots; otherwise the
 * answer is `{recorded: false}`. The user id is the session's.
 */
function analyticsAllowed({ request }: ApiHandlerArgs): boolean {
	if (isbot(request.headers.get('User-Agent'))) return false
	return consentAllows(parseConsent(readCookie(request, CONSENT_COOKIE)), 'analytics')
}

const endpoints = apiEndpoints({
	TrackEvent: {
		method: 'POST',
		handler: async (args) => {
			keepPageCache(args.context) // analytics rows change no page
			const event = await parseJsonBody(trackEventBodySchema, args.request)
			if (!analyticsAllowed(args)) return { recorded: false }
			recordTrackEvent(event, getSessionUser(args.context)?.id ?? null)
			return { recorded: true }
		},
	},
	TraceEvent: {
		method: 'POST',
		handler: async (args) => {
			keepPageCache(args.context)
			const { pageUrl, eventType, isHidden } = await parseJsonBody(traceEventBodySchema, args.request)
			if (!analyticsAllowed(args)) return { recorded: false }
			recordTraceEvent({ pageUrl, eventType, isHidden }, getSessionUser(args.context)?.id ?? null)
			return { recorded: true }
		},
	},
})

export const loader = endpoints.loader
export const action = endpoints.action
