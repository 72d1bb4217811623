import { apiEndpoints } from '#app/utils/api-endpoints.server.ts'
import { ownThreadEndpoint, supportThreadEndpoints } from './support-endpoints.server.ts'

/**
 * /api/Support/* — the caller's support thread with the platform (ADR 0163,
 * docs/subsystems/support-chat.md): Thread, Messages?threadId&after, Send {threadId?, body,
 * clientMessageId} (the first message creates the thread), MarkRead {threadId, messageId}.
 * Any logged-in user, on their own thread only: anything else is 404.
 */
const endpoints = apiEndpoints({ Thread: ownThreadEndpoint, ...supportThreadEndpoints('user') })

export const loader = endpoints.loader
export const action = endpoints.action
