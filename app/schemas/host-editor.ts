import {
	ADDITION_UNITS,
	CANCELLATION_POLICIES,
	PLACE_TYPES,
	SAFETY_ITEMS,
	SLOT_GRIDS,
} from '#db/schema/catalogue-enums.ts'
import { STATES } from '#app/domain/places.ts'
import { validationMessage, z } from '#app/utils/validation.ts'
import type { HostTaxStatus } from '#db/schema/users.ts'
import { euroTextToCents, intField, optionalText, requiredText, safeString } from './fields.ts'
import { invoiceAddressFields } from './auth.ts'
import { checkbox } from './account.ts'
import { isValidIban, normalizeIban } from '#app/utils/iban.ts'

/**
 * The six tabs of the host's playroom editor (issue 12). One schema per tab
 * serves the Conform form in the browser, the page action and the API
 * (/api/Owner/Playrooms/:playroomId/:section): form values arrive as strings,
 * API values as JSON numbers/booleans, and both pass the same rules.
 */
const custom = (key: string, params?: Record<string, string | number>) => ({
	params: { i18nKey: validationMessage(key, params) },
})

export const EDITOR_LIMITS = {
	name: 100,
	description: 5000,
	rules: 3000,
	text: 200,
	pageText: 5000,
	urlPath: 120,
	rows: 30,
} as const

/** Optional text (blank → ''), with the shared character check (ADR 0053); multi-line for long texts. */
const text = (max: number, options: { multiline?: boolean } = {}) =>
	safeString(options)
		.max(max)
		.optional()
		.transform((value) => value ?? '')
/** Forms send digits (parseFormSubmission turns them into numbers); the API sends JSON numbers. */
const int = intField
/**
 * An optional number: absent in a form when left blank; from the API also `null`, which is what the
 * section's GET answers for an empty field — so read → save unchanged round-trips (issue 29).
 */
const optionalInt = (min: number, max: number) =>
	intField(min, max)
		.nullish()
		.transform((value) => value ?? undefined)

const URL_PATH = /^[a-z0-9]+(?:-[a-z0-9]+)*$/
export const urlPathField = safeString()
	.toLowerCase()
	.min(3)
	.max(EDITOR_LIMITS.urlPath)
	.refine((value) => URL_PATH.test(value), custom('hostEditor:errors.urlPath'))

/**
 * Euro amounts as the host types them ("35", "35,50", "1.234,5" — the shared euroTextToCents) or,
 * from the API, a JSON number of euros → integer cents.
 */
export const euroField = z
	.union([z.number(), safeString()])
	.transform((value) =>
		typeof value === 'number' ? Math.round(value * 100) : (euroTextToCents(value) ?? -1),
	)
	.refine(
		(cents) => Number.isSafeInteger(cents) && cents >= 0 && cents <= 100_000_000,
		custom('hostEditor:errors.amount'),
	)

/** "HH:MM" → minutes after midnight (24:00 allowed as the end of a day). */
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$|^24:00$/
export function parseTime(value: string): number {
	const [hours = 0, minutes = 0] = value.split(':').map(Number)
	return hours * 60 + minutes
}
export const timeField = safeString().refine((value) => TIME.test(value), custom('hostEditor:errors.time'))

// ── basic-information ─────────────────────────────────────────────────────────
/**
 * The size in m² as a host types it: "85", "85,5" (German) or "85.5", at most one
 * decimal kept; from the API a JSON number. Blank (or the GET's null) is no size (issue 31.10).
 */
const SIZE_TEXT = /^\d{1,5}(?:[.,]\d{1,2})?$/
export const sizeField = z
	.union([z.number(), safeString().max(20)])
	.transform((value) =>
		typeof value === 'number' ? value : SIZE_TEXT.test(value) ? Number(value.replace(',', '.')) : NaN,
	)
	.refine((size) => Number.isFinite(size) && size >= 1 && size <= 10_000, custom('hostEditor:errors.size'))
	.transform((size) => Math.round(size * 10) / 10)
	.nullish()
	.transform((value) => value ?? undefined)

/**
 * A website as hosts write it: "https://…", "http://…", or without the scheme
 * ("www.example.de", "example.de"), which is stored with https:// (issue 31.10).
 * Only http(s) addresses with a domain are taken.
 */
const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:/i
export const websiteField = safeString()
	.max(300)
	.transform((value) => (value && !HAS_SCHEME.test(value) ? `https://${value}` : value))
	.pipe(z.httpUrl({ error: () => validationMessage('hostEditor:errors.website') }).max(300))
	.nullish()
	.transform((value) => value ?? null)

