-- Admin order table free text (issue 14, docs/decisions/0107-admin-list-performance.md): `orders.search_text`
-- holds code, guest name and guest e-mail in lower case, separated by char(31), so `tableFilter` is one
-- LIKE over a short column instead of three json_extract calls per row. SQLite cannot ADD a STORED
-- generated column, so triggers write it: after every insert and every change of code or contact.
-- Keep the three expressions identical (the app matches lower(x) LIKE pattern per field, as before).
UPDATE `orders` SET `search_text` = lower(`code`) || char(31) ||
	coalesce(lower(json_extract(`contact`, '$.firstName') || ' ' || json_extract(`contact`, '$.lastName')), '') ||
	char(31) || coalesce(lower(json_extract(`contact`, '$.email')), '');
--> statement-breakpoint
-- An insert that already carries the right text (the booking path computes it, orderSearchText) skips the update.
CREATE TRIGGER `orders_search_text_insert` AFTER INSERT ON `orders` WHEN NEW.`search_text` IS NOT lower(NEW.`code`) || char(31) ||
	coalesce(lower(json_extract(NEW.`contact`, '$.firstName') || ' ' || json_extract(NEW.`contact`, '$.lastName')), '') ||
	char(31) || coalesce(lower(json_extract(NEW.`contact`, '$.email')), '') BEGIN
	UPDATE `orders` SET `search_text` = lower(NEW.`code`) || char(31) ||
		coalesce(lower(json_extract(NEW.`contact`, '$.firstName') || ' ' || json_extract(NEW.`contact`, '$.lastName')), '') ||
		char(31) || coalesce(lower(json_extract(NEW.`contact`, '$.email')), '')
	WHERE rowid = NEW.rowid;
END;
--> statement-breakpoint
CREATE TRIGGER `orders_search_text_update` AFTER UPDATE OF `code`, `contact` ON `orders` BEGIN
	UPDATE `orders` SET `search_text` = lower(NEW.`code`) || char(31) ||
		coalesce(lower(json_extract(NEW.`contact`, '$.firstName') || ' ' || json_extract(NEW.`contact`, '$.lastName')), '') ||
		char(31) || coalesce(lower(json_extract(NEW.`contact`, '$.email')), '')
	WHERE rowid = NEW.rowid AND `search_text` IS NOT lower(NEW.`code`) || char(31) ||
		coalesce(lower(json_extract(NEW.`contact`, '$.firstName') || ' ' || json_extract(NEW.`contact`, '$.lastName')), '') ||
		char(31) || coalesce(lower(json_extract(NEW.`contact`, '$.email')), '');
END;
