import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { booleanColumn, cents, createdAt, idColumn, instant, jsonColumn, updatedAt } from './columns.ts'
import { users } from './users.ts'

/**
 * The public catalogue (PRODUCT.md §3 Playroom, Booking types, Availability,
 * Prices). See docs/subsystems/catalogue.md for how the parts fit together.
 */
// The value lists live in a file without Node imports, so browser code can use them too.
export * from './catalogue-enums.ts'
import type { PaymentMethod, SafetyItem } from './catalogue-enums.ts'
import {
	ADDITION_UNITS,
	BLOCK_SOURCES,
	BOOKING_TYPES,
	CANCELLATION_POLICIES,
	PLACE_TYPES,
	PLAYROOM_STATUSES,
} from './catalogue-enums.ts'

export const playrooms = sqliteTable(
	'playrooms',
	{
		id: idColumn(),
		hostId: text('host_id')
			.notNull()
			.references(() => users.id),
		name: text('name').notNull(),
		/** The canonical slug: /playrooms/<playroomUrlPath>. */
		playroomUrlPath: text('playroom_url_path').notNull(),
		/** An optional vanity path (without leading slash) that resolves to the playroom. */
		customUrl: text('custom_url'),
		descriptionDe: text('description_de').notNull().default(''),
		descriptionEn: text('description_en').notNull().default(''),
		rulesDe: text('rules_de').notNull().default(''),
		rulesEn: text('rules_en').notNull().default(''),
		placeType: text('place_type', { enum: PLACE_TYPES }).notNull().default('FixedPlace'),
		/** Mobile offers: how far the host travels from lat/lng. */
		serviceRadiusKm: integer('service_radius_km'),
		street: text('street').notNull().default(''),
		postalCode: text('postal_code').notNull().default(''),
		city: text('city').notNull(),
		/** Slug of the city (spec §2 list, or slugified name for other places). */
		citySlug: text('city_slug').notNull(),
		stateSlug: text('state_slug').notNull(),
		lat: real('lat').notNull(),
		lng: real('lng').notNull(),
		sizeSqm: integer('size_sqm'),
		maxGuests: integer('max_guests').notNull(),
		websiteUrl: text('website_url'),
		instantBooking: booleanColumn('instant_booking').notNull().default(false),
		/** Children's age range the playroom suits (years); null = no limit. */
		minChildAge: integer('min_child_age'),
		maxChildAge: integer('max_child_age'),
		/** Ticked items of SAFETY_ITEMS; `safetyChecked` is true when all are ticked (badge, filter). */
		safetyChecklist: jsonColumn<SafetyItem[]>('safety_checklist').notNull().default([]),
		safetyChecked: booleanColumn('safety_checked').notNull().default(false),
		cancellationPolicy: text('cancellation_policy', { enum: CANCELLATION_POLICIES })
			.notNull()
			.default('Flexible'),
		paymentMethods: jsonColumn<PaymentMethod[]>('payment_methods').notNull().default(['BankTransfer']),
		status: text('status', { enum: PLAYROOM_STATUSES }).notNull().default('Draft'),
		/** Why an admin blocked it (status Blocked; e-mailed to the host, issue 14); null otherwise. */
		blockedReason: text('blocked_reason'),
		// Availability settings (the weekly opening hours are rows in playroom_opening_hours).
		slotMinutes: integer('slot_minutes').notNull().default(60),
		bufferMinutes: integer('buffer_minutes').notNull().default(0),
		leadTimeHours: integer('lead_time_hours').notNull().default(0),
		horizonDays: integer('horizon_days').notNull().default(365),
		/** Denormalised from visible ratings by refreshPlayroomRating (sort/filter without aggregation). */
		ratingAverage: real('rating_average'),
		ratingCount: integer('rating_count').notNull().default(0),
		/** Bayesian average of the published, visible ratings: search's "best rated" order (issue 32). */
		ratingRank: real('rating_rank'),
		/** How many published ratings call it great for 3–5 / 6–8 / 9–12 (search's age filter). */
		ageFit3to5: integer('age_fit_3_5').notNull().default(0),
		ageFit6to8: integer('age_fit_6_8').notNull().default(0),
		ageFit9to12: integer('age_fit_9_12').notNull().default(0),
		createdAt: createdAt(),
		updatedAt: updatedAt(),
		publishedAt: instant('published_at'),
	},
	(table) => [
		uniqueIndex('playrooms_url_path_unique').on(table.playroomUrlPath),
		uniqueIndex('playrooms_custom_url_unique').on(table.customUrl),
		index('playrooms_host_idx').on(table.hostId, table.createdAt),
		index('playrooms_status_city_idx').on(table.status, table.citySlug),
		index('playrooms_status_state_idx').on(table.status, table.stateSlug),
		index('playrooms_status_published_idx').on(table.status, table.publishedAt),
		index('playrooms_status_rating_idx').on(table.status, table.ratingAverage),
		index('playrooms_status_lat_idx').on(table.status, table.lat),
	],
)

