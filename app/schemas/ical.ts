import { validationMessage, z } from '#app/utils/validation.ts'
import { entityIdField } from './fields.ts'

/**
 * Forms of /host/calendar/feeds (docs/subsystems/ical.md). No texts (ADR 0006).
 * The address check here is the form's; the server checks the address the name
 * resolves to before it is stored and again at every fetch (ADR 0083).
 */
export const FEED_URL_MAX = 2000

const urlMessage = { error: () => validationMessage('hostIcal:errors.url') }

export const exportFormSchema = z.object({
	intent: z.enum(['exportGenerate', 'exportRevoke']),
	/** A playroom id, or "all" for all of the host's playrooms. */
	scope: z.union([z.literal('all'), entityIdField]),
})

export const feedAddSchema = z.object({
	intent: z.literal('feedAdd'),
	playroomId: entityIdField,
	url: z
		.string(urlMessage)
		.trim()
		.max(FEED_URL_MAX)
		.pipe(z.url({ protocol: /^https?$/, ...urlMessage })),
})

export const feedCommandSchema = z.object({
	intent: z.enum(['feedSync', 'feedRemove']),
	feedId: entityIdField,
})

export const FEED_INTENTS = ['exportGenerate', 'exportRevoke', 'feedAdd', 'feedSync', 'feedRemove'] as const
export type FeedIntent = (typeof FEED_INTENTS)[number]
