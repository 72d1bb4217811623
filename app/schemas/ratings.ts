import { z } from 'zod'
import type { RatingAgeFit, RatingHideReason } from '#db/schema/orders.ts'
import { entityIdField, intField, intParam, optionalText, requiredText } from './fields.ts'

/**
 * Ratings (issue 32, ADR 0160): the guest's rating form and API body, the
 * host's private note and reply, the admin's hide. Client-safe: the value
 * lists repeat db/schema's (checked against its types), never import them.
 */
/** A guest rates within this many days of check-out; the rating is published after them at the latest. */
export const RATING_WINDOW_DAYS = 14
export const RATING_COMMENT_MAX = 2_000
export const RATING_REPLY_MAX = 2_000
export const RATING_NOTE_MAX = 2_000

export const RATING_AGE_FIT_VALUES = ['3-5', '6-8', '9-12'] as const satisfies readonly RatingAgeFit[]
export const RATING_HIDE_REASON_VALUES = [
	'NotAboutStay',
	'Offensive',
	'PersonalData',
	'Advertising',
	'ConflictOfInterest',
	'Illegal',
] as const satisfies readonly RatingHideReason[]

/** The sub-scores besides the overall stars, in the order the forms and pages show them. */
export const RATING_SUB_SCORES = ['cleanliness', 'safety', 'asDescribed', 'communication', 'value'] as const
export type RatingSubScore = (typeof RATING_SUB_SCORES)[number]

const score = intField(1, 5)

export const ratingFieldsSchema = z.object({
	stars: score,
	cleanliness: score,
	safety: score,
	asDescribed: score,
	communication: score,
	value: score,
	ageFit: z.enum(RATING_AGE_FIT_VALUES).optional(),
	comment: optionalText(RATING_COMMENT_MAX, { multiline: true }),
})
export type RatingFields = z.infer<typeof ratingFieldsSchema>

/** POST /api/Customer/Ratings/Create. */
export const createRatingApiSchema = ratingFieldsSchema.extend({ orderId: entityIdField })

/** The host's private note about the guest (never public; publishes the rating at once). */
export const hostNoteSchema = z.object({ note: requiredText(RATING_NOTE_MAX, { multiline: true }) })
export const hostNoteApiSchema = hostNoteSchema.extend({ orderId: entityIdField })

/** The host's public reply (once, editable for 48 h). */
export const ratingReplySchema = z.object({
	ratingId: entityIdField,
	reply: requiredText(RATING_REPLY_MAX, { multiline: true }),
})

/** GET /api/Public/Playrooms/Ratings. */
export const publicRatingsQuerySchema = z.object({
	playroomId: entityIdField,
	currentPage: intParam(1, 10_000).catch(1),
})

/** The admin hides a rating: a reason from the fixed list (DSA Art. 17) and an optional explanation. */
export const ratingHideSchema = z.object({
	targetId: entityIdField,
	reasonCode: z.enum(RATING_HIDE_REASON_VALUES),
	reason: optionalText(1_000),
})