/**
 * The version of what the playroom page shows of a playroom: a new random value on every write to
 * the playroom's row, its photos (and their images), features (and their names), questions, pages,
 * booking types, extras, opening hours and ratings, and the display names of its host and raters —
 * written by triggers (migration `playroom_content_versions_sql`), so the page's cache (ADR 0118) is
 * right whoever wrote. Its own table, so the playroom's row does not change when only its prices do.
 */
export const playroomContentVersions = sqliteTable('playroom_content_versions', {
	playroomId: text('playroom_id')
		.primaryKey()
		.references(() => playrooms.id, { onDelete: 'cascade' }),
	version: integer('version').notNull(),
})

/**
 * Former URL paths of a playroom: after a slug change the old path 301-redirects
 * to the current one (issue 12). A path is either current or in here, never both.
 */
export const playroomPathHistory = sqliteTable(
	'playroom_path_history',
	{
		urlPath: text('url_path').primaryKey(),
		playroomId: text('playroom_id')
			.notNull()
			.references(() => playrooms.id, { onDelete: 'cascade' }),
		createdAt: createdAt(),
	},
	(table) => [index('playroom_path_history_playroom_idx').on(table.playroomId)],
)

/** The feature catalogue (ball pit, climbing wall, kitchen, …). */
export const features = sqliteTable('features', {
	key: text('key').primaryKey(),
	/** Name of the icon the UI draws for it. */
	icon: text('icon').notNull(),
	nameDe: text('name_de').notNull(),
	nameEn: text('name_en').notNull(),
	position: integer('position').notNull().default(0),
})

export const playroomFeatures = sqliteTable(
	'playroom_features',
	{
		playroomId: text('playroom_id')
			.notNull()
			.references(() => playrooms.id, { onDelete: 'cascade' }),
		featureKey: text('feature_key')
			.notNull()
			.references(() => features.key, { onDelete: 'cascade' }),
	},
	(table) => [
		primaryKey({ columns: [table.playroomId, table.featureKey] }),
		index('playroom_features_feature_idx').on(table.featureKey, table.playroomId),
	],
)

export type ImageVariant = {
	/** Public URL path under /uploads. */
	url: string
	width: number
	height: number
	format: 'webp' | 'jpeg'
	bytes: number
}

/**
 * A processed image (re-encoded, EXIF stripped, responsive sizes) stored in
 * UPLOADS_DIR. The id is derived from the content, so the same upload is
 * stored once; several photos may show the same image.
 */
export const images = sqliteTable('images', {
	id: text('id').primaryKey(),
	width: integer('width').notNull(),
	height: integer('height').notNull(),
	variants: jsonColumn<ImageVariant[]>('variants').notNull(),
	createdAt: createdAt(),
})

export const playroomPhotos = sqliteTable(
	'playroom_photos',
	{
		id: idColumn(),
		playroomId: text('playroom_id')
			.notNull()
			.references(() => playrooms.id, { onDelete: 'cascade' }),
		imageId: text('image_id')
			.notNull()
			.references(() => images.id),
		position: integer('position').notNull(),
		altDe: text('alt_de').notNull().default(''),
		altEn: text('alt_en').notNull().default(''),
		createdAt: createdAt(),
	},
	(table) => [index('playroom_photos_playroom_idx').on(table.playroomId, table.position)],
)

/** The host's FAQ on the playroom page. */
export const playroomQuestions = sqliteTable(
	'playroom_questions',
	{
		id: idColumn(),
		playroomId: text('playroom_id')
			.notNull()
			.references(() => playrooms.id, { onDelete: 'cascade' }),
		position: integer('position').notNull(),
		questionDe: text('question_de').notNull(),
		questionEn: text('question_en').notNull(),
		answerDe: text('answer_de').notNull(),
		answerEn: text('answer_en').notNull(),
	},
	(table) => [index('playroom_questions_playroom_idx').on(table.playroomId, table.position)],
)

/** Extra pages of a playroom (PlayroomPage: title + text). */
export const playroomPages = sqliteTable(
	'playroom_pages',
	{
		id: idColumn(),
		playroomId: text('playroom_id')
			.notNull()
			.references(() => playrooms.id, { onDelete: 'cascade' }),
		position: integer('position').notNull(),
		titleDe: text('title_de').notNull(),
		titleEn: text('title_en').notNull(),
		textDe: text('text_de').notNull(),
		textEn: text('text_en').notNull(),
	},
	(table) => [index('playroom_pages_playroom_idx').on(table.playroomId, table.position)],
)

