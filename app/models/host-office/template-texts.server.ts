import { and, asc, eq, isNull } from 'drizzle-orm'
import { templateTexts } from '#db/schema/access.ts'
import {
	TEMPLATE_LOCALES,
	TEMPLATE_TYPES,
	type TemplateLocale,
	type TemplateType,
	type TemplateValues,
} from '#app/domain/host-access.ts'
import { templateDefaults as defaultsDe } from '#app/locales/de/template-defaults.ts'
import { templateDefaults as defaultsEn } from '#app/locales/en/template-defaults.ts'
import { templatePreviewSchema, type TemplateTextInput } from '#app/schemas/host-access.ts'
import { AppError } from '#app/utils/app-error.ts'
import { getDb, immediateTransaction, type DbOrTx } from '#app/utils/db.server.ts'
import { formatAmount } from '#app/utils/format.ts'
import { formatDateTime } from '#app/utils/format-instant.ts'
import { parseFormSubmission } from '#app/utils/form-submission.ts'
import { changedFields, recordAdminAudit } from '#app/models/platform/audit-log.server.ts'
import type { SessionUser } from '#app/models/accounts/session.server.ts'

/**
 * Template texts (issue 13, ADR 0085): a host's own text per type and
 * language overrides the platform default for the host's guests; the platform
 * default is the row with no host (seeded, edited by admins later) or, when
 * there is none, the text in app/locales/<lang>/template-defaults.ts. So a
 * text always exists and every booking e-mail goes out.
 */
export type TemplateText = { subject: string; body: string }
type Caller = Pick<SessionUser, 'id' | 'role'>

const CODE_DEFAULTS: Record<TemplateLocale, Record<TemplateType, TemplateText>> = {
	de: defaultsDe,
	en: defaultsEn,
}

export function codeDefault(type: TemplateType, locale: TemplateLocale): TemplateText {
	return CODE_DEFAULTS[locale][type]
}

/** The text for one of a host's guests: the host's own, else the platform's. */
export function resolveTemplate(
	hostId: string | null,
	type: TemplateType,
	locale: TemplateLocale,
	db: DbOrTx = getDb(),
): TemplateText {
	const rows = db
		.select({ hostId: templateTexts.hostId, subject: templateTexts.subject, body: templateTexts.body })
		.from(templateTexts)
		.where(and(eq(templateTexts.type, type), eq(templateTexts.locale, locale)))
		.all()
		.filter((row) => row.hostId === null || row.hostId === hostId)
	const own = hostId ? rows.find((row) => row.hostId === hostId) : undefined
	const platform = rows.find((row) => row.hostId === null)
	return own ?? platform ?? codeDefault(type, locale)
}

/** Inserts the platform default of every type and language that has no row yet (seed; idempotent). */
export function ensurePlatformTemplates(db: DbOrTx = getDb()) {
	for (const locale of TEMPLATE_LOCALES) {
		for (const type of TEMPLATE_TYPES) {
			const exists = db
				.select({ id: templateTexts.id })
				.from(templateTexts)
				.where(
					and(isNull(templateTexts.hostId), eq(templateTexts.type, type), eq(templateTexts.locale, locale)),
				)
				.get()
			if (!exists)
				db.insert(templateTexts)
					.values({ hostId: null, type, locale, ...codeDefault(type, locale) })
					.run()
		}
	}
}

export function listHostTemplates(hostId: string, db: DbOrTx = getDb()) {
	return db
		.select()
		.from(templateTexts)
		.where(eq(templateTexts.hostId, hostId))
		.orderBy(asc(templateTexts.type), asc(templateTexts.locale))
		.all()
}

/** One of the caller's template texts (an admin: any); anything else is a 404. */
export function getTemplateText(caller: Caller, id: string, db: DbOrTx = getDb()) {
	if (!mayAccessTemplateText(caller, id, db)) throw new AppError(404)
	return db
		.select()
		.from(templateTexts)
		.where(eq(templateTexts.id, id))
		.get() as typeof templateTexts.$inferSelect
}

/** The ownership rule of `:templateTextId`. */
export function mayAccessTemplateText(caller: Caller, id: string, db: DbOrTx = getDb()) {
	const row = db
		.select({ hostId: templateTexts.hostId })
		.from(templateTexts)
		.where(eq(templateTexts.id, id))
		.get()
	if (!row) return false
	return caller.role === 'Admin' || (caller.role === 'Owner' && row.hostId === caller.id)
}

function duplicate(): AppError {
	return new AppError(409, 'Conflict', {
		messageKey: 'hostAccess:errors.templateExists',
		fields: { type: ['hostAccess:errors.templateExists'] },
	})
}

