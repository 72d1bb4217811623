CREATE TABLE `impersonations` (
	`id` text PRIMARY KEY NOT NULL,
	`admin_user_id` text NOT NULL,
	`target_user_id` text NOT NULL,
	`session_id` text NOT NULL,
	`started_at` integer NOT NULL,
	`started_ip` text,
	`ended_at` integer,
	`ended_ip` text,
	FOREIGN KEY (`admin_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`target_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `impersonations_admin_idx` ON `impersonations` (`admin_user_id`,`started_at`);--> statement-breakpoint
CREATE INDEX `impersonations_target_idx` ON `impersonations` (`target_user_id`,`started_at`);--> statement-breakpoint
CREATE INDEX `impersonations_session_idx` ON `impersonations` (`session_id`);--> statement-breakpoint
ALTER TABLE `users` ADD `terms_accepted_at` integer;