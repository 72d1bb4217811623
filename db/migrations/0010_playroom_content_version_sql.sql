-- The playroom page's content version (docs/decisions/0118-playroom-page-cache.md): `playrooms.content_version`
-- becomes a new random value on every write to what the page shows of a playroom, so a cache keyed by it is
-- never stale, whichever process or tool wrote. Random, not +1: a rolled-back write must not leave a number
-- that the next write would reuse for other content. Covered: the playroom's own row; its photos (and their
-- images), features (and the feature list's names), questions, pages, booking types, extras, opening hours
-- and ratings; the display names of its host and of its raters. A new table the page reads needs its triggers here.
-- An update that sets content_version itself (the triggers below) is not bumped again.
CREATE TRIGGER `playrooms_content_version` AFTER UPDATE ON `playrooms`
	WHEN NEW.`content_version` IS OLD.`content_version` BEGIN
	UPDATE `playrooms` SET `content_version` = random() WHERE `id` = NEW.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `playroom_photos_content_insert` AFTER INSERT ON `playroom_photos` BEGIN
	UPDATE `playrooms` SET `content_version` = random() WHERE `id` = NEW.`playroom_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `playroom_photos_content_update` AFTER UPDATE ON `playroom_photos` BEGIN
	UPDATE `playrooms` SET `content_version` = random() WHERE `id` IN (NEW.`playroom_id`, OLD.`playroom_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `playroom_photos_content_delete` AFTER DELETE ON `playroom_photos` BEGIN
	UPDATE `playrooms` SET `content_version` = random() WHERE `id` = OLD.`playroom_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `playroom_features_content_insert` AFTER INSERT ON `playroom_features` BEGIN
	UPDATE `playrooms` SET `content_version` = random() WHERE `id` = NEW.`playroom_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `playroom_features_content_update` AFTER UPDATE ON `playroom_features` BEGIN
	UPDATE `playrooms` SET `content_version` = random() WHERE `id` IN (NEW.`playroom_id`, OLD.`playroom_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `playroom_features_content_delete` AFTER DELETE ON `playroom_features` BEGIN
	UPDATE `playrooms` SET `content_version` = random() WHERE `id` = OLD.`playroom_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `playroom_questions_content_insert` AFTER INSERT ON `playroom_questions` BEGIN
	UPDATE `playrooms` SET `content_version` = random() WHERE `id` = NEW.`playroom_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `playroom_questions_content_update` AFTER UPDATE ON `playroom_questions` BEGIN
	UPDATE `playrooms` SET `content_version` = random() WHERE `id` IN (NEW.`playroom_id`, OLD.`playroom_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `playroom_questions_content_delete` AFTER DELETE ON `playroom_questions` BEGIN
	UPDATE `playrooms` SET `content_version` = random() WHERE `id` = OLD.`playroom_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `playroom_pages_content_insert` AFTER INSERT ON `playroom_pages` BEGIN
	UPDATE `playrooms` SET `content_version` = random() WHERE `id` = NEW.`playroom_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `playroom_pages_content_update` AFTER UPDATE ON `playroom_pages` BEGIN
	UPDATE `playrooms` SET `content_version` = random() WHERE `id` IN (NEW.`playroom_id`, OLD.`playroom_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `playroom_pages_content_delete` AFTER DELETE ON `playroom_pages` BEGIN
	UPDATE `playrooms` SET `content_version` = random() WHERE `id` = OLD.`playroom_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `playroom_booking_types_content_insert` AFTER INSERT ON `playroom_booking_types` BEGIN
	UPDATE `playrooms` SET `content_version` = random() WHERE `id` = NEW.`playroom_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `playroom_booking_types_content_update` AFTER UPDATE ON `playroom_booking_types` BEGIN
	UPDATE `playrooms` SET `content_version` = random() WHERE `id` IN (NEW.`playroom_id`, OLD.`playroom_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `playroom_booking_types_content_delete` AFTER DELETE ON `playroom_booking_types` BEGIN
	UPDATE `playrooms` SET `content_version` = random() WHERE `id` = OLD.`playroom_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `playroom_additions_content_insert` AFTER INSERT ON `playroom_additions` BEGIN
	UPDATE `playrooms` SET `content_version` = random() WHERE `id` = NEW.`playroom_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `playroom_additions_content_update` AFTER UPDATE ON `playroom_additions` BEGIN
	UPDATE `playrooms` SET `content_version` = random() WHERE `id` IN (NEW.`playroom_id`, OLD.`playroom_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `playroom_additions_content_delete` AFTER DELETE ON `playroom_additions` BEGIN
	UPDATE `playrooms` SET `content_version` = random() WHERE `id` = OLD.`playroom_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `playroom_opening_hours_content_insert` AFTER INSERT ON `playroom_opening_hours` BEGIN
	UPDATE `playrooms` SET `content_version` = random() WHERE `id` = NEW.`playroom_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `playroom_opening_hours_content_update` AFTER UPDATE ON `playroom_opening_hours` BEGIN
	UPDATE `playrooms` SET `content_version` = random() WHERE `id` IN (NEW.`playroom_id`, OLD.`playroom_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `playroom_opening_hours_content_delete` AFTER DELETE ON `playroom_opening_hours` BEGIN
	UPDATE `playrooms` SET `content_version` = random() WHERE `id` = OLD.`playroom_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `ratings_content_insert` AFTER INSERT ON `ratings` BEGIN
	UPDATE `playrooms` SET `content_version` = random() WHERE `id` = NEW.`playroom_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `ratings_content_update` AFTER UPDATE ON `ratings` BEGIN
	UPDATE `playrooms` SET `content_version` = random() WHERE `id` IN (NEW.`playroom_id`, OLD.`playroom_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `ratings_content_delete` AFTER DELETE ON `ratings` BEGIN
	UPDATE `playrooms` SET `content_version` = random() WHERE `id` = OLD.`playroom_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `images_content_update` AFTER UPDATE ON `images` BEGIN
	UPDATE `playrooms` SET `content_version` = random() WHERE `id` IN (SELECT `playroom_id` FROM `playroom_photos` WHERE `image_id` = OLD.`id`);
END;
--> statement-breakpoint
CREATE TRIGGER `features_content_update` AFTER UPDATE ON `features` BEGIN
	UPDATE `playrooms` SET `content_version` = random() WHERE `id` IN (SELECT `playroom_id` FROM `playroom_features` WHERE `feature_key` = OLD.`key`);
END;
--> statement-breakpoint
CREATE TRIGGER `images_content_delete` AFTER DELETE ON `images` BEGIN
	UPDATE `playrooms` SET `content_version` = random() WHERE `id` IN (SELECT `playroom_id` FROM `playroom_photos` WHERE `image_id` = OLD.`id`);
END;
--> statement-breakpoint
CREATE TRIGGER `features_content_delete` AFTER DELETE ON `features` BEGIN
	UPDATE `playrooms` SET `content_version` = random() WHERE `id` IN (SELECT `playroom_id` FROM `playroom_features` WHERE `feature_key` = OLD.`key`);
END;
--> statement-breakpoint
CREATE TRIGGER `users_content_display_name` AFTER UPDATE OF `display_name` ON `users`
	WHEN NEW.`display_name` IS NOT OLD.`display_name` BEGIN
	UPDATE `playrooms` SET `content_version` = random() WHERE `host_id` = NEW.`id`
		OR `id` IN (SELECT `playroom_id` FROM `ratings` WHERE `guest_id` = NEW.`id`);
END;
