import { AppError, apiHandler, parseQuery } from '#app/utils/api.server.ts'
import { extractLinks, listOutbox } from '#app/utils/email.server.ts'
import { getEnv } from '#app/utils/env.server.ts'
import { z } from '#app/utils/validation.ts'

const querySchema = z.object({
	to: z.email().max(254),
	/** `html`: the newest message's HTML part as a page (or the one named by `id`). */
	view: z.enum(['html']).optional(),
	id: z.string().max(64).optional(),
})

/**
 * GET /api/Dev/Outbox?to=<address> — development and test only: the stored
 * e-mails for an address, newest first, with the links in them.
 * `&view=html` (optionally `&id=<message id>`) previews a message's HTML part
 * as the recipient's mail client would show it — under a CSP with no scripts, no
 * forms, only same-origin images (the logo).
 * In production this endpoint does not exist (404).
 */
export const loader = apiHandler(({ url }) => {
	if (getEnv().APP_ENV === 'production') throw new AppError(404, 'UnknownEndpoint')
	const { to, view, id } = parseQuery(querySchema, url)
	const messages = listOutbox(to)
	if (view === 'html') {
		const message = id ? messages.find((m) => m.id === id) : messages[0]
		if (!message) throw new AppError(404, 'NotFound')
		return new Response(message.html, {
			headers: {
				'Content-Type': 'text/html; charset=utf-8',
				'Content-Security-Policy':
					"default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; form-action 'none'",
			},
		})
	}
	return messages.map((message) => ({
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
