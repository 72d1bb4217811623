import type { UserRole } from '#db/schema/users.ts'
import { requireRole } from '#app/utils/auth.server.ts'
import { requireSession } from '#app/utils/account-session.server.ts'
import { stripLocale } from '#app/utils/locale.ts'

/**
 * The area a page mounted under several route ids is called in, and its role: the account pages
 * (/guest, /host, /admin), the template text page (/host, /admin: app/routes/template-texts/detail.tsx).
 */
const AREA_ROLE: Record<string, UserRole> = { guest: 'Customer', host: 'Owner', admin: 'Admin' }

export function areaOf(url: URL): { area: 'guest' | 'host' | 'admin'; role: UserRole } {
	const area = stripLocale(url.pathname).split('/')[1] ?? ''
	const role = AREA_ROLE[area]
	if (!role) throw new Error(`not an account area: ${area}`)
	return { area: area as 'guest' | 'host' | 'admin', role }
}

/** Defence in depth beside the layout guard: the caller must have the area's role. */
export async function requireAreaSession(args: {
	request: Request
	url: URL
	context: Parameters<typeof requireSession>[0]['context']
}) {
	const { role, area } = areaOf(args.url)
	await requireRole(args, role)
	return { session: await requireSession(args), area }
}
