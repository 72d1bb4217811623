import { BOOKING_TYPES } from '#db/schema/catalogue.ts'
import { ID_PATTERN } from '#db/schema/ids.ts'
import { validationMessage, z } from '#app/utils/validation.ts'
import {
	dateOrInstantField,
	decimalParam,
	intParam,
	localDateOrInstantField,
	monthField,
	requiredText,
	safeString,
} from './fields.ts'
import { RATING_AGE_FIT_VALUES } from './ratings.ts'

/**
 * Parameters of the public catalogue API and of the search form (phase 2
 * pages use the same schemas). Query values arrive as strings.
 */
export const SEARCH_SORTS = ['relevance', 'price', 'priceDesc', 'rating', 'newest', 'distance'] as const
export type SearchSort = (typeof SEARCH_SORTS)[number]

export const DEFAULT_PER_PAGE = 12
export const MAX_PER_PAGE = 60

export const idSchema = z.string().trim().regex(ID_PATTERN)
export const urlPathSchema = z
	.string()
	.trim()
	.min(1)
	.max(120)
	.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)
export const bookingTypeSchema = z.enum(BOOKING_TYPES)

const booleanParam = z
	.enum(['true', 'false', '1', '0'])
	.transform((value) => value === 'true' || value === '1')

/** A list given as "a,b,c" or as repeated parameters. */
const listParam = (item: z.ZodType<string, string>, max: number) =>
	z
		.union([z.string(), z.array(z.string())])
		.transform((value) =>
			(Array.isArray(value) ? value : [value])
				.flatMap((part) => part.split(','))
				.map((part) => part.trim())
				.filter(Boolean),
		)
		.pipe(z.array(item).max(max))

/**
 * A local date "YYYY-MM-DD" (Europe/Berlin); an ISO date-time is accepted too
 * and read as its Berlin date. Within the bounds of ADR 0143 (fields.ts).
 */
export const localDateSchema = localDateOrInstantField

/** A point in time: ISO date-time (with offset = instant; without = Berlin local) or a plain date. */
export const dateOrInstantSchema = dateOrInstantField

const coordinates = {
	lat: decimalParam(-90, 90).optional(),
	lng: decimalParam(-180, 180).optional(),
	/** Kilometres around lat/lng. */
	radius: decimalParam(1, 500).optional(),
}

export const searchParamsSchema = z
	.object({
		currentPage: intParam(1, 10_000).default(1),
		perPage: intParam(1, MAX_PER_PAGE).default(DEFAULT_PER_PAGE),
		city: safeString().max(80).optional(),
		state: safeString().max(80).optional(),
		q: safeString().max(200).optional(),
		checkIn: localDateSchema.optional(),
		bookingType: bookingTypeSchema.optional(),
		guests: intParam(1, 500).optional(),
		/** A child's age in years: playrooms whose age range includes it (issue 12). */
		childAge: intParam(0, 17).optional(),
		/** Playrooms that families called great for these ages in a published rating (issue 32). */
		ageFit: z.enum(RATING_AGE_FIT_VALUES).optional(),
		features: listParam(z.string().regex(/^[a-z0-9-]{1,40}$/), 30).optional(),
		/** Integer cents: the "from" price must not be above it. */
		priceMax: intParam(0, 10_000_000).optional(),
		sort: z.enum(SEARCH_SORTS).optional(),
		onlyFavorites: booleanParam.optional(),
		/** Visitors' favourites from localStorage (sz:favourites), for onlyFavorites. */
		favoriteIds: listParam(idSchema, 200).optional(),
		placeType: z.enum(['FixedPlace', 'Mobile']).optional(),
		...coordinates,
	})
	.superRefine((value, ctx) => {
		if ((value.lat === undefined) !== (value.lng === undefined)) {
			ctx.addIssue({
				code: 'custom',
				path: [value.lat === undefined ? 'lat' : 'lng'],
				params: { i18nKey: validationMessage('catalogue:errors.coordinatesIncomplete') },
			})
		}
		if (value.sort === 'distance' && value.lat === undefined) {
			ctx.addIssue({
				code: 'custom',
				path: ['lat'],
				params: { i18nKey: validationMessage('validation.required') },
			})
		}
	})
export type SearchParams = z.output<typeof searchParamsSchema>

