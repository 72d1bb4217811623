-- Full-text search over published and unpublished playrooms (filtered by status in the query).
-- Texts are normalised in app code (app/domain/search-text.ts) before they are written here and
-- before a query is run, so German umlauts match however they are typed (Köln = Koeln = Koln).
-- Rows are written by app/models/catalogue-search.server.ts on every playroom write.
CREATE VIRTUAL TABLE `playroom_search` USING fts5(
	`playroom_id` UNINDEXED,
	`name`,
	`description`,
	`place`,
	`features`,
	tokenize = 'unicode61 remove_diacritics 2'
);
