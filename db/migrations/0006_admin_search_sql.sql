-- Admin search (issue 14, docs/decisions/0092-admin-search.md): FTS5 over users and orders.
-- Texts are normalised in app code (app/domain/search-text.ts, as playroom_search in 0002) and
-- written by app/models/admin-search-index.server.ts, which catches up on rows whose updated_at is
-- at or after admin_search_marks.synced_until before every search. The FTS rowid is the base
-- table's rowid (deletes by rowid); the id column is checked in the join as well.
CREATE VIRTUAL TABLE `admin_user_search` USING fts5(
	`user_id` UNINDEXED,
	`name`,
	`email`,
	`display_name`,
	tokenize = 'unicode61 remove_diacritics 2',
	prefix = '2 3'
);
--> statement-breakpoint
CREATE VIRTUAL TABLE `admin_order_search` USING fts5(
	`order_id` UNINDEXED,
	`code`,
	`guest`,
	tokenize = 'unicode61 remove_diacritics 2',
	prefix = '2 3'
);
