CREATE TABLE `calendar_export_tokens` (
	`id` text PRIMARY KEY NOT NULL,
	`host_id` text NOT NULL,
	`playroom_id` text,
	`token_hash` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`host_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`playroom_id`) REFERENCES `playrooms`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `calendar_export_tokens_hash_unique` ON `calendar_export_tokens` (`token_hash`);--> statement-breakpoint
CREATE INDEX `calendar_export_tokens_host_idx` ON `calendar_export_tokens` (`host_id`,`playroom_id`);--> statement-breakpoint
CREATE TABLE `ical_feeds` (
	`id` text PRIMARY KEY NOT NULL,
	`playroom_id` text NOT NULL,
	`url` text NOT NULL,
	`created_at` integer NOT NULL,
	`last_synced_at` integer,
	`last_status` text,
	`last_error` text,
	`last_event_count` integer,
	`last_execution_id` text,
	FOREIGN KEY (`playroom_id`) REFERENCES `playrooms`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`last_execution_id`) REFERENCES `background_task_executions`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `ical_feeds_playroom_idx` ON `ical_feeds` (`playroom_id`,`created_at`);