ALTER TABLE `orders` ADD `search_text` text;--> statement-breakpoint
CREATE INDEX `orders_payment_status_total_idx` ON `orders` (`payment_status`,`total_amount`);--> statement-breakpoint
CREATE INDEX `orders_status_total_idx` ON `orders` (`status`,`total_amount`);--> statement-breakpoint
CREATE INDEX `orders_status_code_idx` ON `orders` (`status`,`code`);--> statement-breakpoint
CREATE INDEX `orders_status_search_idx` ON `orders` (`status`,`search_text`,`playroom_id`);--> statement-breakpoint
ALTER TABLE `admin_search_marks` ADD `build_after_rowid` integer;--> statement-breakpoint
CREATE INDEX `users_role_search_idx` ON `users` (`role`,`deleted_at`,`email`,`display_name`,`first_name`,`last_name`,`company_name`);