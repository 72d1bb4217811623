-- The playroom page's content version (docs/decisions/0118-playroom-page-cache.md): `playroom_content_versions`
-- holds a new random value for a playroom on every write to what the page shows of it, so a cache keyed by it is
-- never stale, whichever process or tool wrote. Random, not +1: a rolled-back write must not leave a number that
-- the next write would reuse for other content. Covered: the playroom's own row; its photos (and their images),
-- features (and the feature list's names), questions, pages, booking types, extras, opening hours and ratings;
-- the display names of its host and of its raters. A new table the page reads needs its triggers here.
-- Written through the playrooms table (`SELECT … FROM playrooms`), so nothing is written for a deleted playroom.
CREATE TRIGGER `playrooms_content_insert` AFTER INSERT ON `playrooms` BEGIN
	INSERT INTO `playroom_content_versions` (`playroom_id`, `version`)
		SELECT `id`, random() FROM `playrooms` WHERE `id` = NEW.`id`
		ON CONFLICT (`playroom_id`) DO UPDATE SET `version` = excluded.`version`;
END;
--> statement-breakpoint
CREATE TRIGGER `playrooms_content_update` AFTER UPDATE ON `playrooms` BEGIN
	INSERT INTO `playroom_content_versions` (`playroom_id`, `version`)
		SELECT `id`, random() FROM `playrooms` WHERE `id` = NEW.`id`
		ON CONFLICT (`playroom_id`) DO UPDATE SET `version` = excluded.`version`;
END;
--> statement-breakpoint
CREATE TRIGGER `playroom_photos_content_insert` AFTER INSERT ON `playroom_photos` BEGIN
	INSERT INTO `playroom_content_versions` (`playroom_id`, `version`)
		SELECT `id`, random() FROM `playrooms` WHERE `id` = NEW.`playroom_id`
		ON CONFLICT (`playroom_id`) DO UPDATE SET `version` = excluded.`version`;
END;
--> statement-breakpoint
CREATE TRIGGER `playroom_photos_content_update` AFTER UPDATE ON `playroom_photos` BEGIN
	INSERT INTO `playroom_content_versions` (`playroom_id`, `version`)
		SELECT `id`, random() FROM `playrooms` WHERE `id` IN (NEW.`playroom_id`, OLD.`playroom_id`)
		ON CONFLICT (`playroom_id`) DO UPDATE SET `version` = excluded.`version`;
END;
--> statement-breakpoint
CREATE TRIGGER `playroom_photos_content_delete` AFTER DELETE ON `playroom_photos` BEGIN
	INSERT INTO `playroom_content_versions` (`playroom_id`, `version`)
		SELECT `id`, random() FROM `playrooms` WHERE `id` = OLD.`playroom_id`
		ON CONFLICT (`playroom_id`) DO UPDATE SET `version` = excluded.`version`;
END;
--> statement-breakpoint
CREATE TRIGGER `playroom_features_content_insert` AFTER INSERT ON `playroom_features` BEGIN
	INSERT INTO `playroom_content_versions` (`playroom_id`, `version`)
		SELECT `id`, random() FROM `playrooms` WHERE `id` = NEW.`playroom_id`
		ON CONFLICT (`playroom_id`) DO UPDATE SET `version` = excluded.`version`;
END;
--> statement-breakpoint
CREATE TRIGGER `playroom_features_content_update` AFTER UPDATE ON `playroom_features` BEGIN
	INSERT INTO `playroom_content_versions` (`playroom_id`, `version`)
		SELECT `id`, random() FROM `playrooms` WHERE `id` IN (NEW.`playroom_id`, OLD.`playroom_id`)
		ON CONFLICT (`playroom_id`) DO UPDATE SET `version` = excluded.`version`;
END;
--> statement-breakpoint
CREATE TRIGGER `playroom_features_content_delete` AFTER DELETE ON `playroom_features` BEGIN
	INSERT INTO `playroom_content_versions` (`playroom_id`, `version`)
		SELECT `id`, random() FROM `playrooms` WHERE `id` = OLD.`playroom_id`
		ON CONFLICT (`playroom_id`) DO UPDATE SET `version` = excluded.`version`;
END;
--> statement-breakpoint
CREATE TRIGGER `playroom_questions_content_insert` AFTER INSERT ON `playroom_questions` BEGIN
	INSERT INTO `playroom_content_versions` (`playroom_id`, `version`)
		SELECT `id`, random() FROM `playrooms` WHERE `id` = NEW.`playroom_id`
		ON CONFLICT (`playroom_id`) DO UPDATE SET `version` = excluded.`version`;
END;
--> statement-breakpoint
CREATE TRIGGER `playroom_questions_content_update` AFTER UPDATE ON `playroom_questions` BEGIN
	INSERT INTO `playroom_content_versions` (`playroom_id`, `version`)
		SELECT `id`, random() FROM `playrooms` WHERE `id` IN (NEW.`playroom_id`, OLD.`playroom_id`)
		ON CONFLICT (`playroom_id`) DO UPDATE SET `version` = excluded.`version`;
END;
--> statement-breakpoint
CREATE TRIGGER `playroom_questions_content_delete` AFTER DELETE ON `playroom_questions` BEGIN
	INSERT INTO `playroom_content_versions` (`playroom_id`, `version`)
		SELECT `id`, random() FROM `playrooms` WHERE `id` = OLD.`playroom_id`
		ON CONFLICT (`playroom_id`) DO UPDATE SET `version` = excluded.`version`;
END;
--> statement-breakpoint
CREATE TRIGGER `playroom_pages_content_insert` AFTER INSERT ON `playroom_pages` BEGIN
	INSERT INTO `playroom_content_versions` (`playroom_id`, `version`)
		SELECT `id`, random() FROM `playrooms` WHERE `id` = NEW.`playroom_id`
		ON CONFLICT (`playroom_id`) DO UPDATE SET `version` = excluded.`version`;
END;
--> statement-breakpoint
CREATE TRIGGER `playroom_pages_content_update` AFTER UPDATE ON `playroom_pages` BEGIN
	INSERT INTO `playroom_content_versions` (`playroom_id`, `version`)
		SELECT `id`, random() FROM `playrooms` WHERE `id` IN (NEW.`playroom_id`, OLD.`playroom_id`)
		ON CONFLICT (`playroom_id`) DO UPDATE SET `version` = excluded.`version`;
END;
--> statement-breakpoint
CREATE TRIGGER `playroom_pages_content_delete` AFTER DELETE ON `playroom_pages` BEGIN
	INSERT INTO `playroom_content_versions` (`playroom_id`, `version`)
		SELECT `id`, random() FROM `playrooms` WHERE `id` = OLD.`playroom_id`
		ON CONFLICT (`playroom_id`) DO UPDATE SET `version` = excluded.`version`;
END;
--> statement-breakpoint
CREATE TRIGGER `playroom_booking_types_content_insert` AFTER INSERT ON `playroom_booking_types` BEGIN
	INSERT INTO `playroom_content_versions` (`playroom_id`, `version`)
		SELECT `id`, random() FROM `playrooms` WHERE `id` = NEW.`playroom_id`
		ON CONFLICT (`playroom_id`) DO UPDATE SET `version` = excluded.`version`;
END;
--> statement-breakpoint
CREATE TRIGGER `playroom_booking_types_content_update` AFTER UPDATE ON `playroom_booking_types` BEGIN
	INSERT INTO `playroom_content_versions` (`playroom_id`, `version`)
		SELECT `id`, random() FROM `playrooms` WHERE `id` IN (NEW.`playroom_id`, OLD.`playroom_id`)
		ON CONFLICT (`playroom_id`) DO UPDATE SET `version` = excluded.`version`;
END;
--> statement-breakpoint
CREATE TRIGGER `playroom_booking_types_content_delete` AFTER DELETE ON `playroom_booking_types` BEGIN
	INSERT INTO `playroom_content_versions` (`playroom_id`, `version`)
		SELECT `id`, random() FROM `playrooms` WHERE `id` = OLD.`playroom_id`
		ON CONFLICT (`playroom_id`) DO UPDATE SET `version` = excluded.`version`;
END;
--> statement-breakpoint
CREATE TRIGGER `playroom_additions_content_insert` AFTER INSERT ON `playroom_additions` BEGIN
	INSERT INTO `playroom_content_versions` (`playroom_id`, `version`)
		SELECT `id`, random() FROM `playrooms` WHERE `id` = NEW.`playroom_id`
		ON CONFLICT (`playroom_id`) DO UPDATE SET `version` = excluded.`version`;
END;
--> statement-breakpoint
CREATE TRIGGER `playroom_additions_content_update` AFTER UPDATE ON `playroom_additions` BEGIN
	INSERT INTO `playroom_content_versions` (`playroom_id`, `version`)
		SELECT `id`, random() FROM `playrooms` WHERE `id` IN (NEW.`playroom_id`, OLD.`playroom_id`)
		ON CONFLICT (`playroom_id`) DO UPDATE SET `version` = excluded.`version`;
END;
--> statement-breakpoint
CREATE TRIGGER `playroom_additions_content_delete` AFTER DELETE ON `playroom_additions` BEGIN
	INSERT INTO `playroom_content_versions` (`playroom_id`, `version`)
		SELECT `id`, random() FROM `playrooms` WHERE `id` = OLD.`playroom_id`
		ON CONFLICT (`playroom_id`) DO UPDATE SET `version` = excluded.`version`;
END;
--> statement-breakpoint
CREATE TRIGGER `playroom_opening_hours_content_insert` AFTER INSERT ON `playroom_opening_hours` BEGIN
	INSERT INTO `playroom_content_versions` (`playroom_id`, `version`)
		SELECT `id`, random() FROM `playrooms` WHERE `id` = NEW.`playroom_id`
		ON CONFLICT (`playroom_id`) DO UPDATE SET `version` = excluded.`version`;
END;
--> statement-breakpoint
CREATE TRIGGER `playroom_opening_hours_content_update` AFTER UPDATE ON `playroom_opening_hours` BEGIN
	INSERT INTO `playroom_content_versions` (`playroom_id`, `version`)
		SELECT `id`, random() FROM `playrooms` WHERE `id` IN (NEW.`playroom_id`, OLD.`playroom_id`)
		ON CONFLICT (`playroom_id`) DO UPDATE SET `version` = excluded.`version`;
END;
--> statement-breakpoint
CREATE TRIGGER `playroom_opening_hours_content_delete` AFTER DELETE ON `playroom_opening_hours` BEGIN
	INSERT INTO `playroom_content_versions` (`playroom_id`, `version`)
		SELECT `id`, random() FROM `playrooms` WHERE `id` = OLD.`playroom_id`
		ON CONFLICT (`playroom_id`) DO UPDATE SET `version` = excluded.`version`;
END;
--> statement-breakpoint
CREATE TRIGGER `ratings_content_insert` AFTER INSERT ON `ratings` BEGIN
	INSERT INTO `playroom_content_versions` (`playroom_id`, `version`)
		SELECT `id`, random() FROM `playrooms` WHERE `id` = NEW.`playroom_id`
		ON CONFLICT (`playroom_id`) DO UPDATE SET `version` = excluded.`version`;
END;
--> statement-breakpoint
CREATE TRIGGER `ratings_content_update` AFTER UPDATE ON `ratings` BEGIN
	INSERT INTO `playroom_content_versions` (`playroom_id`, `version`)
		SELECT `id`, random() FROM `playrooms` WHERE `id` IN (NEW.`playroom_id`, OLD.`playroom_id`)
		ON CONFLICT (`playroom_id`) DO UPDATE SET `version` = excluded.`version`;
END;
--> statement-breakpoint
CREATE TRIGGER `ratings_content_delete` AFTER DELETE ON `ratings` BEGIN
	INSERT INTO `playroom_content_versions` (`playroom_id`, `version`)
		SELECT `id`, random() FROM `playrooms` WHERE `id` = OLD.`playroom_id`
		ON CONFLICT (`playroom_id`) DO UPDATE SET `version` = excluded.`version`;
END;
--> statement-breakpoint
CREATE TRIGGER `images_content_update` AFTER UPDATE ON `images` BEGIN
	INSERT INTO `playroom_content_versions` (`playroom_id`, `version`)
		SELECT `id`, random() FROM `playrooms` WHERE `id` IN (SELECT `playroom_id` FROM `playroom_photos` WHERE `image_id` = OLD.`id`)
		ON CONFLICT (`playroom_id`) DO UPDATE SET `version` = excluded.`version`;
END;
--> statement-breakpoint
CREATE TRIGGER `features_content_update` AFTER UPDATE ON `features` BEGIN
	INSERT INTO `playroom_content_versions` (`playroom_id`, `version`)
		SELECT `id`, random() FROM `playrooms` WHERE `id` IN (SELECT `playroom_id` FROM `playroom_features` WHERE `feature_key` = OLD.`key`)
		ON CONFLICT (`playroom_id`) DO UPDATE SET `version` = excluded.`version`;
END;
--> statement-breakpoint
CREATE TRIGGER `images_content_delete` AFTER DELETE ON `images` BEGIN
	INSERT INTO `playroom_content_versions` (`playroom_id`, `version`)
		SELECT `id`, random() FROM `playrooms` WHERE `id` IN (SELECT `playroom_id` FROM `playroom_photos` WHERE `image_id` = OLD.`id`)
		ON CONFLICT (`playroom_id`) DO UPDATE SET `version` = excluded.`version`;
END;
--> statement-breakpoint
CREATE TRIGGER `features_content_delete` AFTER DELETE ON `features` BEGIN
	INSERT INTO `playroom_content_versions` (`playroom_id`, `version`)
		SELECT `id`, random() FROM `playrooms` WHERE `id` IN (SELECT `playroom_id` FROM `playroom_features` WHERE `feature_key` = OLD.`key`)
		ON CONFLICT (`playroom_id`) DO UPDATE SET `version` = excluded.`version`;
END;
--> statement-breakpoint
CREATE TRIGGER `users_content_display_name` AFTER UPDATE OF `display_name` ON `users`
	WHEN NEW.`display_name` IS NOT OLD.`display_name` BEGIN
	INSERT INTO `playroom_content_versions` (`playroom_id`, `version`)
		SELECT `id`, random() FROM `playrooms` WHERE `host_id` = NEW.`id`
			OR `id` IN (SELECT `playroom_id` FROM `ratings` WHERE `guest_id` = NEW.`id`)
		ON CONFLICT (`playroom_id`) DO UPDATE SET `version` = excluded.`version`;
END;
--> statement-breakpoint
-- Playrooms that exist already get a version.
INSERT INTO `playroom_content_versions` (`playroom_id`, `version`) SELECT `id`, random() FROM `playrooms` WHERE true
	ON CONFLICT (`playroom_id`) DO NOTHING;
