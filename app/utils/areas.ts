import type { UserRole } from '#db/schema/users.ts'

/** The back-office area of each role and where its entry page is. */
export const AREA_HOME: Record<UserRole, string> = {
	Customer: '/guest/orders',
	Owner: '/host/dashboard',
	Admin: '/admin/dashboard',
}

/** Where a user lands when no page asked for them (after login, "login as"; issue 31.10): their area. */
export function areaHomeOf(role: string | null | undefined): string {
	return (role && AREA_HOME[role as UserRole]) || '/'
}

export const AREA_ACCOUNT_EDIT: Record<UserRole, string> = {
	Customer: '/guest/account/edit',
	Owner: '/host/account/edit',
	Admin: '/admin/account/edit',
}

export type AreaName = 'guest' | 'host' | 'owner' | 'admin'

export const AREA_LABEL_KEY: Record<UserRole, `nav.areas.${'guest' | 'host' | 'admin'}`> = {
	Customer: 'nav.areas.guest',
	Owner: 'nav.areas.host',
	Admin: 'nav.areas.admin',
}
