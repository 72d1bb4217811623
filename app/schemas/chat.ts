import { z } from '#app/utils/validation.ts'
import { entityIdField as idSchema, intField, intParam, requiredText } from './fields.ts'

/**
 * The guest–host chat (issue 32, docs/subsystems/chat.md): the same schemas for the API
 * (/api/Customer/Chat/*, /api/Owner/Chat/*) and the no-JS thread form.
 */
/**
 * At most this many characters per message: db/schema/conversations.ts' CHAT_MESSAGE_MAX_LENGTH,
 * repeated here because db/schema does not load in the browser (a test keeps them equal).
 */
export const CHAT_BODY_MAX_LENGTH = 4_000

export const CHAT_THREAD_FILTERS = ['all', 'unread', 'needsReply'] as const

/** The sender's id for one message: a retry or a double click with it never makes two rows. */
export const clientMessageIdField = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/)

/** A message id in a query or body (0 = "from the start"). */
const messageIdParam = intParam(0, Number.MAX_SAFE_INTEGER)

export const chatThreadsQuerySchema = z.object({
	filter: z.enum(CHAT_THREAD_FILTERS).catch('all'),
})

export const chatMessagesQuerySchema = z.object({
	threadId: idSchema,
	after: messageIdParam.optional(),
	limit: intParam(1, 200).optional(),
})

const sendFields = {
	body: requiredText(CHAT_BODY_MAX_LENGTH, { multiline: true }),
	clientMessageId: clientMessageIdField,
	orderId: idSchema.optional(),
}

/** POST …/Chat/Send (guest): an existing thread, or the host of a playroom. */
export const customerChatSendSchema = z
	.object({ threadId: idSchema.optional(), playroomId: idSchema.optional(), ...sendFields })
	.refine((value) => Boolean(value.threadId ?? value.playroomId), { path: ['threadId'] })

/** POST …/Chat/Send (host): an existing thread, or a guest they have an order or thread with. */
export const ownerChatSendSchema = z
	.object({ threadId: idSchema.optional(), guestId: idSchema.optional(), ...sendFields })
	.refine((value) => Boolean(value.threadId ?? value.guestId), { path: ['threadId'] })

/** POST …/Chat/MarkRead */
export const chatMarkReadSchema = z.object({
	threadId: idSchema,
	messageId: intField(0, Number.MAX_SAFE_INTEGER),
})

/** The thread page's send form (no JavaScript): the thread is in the URL. */
export const chatSendFormSchema = z.object({ ...sendFields })