function hostTemplateFor(hostId: string, input: TemplateTextInput, db: DbOrTx) {
	return db
		.select({ id: templateTexts.id })
		.from(templateTexts)
		.where(
			and(
				eq(templateTexts.hostId, hostId),
				eq(templateTexts.type, input.type),
				eq(templateTexts.locale, input.locale),
			),
		)
		.get()
}

export function createTemplateText(host: Caller, input: TemplateTextInput, db: DbOrTx = getDb()) {
	if (host.role !== 'Owner') throw new AppError(403)
	if (hostTemplateFor(host.id, input, db)) throw duplicate()
	return db
		.insert(templateTexts)
		.values({ hostId: host.id, ...input })
		.returning()
		.get()
}

/** Saves a template text in one IMMEDIATE transaction (or the caller's); an admin's edit is audited in it. */
export function updateTemplateText(caller: Caller, id: string, input: TemplateTextInput, db?: DbOrTx): void {
	if (!db) return immediateTransaction((tx) => updateTemplateText(caller, id, input, tx))
	const row = getTemplateText(caller, id, db)
	// A platform default stays the default of its type and language (issue 14): one per pair.
	if (row.hostId === null && (row.type !== input.type || row.locale !== input.locale)) {
		throw new AppError(409, 'Conflict', {
			messageKey: 'admin:templateTexts.typeFixed',
			fields: { type: ['admin:templateTexts.typeFixed'] },
		})
	}
	const clash = row.hostId ? hostTemplateFor(row.hostId, input, db) : undefined
	if (clash && clash.id !== id) throw duplicate()
	db.update(templateTexts).set(input).where(eq(templateTexts.id, id)).run()
	if (caller.role === 'Admin') {
		recordAdminAudit(db, {
			admin: caller,
			action: 'templateText.update',
			entityType: 'templateText',
			entityId: id,
			changes: changedFields(row, input),
		})
	}
}

export function deleteTemplateText(caller: Caller, id: string, db: DbOrTx = getDb()) {
	const row = getTemplateText(caller, id, db)
	if (row.hostId === null) throw new AppError(403)
	db.delete(templateTexts).where(eq(templateTexts.id, id)).run()
}

/** The values of the preview: a made-up order of the host's, in the template's language. */
export function sampleValues(locale: TemplateLocale, hostName: string, now = Date.now()): TemplateValues {
	const day = 24 * 60 * 60 * 1000
	const checkIn = new Date(Math.ceil((now + 7 * day) / day) * day + 13 * 60 * 60 * 1000)
	const checkOut = new Date(checkIn.getTime() + 3 * 60 * 60 * 1000)
	const de = locale === 'de'
	return {
		guestName: 'Alex',
		playroomName: de ? 'Spielwiese Beispiel' : 'Sample Playroom',
		address: 'Venloer Str. 1, 50672 Köln',
		checkIn: formatDateTime(checkIn, locale),
		checkOut: formatDateTime(checkOut, locale),
		orderCode: 'SZ-ABC123',
		hostName,
		amount: formatAmount(8900, locale),
		amountReceived: formatAmount(5000, locale),
		amountDue: formatAmount(3900, locale),
		deadline: formatDateTime(new Date(now + day), locale),
		reason: de ? 'Grund: Beispiel' : 'Reason: example',
		accessCode: '4711',
		arrivalInstructions: de
			? 'Der Schlüsselkasten hängt links neben der Tür.'
			: 'The key box is to the left of the door.',
	}
}

/**
 * The template form after a "Preview" submit: the chosen type and language and
 * the typed subject and body (nothing saved; issue 31.8 — the choice stays).
 */
export function previewFromForm(form: FormData): TemplatePreview {
	const submission = parseFormSubmission(form, { schema: templatePreviewSchema })
	if (submission.status !== 'success') return { subject: '', body: '' }
	const { type, locale, subject, body } = submission.value
	return {
		...(type ? { type } : {}),
		...(locale ? { locale } : {}),
		subject: subject ?? '',
		body: body ?? '',
	}
}

/**
 * "Start from the default text" (and, with JavaScript, a new type or language
 * in an unchanged form): the chosen type and language with the text a host's
 * guests get without a text of their own — the platform's, else the code's.
 */
export function defaultFromForm(form: FormData, fallback: { type: TemplateType; locale: TemplateLocale }) {
	const chosen = previewFromForm(form)
	const type = chosen.type ?? fallback.type
	const locale = chosen.locale ?? fallback.locale
	const { subject, body } = resolveTemplate(null, type, locale)
	return { type, locale, subject, body } satisfies TemplatePreview
}

export type TemplatePreview = { type?: TemplateType; locale?: TemplateLocale; subject: string; body: string }
