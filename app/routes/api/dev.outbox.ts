import { AppError, apiHandler, parseQuery } from '#app/utils/api.server.ts'
import { extractLinks, listOutbox } from '#app/utils/email.server.ts'
import { getEnv } from '#app/utils/env.server.ts'
import { z } from '#app/utils/validation.ts'

const querySchema = z.object({ to: z.email().max(254) })

/**
 * GET /api/Dev/Outbox?to=<address> — development and test only: the stored
 * e-mails for an address, newest first, with the links in them.
 * In production this endpoint does not exist (404).
 */
export const loader = apiHandler(({ url }) => {
	if (getEnv().APP_ENV === 'production') throw new AppError(404, 'UnknownEndpoint')
	const { to } = parseQuery(querySchema, url)
	return listOutbox(to).map((message) => ({
		id: message.id,
		to: message.to,
		subject: message.subject,
		template: message.template,
		locale: message.locale,
		text: message.text,
		html: message.html,
		links: extractLinks(message.text),
		attachments: message.attachments.map(({ filename, contentType }) => ({ filename, contentType })),
		status: message.status,
		createdAt: message.createdAt.toISOString(),
	}))
})