/**
 * One row per booking type a playroom offers: its settings and its prices.
 * Prices are gross integer cents per hour (Hourly), day (Daily) or night (Overnight).
 */
export const playroomBookingTypes = sqliteTable(
	'playroom_booking_types',
	{
		playroomId: text('playroom_id')
			.notNull()
			.references(() => playrooms.id, { onDelete: 'cascade' }),
		bookingType: text('booking_type', { enum: BOOKING_TYPES }).notNull(),
		enabled: booleanColumn('enabled').notNull().default(true),
		/** Hourly: shortest and longest booking. */
		minHours: integer('min_hours'),
		maxHours: integer('max_hours'),
		/** Overnight: local check-in/check-out time as minutes after midnight, and nights. */
		checkInMinute: integer('check_in_minute'),
		checkOutMinute: integer('check_out_minute'),
		minNights: integer('min_nights'),
		maxNights: integer('max_nights'),
		weekdayPrice: cents('weekday_price').notNull(),
		weekendPrice: cents('weekend_price').notNull(),
		guestsIncluded: integer('guests_included').notNull(),
		/** Per guest above guestsIncluded, once per booking. */
		extraGuestFee: cents('extra_guest_fee').notNull().default(0),
		cleaningFee: cents('cleaning_fee').notNull().default(0),
		/** Shown, collected on site; not part of the total. */
		deposit: cents('deposit').notNull().default(0),
	},
	(table) => [
		primaryKey({ columns: [table.playroomId, table.bookingType] }),
		index('playroom_booking_types_type_idx').on(table.bookingType, table.enabled, table.weekdayPrice),
	],
)

/** Extras a guest can add (PlayroomAddition). */
export const playroomAdditions = sqliteTable(
	'playroom_additions',
	{
		id: idColumn(),
		playroomId: text('playroom_id')
			.notNull()
			.references(() => playrooms.id, { onDelete: 'cascade' }),
		position: integer('position').notNull().default(0),
		nameDe: text('name_de').notNull(),
		nameEn: text('name_en').notNull(),
		price: cents('price').notNull(),
		unit: text('unit', { enum: ADDITION_UNITS }).notNull(),
		maxQuantity: integer('max_quantity').notNull().default(1),
		active: booleanColumn('active').notNull().default(true),
	},
	(table) => [index('playroom_additions_playroom_idx').on(table.playroomId, table.position)],
)

/**
 * Weekly opening hours in local time (Europe/Berlin). weekday: ISO 1 = Monday
 * … 7 = Sunday. Minutes after local midnight; closeMinute may be 1440 (midnight).
 * Several rows per weekday are allowed (e.g. a lunch break).
 */
export const playroomOpeningHours = sqliteTable(
	'playroom_opening_hours',
	{
		id: integer('id').primaryKey({ autoIncrement: true }),
		playroomId: text('playroom_id')
			.notNull()
			.references(() => playrooms.id, { onDelete: 'cascade' }),
		weekday: integer('weekday').notNull(),
		openMinute: integer('open_minute').notNull(),
		closeMinute: integer('close_minute').notNull(),
	},
	(table) => [index('playroom_opening_hours_playroom_idx').on(table.playroomId, table.weekday)],
)

/** Blocked periods: host blocks and events imported from an external iCal feed. */
export const playroomBlocks = sqliteTable(
	'playroom_blocks',
	{
		id: idColumn(),
		playroomId: text('playroom_id')
			.notNull()
			.references(() => playrooms.id, { onDelete: 'cascade' }),
		startsAt: instant('starts_at').notNull(),
		endsAt: instant('ends_at').notNull(),
		source: text('source', { enum: BLOCK_SOURCES }).notNull().default('Host'),
		/** iCal: the event UID (and feed) so re-imports update instead of duplicating. */
		externalUid: text('external_uid'),
		note: text('note'),
		createdAt: createdAt(),
	},
	(table) => [
		index('playroom_blocks_playroom_idx').on(table.playroomId, table.endsAt),
		uniqueIndex('playroom_blocks_external_unique').on(table.playroomId, table.externalUid),
	],
)

/** Logged-in users' favourites (visitors keep theirs in localStorage `sz:favourites`). */
export const favourites = sqliteTable(
	'favourites',
	{
		userId: text('user_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		playroomId: text('playroom_id')
			.notNull()
			.references(() => playrooms.id, { onDelete: 'cascade' }),
		createdAt: createdAt(),
	},
	(table) => [
		primaryKey({ columns: [table.userId, table.playroomId] }),
		index('favourites_playroom_idx').on(table.playroomId),
	],
)
