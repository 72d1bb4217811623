import { validationMessage, z } from '#app/utils/validation.ts'
import { requiredText, safeString } from './fields.ts'

/**
 * Schemas of the host back office pages and API (issue 12): the "new
 * playroom" form and the publishing actions. No texts (ADR 0006). Client-safe:
 * nothing here may import db/schema values (the browser bundle has no node:crypto).
 */
export const PLAYROOM_NAME_MAX = 80

/**
 * The "new playroom" form and POST /api/Owner/Playrooms/Create: a name and a German town (issue 31.9:
 * any town, checked against the offline place list when created), optionally with its postal code.
 * A curated city's slug ("koeln") is a town too.
 */
export const newPlayroomSchema = z.object({
	name: requiredText(PLAYROOM_NAME_MAX, { min: 2 }),
	city: requiredText(60),
	postalCode: safeString()
		.refine((value) => value === '' || /^\d{5}$/.test(value), {
			params: { i18nKey: validationMessage('hostEditor:errors.postalCode') },
		})
		.nullish()
		.transform((value) => value ?? ''),
})
export type NewPlayroomInput = z.infer<typeof newPlayroomSchema>

export const PUBLISHING_INTENTS = ['publish', 'pause', 'unpause'] as const
export type PublishingIntent = (typeof PUBLISHING_INTENTS)[number]
/** The overview's form that deletes a Draft (issue 31.10). */
export const DELETE_DRAFT_INTENT = 'deleteDraft'

/** The items of the publishing checklist (app/models/host-office/playroom-publishing.server.ts), in display order. */
export const CHECKLIST_KEYS = ['photos', 'descriptions', 'prices', 'openingHours', 'address'] as const
export type ChecklistKey = (typeof CHECKLIST_KEYS)[number]

export type ChecklistItem = {
	key: ChecklistKey
	done: boolean
	/** Encoded translation key with parameters (translateValidationMessage). */
	message: string
}