export const basicInformationSchema = z
	.object({
		name: requiredText(EDITOR_LIMITS.name),
		playroomUrlPath: urlPathField,
		// Empty is null in the GET answer, so null is accepted too (as for the numbers, optionalInt).
		customUrl: urlPathField.nullish().transform((value) => value ?? null),
		placeType: z.enum(PLACE_TYPES),
		serviceRadiusKm: optionalInt(1, 500),
		street: text(100),
		// Blank ('' as a new draft's GET answers it) is no postal code yet.
		postalCode: safeString()
			.refine((value) => value === '' || /^\d{5}$/.test(value), custom('hostEditor:errors.postalCode'))
			.nullish()
			.transform((value) => value ?? ''),
		city: requiredText(60),
		// Derived from postal code and town when saved (issue 31.9); accepted so that a GET answer can be PUT back.
		stateSlug: z
			.enum(STATES.map((s) => s.slug) as [string, ...string[]])
			.nullish()
			.transform((value) => value ?? undefined),
		lat: z.number().min(47).max(55.1).optional(),
		lng: z.number().min(5.8).max(15.1).optional(),
		sizeSqm: sizeField,
		maxGuests: int(1, 500),
		websiteUrl: websiteField,
	})
	.refine((value) => value.placeType !== 'Mobile' || value.serviceRadiusKm !== undefined, {
		path: ['serviceRadiusKm'],
		...custom('hostEditor:errors.serviceRadiusRequired'),
	})
	.refine((value) => (value.lat === undefined) === (value.lng === undefined), {
		path: ['lat'],
		...custom('hostEditor:errors.coordinatesPair'),
	})
export type BasicInformationInput = z.output<typeof basicInformationSchema>

// ── detail-information ────────────────────────────────────────────────────────
/**
 * Rows of bilingual texts (questions, extra pages) as the form sends them:
 * fully blank rows are dropped (that is how a row is removed without
 * JavaScript); `order` sorts them. One language is enough (issue 31.5): a row
 * needs its German or its English fields, and a language it has begun must be
 * complete (a question without its answer is an error).
 */
const orderOf = (entry: { row: unknown; index: number }) =>
	(entry.row as { order?: number }).order ?? entry.index

function bilingualRows<K extends string>(
	keys: readonly K[],
	max: Record<K, number>,
	languages: Record<'de' | 'en', readonly K[]>,
) {
	const row = z.object({
		order: optionalInt(0, 999),
		// Answers and page texts are multi-line; questions and titles are one line.
		...(Object.fromEntries(keys.map((key) => [key, text(max[key], { multiline: max[key] > 200 })])) as Record<
			K,
			ReturnType<typeof text>
		>),
	})
	return z
		.array(row)
		.max(EDITOR_LIMITS.rows)
		.optional()
		.transform((rows) => rows ?? [])
		.superRefine((rows, ctx) => {
			rows.forEach((row, index) => {
				const value = (key: K) => (row as Record<K, string>)[key]
				if (keys.every((key) => !value(key))) return
				for (const lang of ['de', 'en'] as const) {
					const own = languages[lang]
					// A language left blank is fine while the other one is there.
					if (own.every((key) => !value(key)) && languages[lang === 'de' ? 'en' : 'de'].some(value)) continue
					for (const key of own) {
						if (!value(key)) {
							ctx.addIssue({ code: 'custom', path: [index, key], ...custom('validation.required') })
						}
					}
				}
			})
		})
		.transform((rows) =>
			rows
				.map((row, index) => ({ row, index }))
				.filter(({ row }) => keys.some((key) => (row as Record<K, string>)[key]))
				.sort((a, b) => orderOf(a) - orderOf(b) || a.index - b.index)
				.map(
					({ row }) =>
						Object.fromEntries(keys.map((key) => [key, (row as Record<K, string>)[key]])) as Record<
							K,
							string
						>,
				),
		)
}

export const QUESTION_KEYS = ['questionDe', 'questionEn', 'answerDe', 'answerEn'] as const
export const PAGE_KEYS = ['titleDe', 'titleEn', 'textDe', 'textEn'] as const

