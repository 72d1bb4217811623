import type { UserRole } from '#db/schema/users.ts'
import { stripLocale } from '#app/utils/locale.ts'

/** /admin/hosts, /admin/guests, /admin/admins → the role listed there. */
export const LIST_ROLE: Record<string, UserRole> = { hosts: 'Owner', guests: 'Customer', admins: 'Admin' }

export function listOf(request: Request): { list: 'hosts' | 'guests' | 'admins'; role: UserRole } {
	const list = stripLocale(new URL(request.url).pathname).split('/')[2] ?? ''
	const role = LIST_ROLE[list]
	if (!role) throw new Error(`not an admin user list: ${list}`)
	return { list: list as 'hosts' | 'guests' | 'admins', role }
}