/** `playroomId` or `playroomUrlPath` — one of them identifies a playroom. */
export const playroomRefSchema = z
	.object({ playroomId: idSchema.optional(), playroomUrlPath: urlPathSchema.optional() })
	.refine((value) => value.playroomId !== undefined || value.playroomUrlPath !== undefined, {
		path: ['playroomId'],
		params: { i18nKey: validationMessage('catalogue:errors.idOrPathRequired') },
	})
export type PlayroomRef = z.output<typeof playroomRefSchema>

export const playroomPageParamsSchema = z.object({ playroomId: idSchema, playroomPageId: idSchema })

export const customUrlParamsSchema = z.object({
	customUrl: requiredText(120).transform((value) => value.replace(/^\/+|\/+$/g, '').toLowerCase()),
})

export const occupationParamsSchema = z.object({
	playroomId: idSchema,
	from: localDateSchema.optional(),
	to: localDateSchema.optional(),
})

export const availableListsParamsSchema = z.intersection(
	playroomRefSchema,
	z.object({ checkIn: localDateSchema, bookingType: bookingTypeSchema }),
)

export const priceParamsSchema = z.object({
	playroomId: idSchema,
	bookingType: bookingTypeSchema,
	checkIn: dateOrInstantSchema,
	checkOut: dateOrInstantSchema.optional(),
	guests: intParam(1, 500),
	/** "additionId:quantity,…" */
	extras: listParam(z.string().regex(/^[A-Za-z0-9_-]{16}:\d{1,3}$/), 30).optional(),
	voucherCode: safeString().max(40).optional(),
})

export const bookingParamsSchema = z.intersection(
	playroomRefSchema,
	z.object({ checkIn: localDateSchema.optional() }),
)

export const liveDataParamsSchema = z.object({ playroomUrlPath: urlPathSchema })

export const qrCodeParamsSchema = z.intersection(
	playroomRefSchema,
	z.object({
		format: z.enum(['png', 'svg']).default('png'),
		size: intParam(64, 1024).default(256),
		/** The language of the page the code links to (default: the request's, Accept-Language). */
		lang: z.enum(['de', 'en']).optional(),
	}),
)

export const nearbyParamsSchema = z.object({
	playroomId: idSchema,
	limit: intParam(1, 24).default(6),
	radius: decimalParam(1, 500).default(50),
})

export const favoritesQuerySchema = z.object({ ids: listParam(idSchema, 200).optional() })
export const favoriteBodySchema = z.object({ playroomId: idSchema })
export const mergeFavoritesBodySchema = z.object({ playroomIds: z.array(idSchema).max(200) })

export const pageViewBodySchema = z.object({ playroomUrlPath: urlPathSchema })

// --- Catalogue pages (ADR 0030) ----------------------------------------------

/**
 * URL parameters of the search pages beyond the API's: the page number, the
 * maximum price in euros (the API takes cents), the list/map view and the
 * place of /playrooms/fixedPlace. Pages check every parameter on its own and
 * drop a bad one with a notice instead of answering 400.
 */
export const pageSearchExtraFields = {
	page: intParam(1, 10_000),
	maxPrice: z
		.string()
		.trim()
		.regex(/^\d{1,5}(?:[.,]\d{1,2})?$/)
		.transform((value) => Math.round(Number(value.replace(',', '.')) * 100)),
	view: z.enum(['list', 'map']),
	where: requiredText(120),
}

/** A month of the availability calendar, "YYYY-MM". */
export const monthSchema = monthField

// --- Events (spec §7) --------------------------------------------------------

const eventText = (max: number) => requiredText(max)

/** POST /api/Events/TrackEvent {name, value}. */
export const trackEventBodySchema = z.object({
	name: eventText(100).regex(/^[A-Za-z0-9_.:-]+$/),
	value: z
		.union([safeString().max(1_000), z.number(), z.boolean()])
		.nullish()
		.transform((value) => (value === null || value === undefined ? null : String(value))),
})

/** POST /api/Events/TraceEvent {userId, pageUrl, eventType, isHidden}. */
export const traceEventBodySchema = z.object({
	userId: safeString().max(64).nullish(),
	pageUrl: eventText(2_000).refine((value) => value.startsWith('/') && !value.startsWith('//'), {
		params: { i18nKey: validationMessage('validation.url') },
	}),
	eventType: eventText(50).regex(/^[A-Za-z0-9_.:-]+$/),
	isHidden: z.union([z.boolean(), booleanParam]).default(false),
})
