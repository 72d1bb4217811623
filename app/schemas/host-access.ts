import {
	ACCESS_AREA_TYPES,
	TEMPLATE_LOCALES,
	TEMPLATE_PLACEHOLDERS,
	TEMPLATE_TYPES,
} from '#app/domain/host-access.ts'
import { unknownPlaceholders } from '#app/utils/mini-template.ts'
import { validationMessage, z } from '#app/utils/validation.ts'
// Client-safe blocks (schemas/catalogue.ts pulls db/schema into the browser bundle):
// the entity id format (userIdField is the shared 16-character id grammar).
import { userIdField as idSchema } from './auth.ts'
import { localDateField, optionalText, requiredText } from './fields.ts'

/**
 * Forms of /host/accessAreas and /host/templateTexts (issue 13). No texts
 * (ADR 0006). Client-safe.
 */
export const ACCESS_NAME_MAX = 80
export const INSTRUCTIONS_MAX = 2000
export const CODE_MAX = 40
export const SUBJECT_MAX = 200
export const TEMPLATE_BODY_MAX = 5000

export const accessAreaSchema = z.object({
	name: requiredText(ACCESS_NAME_MAX, { min: 2 }),
	type: z.enum(ACCESS_AREA_TYPES),
	instructionsDe: optionalText(INSTRUCTIONS_MAX, { multiline: true }),
	instructionsEn: optionalText(INSTRUCTIONS_MAX, { multiline: true }),
	playroomIds: z.array(idSchema).max(200).optional(),
})
/** What the models take (optional texts may be left out by server code and tests). */
export type AccessAreaInput = Omit<z.output<typeof accessAreaSchema>, 'instructionsDe' | 'instructionsEn'> & {
	instructionsDe?: string
	instructionsEn?: string
}

/** One code part: the code and the local dates it is valid from/to (both inclusive, open when empty). */
export const codePartSchema = z
	.object({
		label: optionalText(60),
		code: requiredText(CODE_MAX),
		validFrom: localDateField.optional(),
		validTo: localDateField.optional(),
	})
	.superRefine((value, ctx) => {
		if (value.validFrom && value.validTo && value.validTo < value.validFrom) {
			ctx.addIssue({
				code: 'custom',
				path: ['validTo'],
				params: { i18nKey: validationMessage('hostAccess:errors.validToBeforeFrom') },
			})
		}
	})
export type CodePartInput = Omit<z.output<typeof codePartSchema>, 'label'> & { label?: string }

export const codePartIdSchema = z.object({ partId: idSchema })

function refusePlaceholders(field: 'subject' | 'body') {
	return (value: string, ctx: z.RefinementCtx) => {
		const unknown = unknownPlaceholders(value, TEMPLATE_PLACEHOLDERS)
		if (unknown.length === 0) return
		ctx.addIssue({
			code: 'custom',
			path: [],
			params: {
				i18nKey: validationMessage('hostAccess:errors.unknownPlaceholders', {
					unknown: unknown.map((name) => `{{${name}}}`).join(', '),
					valid: TEMPLATE_PLACEHOLDERS.map((name) => `{{${name}}}`).join(', '),
				}),
				field,
			},
		})
	}
}

export const templateTextSchema = z.object({
	type: z.enum(TEMPLATE_TYPES),
	locale: z.enum(TEMPLATE_LOCALES),
	subject: requiredText(SUBJECT_MAX).superRefine(refusePlaceholders('subject')),
	body: requiredText(TEMPLATE_BODY_MAX, { multiline: true }).superRefine(refusePlaceholders('body')),
})
export type TemplateTextInput = z.output<typeof templateTextSchema>

/**
 * The "Preview" and "Start from the default text" buttons: the chosen type and
 * language and the typed text, not saved, placeholders not yet checked.
 */
export const templatePreviewSchema = z.object({
	// The chosen type and language stay chosen (issue 31.8); an unknown one is dropped.
	type: z.enum(TEMPLATE_TYPES).optional().catch(undefined),
	locale: z.enum(TEMPLATE_LOCALES).optional().catch(undefined),
	subject: optionalText(SUBJECT_MAX),
	body: optionalText(TEMPLATE_BODY_MAX, { multiline: true }),
})
