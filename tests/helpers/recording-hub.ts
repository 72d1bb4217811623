import type { Hub, RealtimeEvent } from '#app/utils/realtime.ts'

/** A Hub that remembers what was published, for assertions. */
export function createRecordingHub() {
	const published: { to: string; event: RealtimeEvent }[] = []
	const hub: Hub = {
		publishToUser: (userId, event) => published.push({ to: `user:${userId}`, event }),
		publishToRole: (role, event) => published.push({ to: `role:${role}`, event }),
		publishToAll: (event) => published.push({ to: 'all', event }),
	}
	return { hub, published }
}