export const detailInformationSchema = z.object({
	descriptionDe: text(EDITOR_LIMITS.description, { multiline: true }),
	descriptionEn: text(EDITOR_LIMITS.description, { multiline: true }),
	features: z
		.array(z.string().regex(/^[a-z0-9-]{1,60}$/))
		.max(100)
		.optional()
		.transform((value) => value ?? []),
	questions: bilingualRows(
		QUESTION_KEYS,
		{ questionDe: 200, questionEn: 200, answerDe: 2000, answerEn: 2000 },
		{ de: ['questionDe', 'answerDe'], en: ['questionEn', 'answerEn'] },
	),
	pages: bilingualRows(
		PAGE_KEYS,
		{ titleDe: 100, titleEn: 100, textDe: 5000, textEn: 5000 },
		{ de: ['titleDe', 'textDe'], en: ['titleEn', 'textEn'] },
	),
})
export type DetailInformationInput = z.output<typeof detailInformationSchema>

export const MAX_PHOTOS = 30
export const photoAltSchema = z.object({ altDe: text(EDITOR_LIMITS.text), altEn: text(EDITOR_LIMITS.text) })
export const photoOrderSchema = z.object({
	photoIds: z
		.array(z.string().regex(/^[A-Za-z0-9_-]{1,40}$/))
		.min(1)
		.max(MAX_PHOTOS),
})

// ── price ─────────────────────────────────────────────────────────────────────
const priceRow = z.object({
	weekdayPrice: euroField,
	weekendPrice: euroField,
	guestsIncluded: int(1, 500),
	extraGuestFee: euroField,
	cleaningFee: euroField,
	deposit: euroField,
})
export type PriceRowInput = z.output<typeof priceRow>

const extraRow = z.object({
	nameDe: text(EDITOR_LIMITS.text),
	nameEn: text(EDITOR_LIMITS.text),
	price: z.union([z.number(), safeString().max(20)]).optional(),
	unit: z.enum(ADDITION_UNITS).optional(),
	maxQuantity: z.number().optional(),
})
/** An extra needs a name in German or in English (one language is enough, issue 31.5). */
const extraComplete = z
	.object({
		nameDe: text(EDITOR_LIMITS.text),
		nameEn: text(EDITOR_LIMITS.text),
		price: euroField,
		unit: z.enum(ADDITION_UNITS),
		maxQuantity: int(1, 100),
	})
	.refine((row) => Boolean(row.nameDe || row.nameEn), {
		path: ['nameDe'],
		...custom('hostEditor:errors.nameOneLanguage'),
	})

export const priceSchema = z.object({
	prices: z.object({
		Hourly: priceRow.optional(),
		Daily: priceRow.optional(),
		Overnight: priceRow.optional(),
	}),
	/** Blank rows are dropped (removal without JavaScript); a started row must be complete. */
	extras: z
		.array(extraRow)
		.max(EDITOR_LIMITS.rows)
		.optional()
		.transform((rows) => rows ?? [])
		.transform((rows, ctx) => {
			const complete: z.output<typeof extraComplete>[] = []
			rows.forEach((row, index) => {
				if (!row.nameDe && !row.nameEn && (row.price === undefined || row.price === '')) return
				const parsed = extraComplete.safeParse(row)
				if (parsed.success) complete.push(parsed.data)
				else
					for (const issue of parsed.error.issues)
						ctx.addIssue({ ...issue, path: [index, ...issue.path] } as never)
			})
			return complete
		}),
})
export type PriceInput = z.output<typeof priceSchema>

// ── rules ─────────────────────────────────────────────────────────────────────
export const rulesSchema = z
	.object({
		rulesDe: text(EDITOR_LIMITS.rules, { multiline: true }),
		rulesEn: text(EDITOR_LIMITS.rules, { multiline: true }),
		cancellationPolicy: z.enum(CANCELLATION_POLICIES),
		instantBooking: checkbox,
		minChildAge: optionalInt(0, 17),
		maxChildAge: optionalInt(0, 17),
		safety: z
			.array(z.enum(SAFETY_ITEMS))
			.optional()
			.transform((value) => [...new Set(value ?? [])]),
	})
	.refine(
		(value) =>
			value.minChildAge === undefined ||
			value.maxChildAge === undefined ||
			value.minChildAge <= value.maxChildAge,
		{ path: ['maxChildAge'], ...custom('hostEditor:errors.ageRange') },
	)
export type RulesInput = z.output<typeof rulesSchema>

// ── availability ──────────────────────────────────────────────────────────────
export const WEEKDAY_FIELDS = ['d1', 'd2', 'd3', 'd4', 'd5', 'd6', 'd7'] as const

