import { createCookieSessionStorage, redirect } from 'react-router'
import { z } from 'zod'
import { COOKIE_NAMES } from './cookies.server.ts'
import { getEnv } from './env.server.ts'

/**
 * Toasts that survive a redirect (the Epic Stack pattern): an action stores a
 * translated toast in a signed flash cookie; the root middleware reads it on
 * the next request and hands it to the page, which shows it with sonner.
 */
export const TOAST_TYPES = ['success', 'info', 'warning', 'danger'] as const
export type ToastType = (typeof TOAST_TYPES)[number]

const toastSchema = z.object({
	id: z.string(),
	type: z.enum(TOAST_TYPES),
	title: z.string().optional(),
	description: z.string(),
})
export type Toast = z.infer<typeof toastSchema>
export type ToastInput = Omit<Toast, 'id'> & { id?: string }

const FLASH_KEY = 'toast'

let storage: ReturnType<typeof createStorage> | undefined
function createStorage() {
	const env = getEnv()
	return createCookieSessionStorage({
		cookie: {
			name: COOKIE_NAMES.toast,
			sameSite: 'lax',
			path: '/',
			httpOnly: true,
			secrets: [env.SESSION_SECRET],
			secure: env.APP_ENV === 'production',
		},
	})
}
function getStorage() {
	storage ??= createStorage()
	return storage
}

export async function createToastHeaders(input: ToastInput): Promise<Headers> {
	const session = await getStorage().getSession()
	const toast = toastSchema.parse({ ...input, id: input.id ?? crypto.randomUUID() })
	session.flash(FLASH_KEY, toast)
	return new Headers({ 'Set-Cookie': await getStorage().commitSession(session) })
}

export async function redirectWithToast(url: string, toast: ToastInput, init?: ResponseInit) {
	const headers = new Headers(init?.headers)
	for (const cookie of (await createToastHeaders(toast)).getSetCookie()) {
		headers.append('Set-Cookie', cookie)
	}
	return redirect(url, { ...init, headers })
}

/** The pending toast and the Set-Cookie that clears it (null when there is none). */
export async function readToast(
	request: Request,
): Promise<{ toast: Toast | null; clearCookie: string | null }> {
	const cookieHeader = request.headers.get('Cookie')
	if (!cookieHeader?.includes(COOKIE_NAMES.toast)) return { toast: null, clearCookie: null }
	const session = await getStorage().getSession(cookieHeader)
	const parsed = toastSchema.safeParse(session.get(FLASH_KEY))
	return {
		toast: parsed.success ? parsed.data : null,
		clearCookie: await getStorage().destroySession(session),
	}
}
