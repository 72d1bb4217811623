import { data, redirect } from 'react-router'
import type { Route } from './+types/consent.ts'
import { appendResponseCookie } from '#app/utils/context.server.ts'
import { serializeCookie } from '#app/utils/cookies.server.ts'
import {
	CONSENT_CHOICES,
	CONSENT_COOKIE,
	CONSENT_MAX_AGE_SECONDS,
	consentRecord,
} from '#app/utils/consent.ts'
import { keepPageCache } from '#app/render/page-cache.server.ts'
import { safeRedirectPath } from '#app/utils/redirect.ts'
import { z } from '#app/utils/validation.ts'

const consentSchema = z.object({ choice: z.enum(CONSENT_CHOICES) })

/**
 * POST /resources/consent: the server-rendered banner's "accept all" /
 * "necessary only" without JavaScript (docs/decisions/0068-consent-banner-ssr.md).
 * Stores cc_cookie as vanilla-cookieconsent would — same record, URI-encoded
 * (rfc_cookie), 182 days, path /, SameSite Lax, readable by the library — and
 * goes back to the page (redirectTo).
 */
export async function action({ request, context }: Route.ActionArgs) {
	// One visitor's consent changes no page other visitors see (the cache key holds it).
	keepPageCache(context)
	const form = await request.formData()
	const parsed = consentSchema.safeParse({ choice: form.get('choice') })
	if (!parsed.success) return data({ ok: false }, { status: 400 })
	const record = consentRecord(parsed.data.choice, crypto.randomUUID(), new Date())
	appendResponseCookie(
		context,
		serializeCookie(CONSENT_COOKIE, JSON.stringify(record), { maxAge: CONSENT_MAX_AGE_SECONDS }),
	)
	const redirectTo = form.get('redirectTo')
	return redirect(safeRedirectPath(typeof redirectTo === 'string' ? redirectTo : null))
}

export async function loader() {
	return redirect('/')
}
