import { and, asc, count, eq, gt } from 'drizzle-orm'
import { orders } from '#db/schema/orders.ts'
import type { UserRole } from '#db/schema/users.ts'
import { getDb, type DbOrTx } from '#app/utils/db.server.ts'
import { countOpenRequests } from '#app/models/booking/order-queries.server.ts'
import { countHostPlayrooms } from '#app/models/host-office/host-playrooms.server.ts'
import { countUnreadNotifications } from '#app/models/notifications/notifications.server.ts'
import { unreadChatEntries } from '#app/models/chat/chat.server.ts'
import { countUnreadForPlatform } from '#app/models/chat/support.server.ts'
import type { SessionUser } from './session.server.ts'

/**
 * The status object per role (spec §3, §4 "Status polling") and the host's
 * next activities (spec §3 "Next-activities item", §4 "Next activities").
 * unreadMessageCount: the caller's unread notifications (docs/subsystems/notifications.md);
 * chat counts come from the read cursors (docs/subsystems/chat.md); there is no module
 * table, so subscriptedModules is []. See docs/subsystems/host-office.md.
 * An admin's unreadChatMessageCount is the support chat's (ADR 0163): users' messages no admin has
 * read. A user's unread support replies are not in their chat counts (those stay the guest–host
 * threads' of unreadChatMessages); the support widget reads them from /api/Support/Thread.
 */
type Caller = Pick<SessionUser, 'id' | 'role'>

export type UnreadChatEntry = { guestId?: string; hostId?: string; count: number }

export type UserStatus = {
	unreadChatMessages: UnreadChatEntry[]
	unreadMessageCount: number
	unreadChatMessageCount: number
	newOrderCount: number
	subscriptedModules: string[]
}

/**
 * newOrderCount: what waits for the caller — a host's booking requests not
 * yet answered; for an admin every open request; for a guest their orders
 * waiting for payment.
 */
function newOrderCount(caller: Caller, now: number, db: DbOrTx): number {
	if (caller.role === 'Owner') return countOpenRequests(caller.id, { now }, db)
	const where =
		caller.role === 'Admin'
			? and(eq(orders.status, 'Requested'), gt(orders.responseDeadline, new Date(now)))
			: and(
					eq(orders.guestId, caller.id),
					eq(orders.status, 'AwaitingPayment'),
					gt(orders.paymentDeadline, new Date(now)),
				)
	return db.select({ n: count() }).from(orders).where(where).get()?.n ?? 0
}

function unreadSupport(caller: Caller, db: DbOrTx): number {
	return caller.role === 'Admin' ? countUnreadForPlatform(db) : 0
}

export function getUserStatus(
	caller: Caller,
	options: { now?: number } = {},
	db: DbOrTx = getDb(),
): UserStatus {
	const unreadChatMessages = unreadChatEntries(caller, db)
	return {
		unreadChatMessages,
		unreadMessageCount: countUnreadNotifications(caller.id, db),
		unreadChatMessageCount:
			unreadChatMessages.reduce((sum, entry) => sum + entry.count, 0) + unreadSupport(caller, db),
		newOrderCount: newOrderCount(caller, options.now ?? Date.now(), db),
		subscriptedModules: [],
	}
}

/** The endpoint each role polls (spec §7 Status). */
export const STATUS_ENDPOINTS: Record<UserRole, string> = {
	Customer: '/api/Customer/Status/Get',
	Owner: '/api/Owner/Status/Get',
	Admin: '/api/Admin/Status/Get',
}

export const NEXT_ACTIVITY_TYPES = [
	'NewOrders',
	'UnreadMessages',
	'UnreadChatMessages',
	'CreateFirstPlayroom',
] as const
export type NextActivityType = (typeof NEXT_ACTIVITY_TYPES)[number]
export type NextActivity = { type: NextActivityType; nextEntityId: string | null }

/**
 * What a host should do next, most urgent first. Computed from the data on
 * every call, so an item disappears as soon as it is handled (the request
 * answered, the first playroom created) — the list "reinitialises".
 * Other roles get an empty list.
 */
export function getNextActivities(
	caller: Caller,
	options: { now?: number } = {},
	db: DbOrTx = getDb(),
): NextActivity[] {
	if (caller.role !== 'Owner') return []
	const now = options.now ?? Date.now()
	const activities: NextActivity[] = []
	const status = getUserStatus(caller, { now }, db)
	if (status.newOrderCount > 0) {
		const oldest = db
			.select({ id: orders.id })
			.from(orders)
			.where(
				and(
					eq(orders.hostId, caller.id),
					eq(orders.status, 'Requested'),
					gt(orders.responseDeadline, new Date(now)),
				),
			)
			.orderBy(asc(orders.responseDeadline))
			.get()
		activities.push({ type: 'NewOrders', nextEntityId: oldest?.id ?? null })
	}
	if (status.unreadMessageCount > 0) activities.push({ type: 'UnreadMessages', nextEntityId: null })
	const firstChat = status.unreadChatMessages[0]
	if (status.unreadChatMessageCount > 0) {
		activities.push({ type: 'UnreadChatMessages', nextEntityId: firstChat?.guestId ?? null })
	}
	if (countHostPlayrooms(caller.id, db) === 0)
		activities.push({ type: 'CreateFirstPlayroom', nextEntityId: null })
	return activities
}

/** Where the host acts on an item (locale-free path). */
export function nextActivityPath(activity: NextActivity): string {
	switch (activity.type) {
		case 'NewOrders':
			return activity.nextEntityId ? `/host/orders/${activity.nextEntityId}` : '/host/orders?status=Requested'
		case 'UnreadMessages':
			return '/host/messages'
		case 'UnreadChatMessages':
			return '/host/chatMessages'
		case 'CreateFirstPlayroom':
			return '/host/playrooms#new-playroom'
	}
}
