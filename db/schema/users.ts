import { sql } from 'drizzle-orm'
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { booleanColumn, createdAt, idColumn, instant, updatedAt } from './columns.ts'

export const USER_ROLES = ['Customer', 'Owner', 'Admin'] as const
export type UserRole = (typeof USER_ROLES)[number]

export const HOST_TAX_STATUSES = ['Private', 'SmallBusiness', 'Standard'] as const
export type HostTaxStatus = (typeof HOST_TAX_STATUSES)[number]

export const LANGUAGES = ['de', 'en'] as const
export type Language = (typeof LANGUAGES)[number]

/**
 * Every account: guests (Customer), hosts (Owner) and admins.
 * Deleting an account anonymises the row (deletedAt set, personal data
 * cleared) because orders and invoices must be kept for 10 years (§147 AO).
 */
export const users = sqliteTable(
	'users',
	{
		id: idColumn(),
		/** Always stored lower-cased. */
		email: text('email').notNull(),
		emailConfirmedAt: instant('email_confirmed_at'),
		passwordHash: text('password_hash'),
		role: text('role', { enum: USER_ROLES }).notNull(),
		displayName: text('display_name').notNull(),
		firstName: text('first_name').notNull().default(''),
		lastName: text('last_name').notNull().default(''),
		phoneNumber: text('phone_number'),
		langPreference: text('lang_preference', { enum: LANGUAGES }).notNull().default('de'),
		notificationToken: text('notification_token'),
		allowEmailForBookings: booleanColumn('allow_email_for_bookings').notNull().default(true),
		allowEmailForPersonalOffers: booleanColumn('allow_email_for_personal_offers').notNull().default(false),
		allowEmailForFeedback: booleanColumn('allow_email_for_feedback').notNull().default(true),
		/** Unread chat messages by e-mail (issue 32): 'Immediately' (after 15 minutes), 'Hourly' or 'Off'. */
		chatEmailFrequency: text('chat_email_frequency', { enum: ['Immediately', 'Hourly', 'Off'] })
			.notNull()
			.default('Immediately'),
		// Hosts: invoice address (may be completed after registration).
		companyName: text('company_name'),
		street: text('street'),
		postalCode: text('postal_code'),
		city: text('city'),
		country: text('country'),
		vatId: text('vat_id'),
		/** Hosts: small business under §19 UStG (no VAT on the host's own invoices). */
		smallBusiness: booleanColumn('small_business').notNull().default(false),
		/**
		 * Hosts' tax status for the platform's invoices (issue 34): a private person, a small business
		 * under § 19 UStG (kept equal to `smallBusiness`), or a business charging VAT with a VAT id.
		 */
		taxStatus: text('tax_status', { enum: HOST_TAX_STATUSES }).notNull().default('Private'),
		/** Hosts: the tax number (Steuernummer) when there is no VAT id. */
		taxNumber: text('tax_number'),
		/** Hosts: payout account (normalised IBAN, checksum-validated; shown masked). */
		payoutIban: text('payout_iban'),
		imported: booleanColumn('imported').notNull().default(false),
		/** When the terms were accepted at registration. */
		termsAcceptedAt: instant('terms_accepted_at'),
		createdAt: createdAt(),
		updatedAt: updatedAt(),
		deletedAt: instant('deleted_at'),
	},
	(table) => [
		uniqueIndex('users_email_unique').on(table.email),
		uniqueIndex('users_display_name_unique').on(sql`lower(${table.displayName})`),
		index('users_role_idx').on(table.role, table.createdAt),
		// The admin search index catches up on changed users by this (ADR 0092).
		index('users_updated_idx').on(table.updatedAt),
		// The admin user tables: each sortable column within a role, and the imported filter.
		index('users_role_last_name_idx').on(table.role, table.lastName),
		index('users_role_first_name_idx').on(table.role, table.firstName),
		index('users_role_display_name_idx').on(table.role, table.displayName),
		index('users_role_email_idx').on(table.role, table.email),
		index('users_role_imported_idx').on(table.role, table.imported, table.createdAt),
		// The free text of the user tables reads this covering index, not the rows (ADR 0107).
		index('users_role_search_idx').on(
			table.role,
			table.deletedAt,
			table.email,
			table.displayName,
			table.firstName,
			table.lastName,
			table.companyName,
		),
	],
)

/**
 * Login sessions. The cookie `auth.token` (or a bearer token) carries 256 random
 * bits; only their SHA-256 hash is stored here, so a database leak does not leak
 * usable tokens.
 */
export const sessions = sqliteTable(
	'sessions',
	{
		/** SHA-256 hex of the token. */
		id: text('id').primaryKey(),
		userId: text('user_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		createdAt: createdAt(),
		expiresAt: instant('expires_at').notNull(),
		lastUsedAt: instant('last_used_at'),
		/** true: "remember me" (7-day cookie); false: cookie ends with the browser. */
		persistent: booleanColumn('persistent').notNull().default(true),
		/** Set when an admin started this session with "login as". */
		impersonatorUserId: text('impersonator_user_id').references(() => users.id, {
			onDelete: 'cascade',
		}),
		userAgent: text('user_agent'),
		ip: text('ip'),
	},
	(table) => [index('sessions_user_idx').on(table.userId), index('sessions_expires_idx').on(table.expiresAt)],
)

export const TOKEN_PURPOSES = ['confirmEmail', 'resetPassword', 'changeEmail'] as const
export type TokenPurpose = (typeof TOKEN_PURPOSES)[number]

/** Single-use tokens sent by e-mail; only their hash is stored. */
export const userTokens = sqliteTable(
	'user_tokens',
	{
		id: idColumn(),
		userId: text('user_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		purpose: text('purpose', { enum: TOKEN_PURPOSES }).notNull(),
		tokenHash: text('token_hash').notNull(),
		/** For changeEmail: the new address. */
		payload: text('payload'),
		createdAt: createdAt(),
		expiresAt: instant('expires_at').notNull(),
		usedAt: instant('used_at'),
	},
	(table) => [
		uniqueIndex('user_tokens_hash_unique').on(table.tokenHash),
		index('user_tokens_user_idx').on(table.userId, table.purpose),
	],
)

/** Counts failed logins per account for the hourly lock-out rule. */
export const loginFailures = sqliteTable(
	'login_failures',
	{
		id: integer('id').primaryKey({ autoIncrement: true }),
		email: text('email').notNull(),
		ip: text('ip'),
		createdAt: createdAt(),
	},
	(table) => [index('login_failures_email_idx').on(table.email, table.createdAt)],
)
