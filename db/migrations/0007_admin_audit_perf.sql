CREATE TABLE `admin_audit_log` (
	`id` text PRIMARY KEY NOT NULL,
	`admin_user_id` text NOT NULL,
	`impersonated_user_id` text,
	`action` text NOT NULL,
	`entity_type` text NOT NULL,
	`entity_id` text NOT NULL,
	`changes` text NOT NULL,
	`reason` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`admin_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`impersonated_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `admin_audit_log_entity_idx` ON `admin_audit_log` (`entity_type`,`entity_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `admin_audit_log_admin_idx` ON `admin_audit_log` (`admin_user_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `orders` ADD `search_text` text;--> statement-breakpoint
CREATE INDEX `orders_payment_status_total_idx` ON `orders` (`payment_status`,`total_amount`);--> statement-breakpoint
CREATE INDEX `orders_status_total_idx` ON `orders` (`status`,`total_amount`);--> statement-breakpoint
CREATE INDEX `orders_status_code_idx` ON `orders` (`status`,`code`);--> statement-breakpoint
CREATE INDEX `orders_status_search_idx` ON `orders` (`status`,`search_text`,`playroom_id`);--> statement-breakpoint
ALTER TABLE `admin_search_marks` ADD `build_after_rowid` integer;--> statement-breakpoint
CREATE INDEX `users_role_search_idx` ON `users` (`role`,`deleted_at`,`email`,`display_name`,`first_name`,`last_name`,`company_name`);