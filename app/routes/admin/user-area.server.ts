import type { UserRole } from '#db/schema/users.ts'
import { listAuditEntries } from '#app/models/platform/audit-log.server.ts'
import { hostPlayrooms } from '#app/models/admin/host-transfer.server.ts'
import { stripLocale } from '#app/utils/locale.ts'

/** /admin/hosts, /admin/guests, /admin/admins → the role listed there. */
export const LIST_ROLE: Record<string, UserRole> = { hosts: 'Owner', guests: 'Customer', admins: 'Admin' }

export function listOf(url: URL): { list: 'hosts' | 'guests' | 'admins'; role: UserRole } {
	const list = stripLocale(url.pathname).split('/')[2] ?? ''
	const role = LIST_ROLE[list]
	if (!role) throw new Error(`not an admin user list: ${list}`)
	return { list: list as 'hosts' | 'guests' | 'admins', role }
}

/** The user page's audit history and, on a host's page, the playrooms the transfer form offers (ADR 0098/0099). */
export function userAuditData(userId: string, list: 'hosts' | 'guests' | 'admins') {
	return {
		history: listAuditEntries('user', userId),
		transferPlayrooms: list === 'hosts' ? hostPlayrooms(userId) : null,
	}
}
