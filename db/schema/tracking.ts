import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { booleanColumn, createdAt } from './columns.ts'
import { playrooms } from './catalogue.ts'
import { users } from './users.ts'

/**
 * Tracking (PRODUCT.md §3 Tracking, spec §7 Events): playroom page views and
 * website clicks for the host and admin dashboards, and the TrackEvent /
 * TraceEvent rows of /api/Events. No personal data besides the user id.
 */
/** A row per counted event of a playroom (who, if logged in, and when). */
const playroomEventTable = (name: string) =>
	sqliteTable(
		name,
		{
			id: integer('id').primaryKey({ autoIncrement: true }),
			playroomId: text('playroom_id')
				.notNull()
				.references(() => playrooms.id, { onDelete: 'cascade' }),
			userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
			createdAt: createdAt(),
		},
		(table) => [
			index(`${name}_playroom_idx`).on(table.playroomId, table.createdAt),
			// Admin dashboard: all events of a period, per day.
			index(`${name}_created_idx`).on(table.createdAt, table.playroomId),
		],
	)

export const playroomViews = playroomEventTable('playroom_views')
export const playroomWebsiteClicks = playroomEventTable('playroom_website_clicks')

/** POST /api/Events/TrackEvent (name, value). */
export const trackEvents = sqliteTable(
	'track_events',
	{
		id: integer('id').primaryKey({ autoIncrement: true }),
		name: text('name').notNull(),
		value: text('value'),
		userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
		createdAt: createdAt(),
	},
	(table) => [index('track_events_name_idx').on(table.name, table.createdAt)],
)

/** POST /api/Events/TraceEvent (userId, pageUrl, eventType, isHidden) — page_view on every navigation. */
export const traceEvents = sqliteTable(
	'trace_events',
	{
		id: integer('id').primaryKey({ autoIncrement: true }),
		userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
		pageUrl: text('page_url').notNull(),
		eventType: text('event_type').notNull(),
		isHidden: booleanColumn('is_hidden').notNull().default(false),
		createdAt: createdAt(),
	},
	(table) => [index('trace_events_type_idx').on(table.eventType, table.createdAt)],
)
