import { sql } from 'drizzle-orm'
import { index, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { ACCESS_AREA_TYPES, TEMPLATE_LOCALES, TEMPLATE_TYPES } from './access-enums.ts'
import { playrooms } from './catalogue.ts'
import { createdAt, idColumn, instant, updatedAt } from './columns.ts'
import { orders } from './orders.ts'
import { users } from './users.ts'

/**
 * Access areas with arrival codes, template texts and the record of sent
 * order notifications (issue 13; docs/subsystems/access-and-templates.md,
 * ADR 0084/0085).
 */

/** A way into one or more of a host's playrooms (a key box, a keypad, …). */
export const accessAreas = sqliteTable(
	'access_areas',
	{
		id: idColumn(),
		hostId: text('host_id')
			.notNull()
			.references(() => users.id),
		name: text('name').notNull(),
		type: text('type', { enum: ACCESS_AREA_TYPES }).notNull(),
		instructionsDe: text('instructions_de').notNull().default(''),
		instructionsEn: text('instructions_en').notNull().default(''),
		createdAt: createdAt(),
		updatedAt: updatedAt(),
	},
	(table) => [index('access_areas_host_idx').on(table.hostId, table.name)],
)

/**
 * One part of an area's code, valid in [validFrom, validUntil) (open ends:
 * null). The code a guest gets is every part valid at the order's check-in.
 */
export const accessCodeParts = sqliteTable(
	'access_code_parts',
	{
		id: idColumn(),
		accessAreaId: text('access_area_id')
			.notNull()
			.references(() => accessAreas.id, { onDelete: 'cascade' }),
		label: text('label').notNull().default(''),
		code: text('code').notNull(),
		validFrom: instant('valid_from'),
		validUntil: instant('valid_until'),
		createdAt: createdAt(),
	},
	(table) => [index('access_code_parts_area_idx').on(table.accessAreaId, table.validFrom)],
)

/** Which playrooms an access area opens (only the area host's own playrooms). */
export const accessAreaPlayrooms = sqliteTable(
	'access_area_playrooms',
	{
		accessAreaId: text('access_area_id')
			.notNull()
			.references(() => accessAreas.id, { onDelete: 'cascade' }),
		playroomId: text('playroom_id')
			.notNull()
			.references(() => playrooms.id, { onDelete: 'cascade' }),
	},
	(table) => [
		primaryKey({ columns: [table.accessAreaId, table.playroomId] }),
		index('access_area_playrooms_playroom_idx').on(table.playroomId),
	],
)

/**
 * A text with {{placeholders}}: a host's own (hostId) or the platform default
 * (hostId null, one per type and language; admins edit those). A host has at
 * most one per type and language.
 */
export const templateTexts = sqliteTable(
	'template_texts',
	{
		id: idColumn(),
		hostId: text('host_id').references(() => users.id, { onDelete: 'cascade' }),
		type: text('type', { enum: TEMPLATE_TYPES }).notNull(),
		locale: text('locale', { enum: TEMPLATE_LOCALES }).notNull(),
		subject: text('subject').notNull().default(''),
		body: text('body').notNull(),
		createdAt: createdAt(),
		updatedAt: updatedAt(),
	},
	(table) => [
		uniqueIndex('template_texts_host_unique')
			.on(table.hostId, table.type, table.locale)
			.where(sql`host_id IS NOT NULL`),
		uniqueIndex('template_texts_platform_unique')
			.on(table.type, table.locale)
			.where(sql`host_id IS NULL`),
	],
)

export const ORDER_NOTIFICATION_KINDS = ['arrivalInstructions', 'reminder', 'ratingRequest'] as const
export type OrderNotificationKind = (typeof ORDER_NOTIFICATION_KINDS)[number]

/** What the notification tasks have sent: one row per order and kind, so nothing goes twice. */
export const orderNotifications = sqliteTable(
	'order_notifications',
	{
		orderId: text('order_id')
			.notNull()
			.references(() => orders.id, { onDelete: 'cascade' }),
		kind: text('kind', { enum: ORDER_NOTIFICATION_KINDS }).notNull(),
		emailId: text('email_id'),
		sentAt: instant('sent_at').notNull(),
	},
	(table) => [primaryKey({ columns: [table.orderId, table.kind] })],
)