/** "09:00-12:00, 14:00-18:00" → ranges; blank = closed. Ranges must be ascending and not overlap. */
const openingDay = safeString()
	.max(200)
	.optional()
	.transform((value, ctx) => {
		const ranges: { openMinute: number; closeMinute: number }[] = []
		for (const part of (value ?? '')
			.split(/[,;]/)
			.map((p) => p.trim())
			.filter(Boolean)) {
			const match = /^(\d{1,2}:\d{2})\s*[-–]\s*(\d{1,2}:\d{2})$/.exec(part)
			const [open, close] = [match?.[1]?.padStart(5, '0') ?? '', match?.[2]?.padStart(5, '0') ?? '']
			if (!match || !TIME.test(open) || !TIME.test(close) || parseTime(open) >= parseTime(close)) {
				ctx.addIssue({ code: 'custom', ...custom('hostEditor:errors.openingHours') })
				return z.NEVER
			}
			ranges.push({ openMinute: parseTime(open), closeMinute: parseTime(close) })
		}
		ranges.sort((a, b) => a.openMinute - b.openMinute)
		if (ranges.some((range, i) => i > 0 && range.openMinute < (ranges[i - 1]?.closeMinute ?? 0))) {
			ctx.addIssue({ code: 'custom', ...custom('hostEditor:errors.openingOverlap') })
			return z.NEVER
		}
		return ranges
	})

export const availabilitySchema = z
	.object({
		hourly: checkbox,
		minHours: optionalInt(1, 24),
		maxHours: optionalInt(1, 24),
		daily: checkbox,
		overnight: checkbox,
		checkIn: timeField.optional(),
		checkOut: timeField.optional(),
		minNights: optionalInt(1, 30),
		maxNights: optionalInt(1, 30),
		hours: z.object(
			Object.fromEntries(WEEKDAY_FIELDS.map((day) => [day, openingDay])) as Record<
				(typeof WEEKDAY_FIELDS)[number],
				typeof openingDay
			>,
		),
		slotMinutes: z
			.number()
			.refine((value) => (SLOT_GRIDS as readonly number[]).includes(value), custom('validation.choice')),
		bufferMinutes: int(0, 240),
		leadTimeHours: int(0, 720),
		horizonDays: int(1, 730),
	})
	.superRefine((value, ctx) => {
		const need = (path: string, ok: boolean, key = 'validation.required') => {
			if (!ok) ctx.addIssue({ code: 'custom', path: [path], ...custom(key) })
		}
		need('hourly', value.hourly || value.daily || value.overnight, 'hostEditor:errors.bookingTypeRequired')
		if (value.hourly) {
			need('minHours', value.minHours !== undefined)
			need('maxHours', value.maxHours !== undefined)
			need('maxHours', (value.minHours ?? 0) <= (value.maxHours ?? 24), 'hostEditor:errors.minAboveMax')
		}
		if (value.overnight) {
			need('checkIn', value.checkIn !== undefined)
			need('checkOut', value.checkOut !== undefined)
			need('minNights', value.minNights !== undefined)
			need('maxNights', value.maxNights !== undefined)
			need('maxNights', (value.minNights ?? 0) <= (value.maxNights ?? 30), 'hostEditor:errors.minAboveMax')
		}
	})
export type AvailabilityInput = z.output<typeof availabilitySchema>

// ── paymentAndInvoice ─────────────────────────────────────────────────────────
/** Kept here for the editor's importers; the check lives in app/utils/iban.ts. */
export { isValidIban, maskIban } from '#app/utils/iban.ts'

export const paymentSchema = z
	.object({
		onSite: checkbox,
		card: checkbox,
		...invoiceAddressFields,
		/**
		 * The host's tax status for the platform's invoices (issue 34, ADR 0178): a private person, a small
		 * business under § 19 UStG (kept in `users.small_business` too), or standard with a VAT id.
		 */
		// Spelled out: the client bundle cannot import db/schema/users.ts (node:crypto); the type keeps it equal.
		taxStatus: z.enum(['Private', 'SmallBusiness', 'Standard'] as const satisfies readonly HostTaxStatus[]),
		taxNumber: optionalText(30),
		/** Blank keeps the stored IBAN. */
		payoutIban: safeString()
			.max(42)
			.refine(isValidIban, custom('hostEditor:errors.iban'))
			.transform(normalizeIban)
			.optional(),
	})
	.refine((value) => value.taxStatus !== 'Standard' || Boolean(value.vatId), {
		path: ['vatId'],
		...custom('hostEditor:errors.vatIdRequired'),
	})
export type PaymentInput = z.output<typeof paymentSchema>

export const EDITOR_SECTIONS = {
	'basic-information': basicInformationSchema,
	'detail-information': detailInformationSchema,
	price: priceSchema,
	rules: rulesSchema,
	availability: availabilitySchema,
	paymentAndInvoice: paymentSchema,
} as const
export type EditorSection = keyof typeof EDITOR_SECTIONS
