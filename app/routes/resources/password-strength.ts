import { data, redirect } from 'react-router'
import type { Route } from './+types/password-strength.ts'
import { LIMITS } from '#app/schemas/auth.ts'
import { getSessionUser } from '#app/utils/auth.server.ts'
import { keepPageCache } from '#app/render/page-cache.server.ts'
import { checkPasswordStrength, passwordUserInputs } from '#app/utils/password-strength.server.ts'
import { z } from '#app/utils/validation.ts'

const optional = (max: number) => z.string().max(max).optional()
const strengthRequestSchema = z.object({
	password: z.string().max(LIMITS.passwordMax),
	email: optional(LIMITS.email),
	firstName: optional(LIMITS.name),
	lastName: optional(LIMITS.name),
	displayName: optional(LIMITS.displayName),
})

/**
 * POST /resources/password-strength {password, email?, firstName?, lastName?,
 * displayName?} → {score, ok, messages} (ADR 0055): the live hint of the
 * password forms, so the zxcvbn dictionaries stay on the server. The names in
 * the form (registration) or else the logged-in user's own count as words the
 * password must not be made of. Advice only: the models check again on save.
 * A POST (not a GET) so the password never stands in a URL; not a credential
 * form, so the 10-a-minute login limit does not count it.
 */
export async function action({ request, context }: Route.ActionArgs) {
	keepPageCache(context)
	const parsed = strengthRequestSchema.safeParse(Object.fromEntries(await request.formData()))
	if (!parsed.success) return data({ ok: false as const }, { status: 400 })
	const { password, ...form } = parsed.data
	const user = form.email ? form : (getSessionUser(context) ?? form)
	const strength = await checkPasswordStrength(password, passwordUserInputs(user))
	return data(strength, { headers: { 'Cache-Control': 'no-store' } })
}

export async function loader() {
	return redirect('/')
}
