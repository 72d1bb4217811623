import type { UserRole } from '#db/schema/users.ts'

/**
 * The realtime channel (docs/decisions/0005-realtime.md): one WebSocket per tab
 * at HUB_PATH, server → browser events only. Shared by server and browser.
 */
export const HUB_PATH = '/hub'
export const HUB_KEEPALIVE_MS = 15_000
export const HUB_SERVER_TIMEOUT_MS = 30_000
export const HUB_MAX_MESSAGE_BYTES = 100_000
/**
 * Close code of a connection over its user's or IP's cap (4000–4999 are the
 * application's codes; 4429 mirrors HTTP 429). The client does not reconnect.
 */
export const HUB_CLOSE_TOO_MANY_CONNECTIONS = 4429
/**
 * Close code of a connection whose session has ended (logged out, password changed, account
 * blocked, expired); the hub checks every HUB_KEEPALIVE_MS. The client tries once more at once,
 * with the cookies it has now (the tab may hold a new session), and stops if that fails.
 */
export const HUB_CLOSE_SESSION_ENDED = 4401
/** Delay before the first connection after start-up. */
export const HUB_CONNECT_DELAY_MS = 1_000
/** Delays before each reconnect attempt; after the last one the client stops. */
export const HUB_RECONNECT_DELAYS_MS = [0, 2_000, 10_000, 30_000] as const

export const WEBSOCKET_STATUSES = ['Unknown', 'Online', 'Offline'] as const
export type WebSocketStatus = (typeof WEBSOCKET_STATUSES)[number]

export type RealtimeEvent =
	| { type: 'SeedProgress'; step: number; totalSteps: number; text: string }
	/** To a guest: a host wrote. */
	| { type: 'GuestHasNewChatMessage'; hostId: string; count: number }
	/** To a host: a guest wrote. */
	| { type: 'HostHasNewChatMessage'; guestId: string; count: number }
	/**
	 * Support chat (ADR 0163): to every admin after any support message (count: messages no admin
	 * has read), and to the user after an admin's answer (count: their unread replies). No text.
	 */
	| { type: 'SupportHasNewMessage'; conversationId: string; count: number }

export type RealtimeEventType = RealtimeEvent['type']

/**
 * How app code publishes events. The server (server/hub.ts) implements it and
 * hands it to loaders and actions through the load context; app code never
 * imports server/.
 */
export interface Hub {
	/** To every open tab of one user. */
	publishToUser(userId: string, event: RealtimeEvent): void
	/** To every connected user with this role. */
	publishToRole(role: UserRole, event: RealtimeEvent): void
	/** To every connection, anonymous ones included. */
	publishToAll(event: RealtimeEvent): void
}

/** A hub that drops every event: scripts and processes without a web server. */
export const silentHub: Hub = {
	publishToUser() {},
	publishToRole() {},
	publishToAll() {},
}
