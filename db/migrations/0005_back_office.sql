CREATE TABLE `playroom_path_history` (
	`url_path` text PRIMARY KEY NOT NULL,
	`playroom_id` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`playroom_id`) REFERENCES `playrooms`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `playroom_path_history_playroom_idx` ON `playroom_path_history` (`playroom_id`);--> statement-breakpoint
CREATE TABLE `waitlist_entries` (
	`id` text PRIMARY KEY NOT NULL,
	`playroom_id` text NOT NULL,
	`guest_id` text NOT NULL,
	`booking_type` text NOT NULL,
	`starts_at` integer NOT NULL,
	`status` text DEFAULT 'Waiting' NOT NULL,
	`offered_at` integer,
	`offer_expires_at` integer,
	`hold_ends_at` integer,
	`order_id` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`playroom_id`) REFERENCES `playrooms`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`guest_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `waitlist_active_unique` ON `waitlist_entries` (`guest_id`,`playroom_id`,`booking_type`,`starts_at`) WHERE status IN ('Waiting', 'Offered');--> statement-breakpoint
CREATE INDEX `waitlist_playroom_idx` ON `waitlist_entries` (`playroom_id`,`status`,`starts_at`,`created_at`);--> statement-breakpoint
CREATE INDEX `waitlist_guest_idx` ON `waitlist_entries` (`guest_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `waitlist_offer_idx` ON `waitlist_entries` (`status`,`offer_expires_at`);--> statement-breakpoint
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
CREATE INDEX `ical_feeds_playroom_idx` ON `ical_feeds` (`playroom_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `access_area_playrooms` (
	`access_area_id` text NOT NULL,
	`playroom_id` text NOT NULL,
	PRIMARY KEY(`access_area_id`, `playroom_id`),
	FOREIGN KEY (`access_area_id`) REFERENCES `access_areas`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`playroom_id`) REFERENCES `playrooms`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `access_area_playrooms_playroom_idx` ON `access_area_playrooms` (`playroom_id`);--> statement-breakpoint
CREATE TABLE `access_areas` (
	`id` text PRIMARY KEY NOT NULL,
	`host_id` text NOT NULL,
	`name` text NOT NULL,
	`type` text NOT NULL,
	`instructions_de` text DEFAULT '' NOT NULL,
	`instructions_en` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`host_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `access_areas_host_idx` ON `access_areas` (`host_id`,`name`);--> statement-breakpoint
CREATE TABLE `access_code_parts` (
	`id` text PRIMARY KEY NOT NULL,
	`access_area_id` text NOT NULL,
	`label` text DEFAULT '' NOT NULL,
	`code` text NOT NULL,
	`valid_from` integer,
	`valid_until` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`access_area_id`) REFERENCES `access_areas`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `access_code_parts_area_idx` ON `access_code_parts` (`access_area_id`,`valid_from`);--> statement-breakpoint
CREATE TABLE `order_notifications` (
	`order_id` text NOT NULL,
	`kind` text NOT NULL,
	`email_id` text,
	`sent_at` integer NOT NULL,
	PRIMARY KEY(`order_id`, `kind`),
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `template_texts` (
	`id` text PRIMARY KEY NOT NULL,
	`host_id` text,
	`type` text NOT NULL,
	`locale` text NOT NULL,
	`subject` text DEFAULT '' NOT NULL,
	`body` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`host_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `template_texts_host_unique` ON `template_texts` (`host_id`,`type`,`locale`) WHERE host_id IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `template_texts_platform_unique` ON `template_texts` (`type`,`locale`) WHERE host_id IS NULL;--> statement-breakpoint
CREATE TABLE `admin_search_marks` (
	`entity` text PRIMARY KEY NOT NULL,
	`synced_until` integer NOT NULL,
	`rows_at_mark` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `import_records` (
	`entity` text NOT NULL,
	`legacy_id` text NOT NULL,
	`entity_id` text NOT NULL,
	`hash` text NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`entity`, `legacy_id`)
);
--> statement-breakpoint
CREATE TABLE `import_runs` (
	`id` text PRIMARY KEY NOT NULL,
	`admin_user_id` text NOT NULL,
	`file_name` text NOT NULL,
	`dry_run` integer NOT NULL,
	`status` text DEFAULT 'queued' NOT NULL,
	`document` text,
	`step` integer DEFAULT 0 NOT NULL,
	`total_steps` integer DEFAULT 0 NOT NULL,
	`progress_text` text DEFAULT '' NOT NULL,
	`report` text,
	`error` text,
	`execution_id` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`finished_at` integer,
	FOREIGN KEY (`admin_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `import_runs_created_idx` ON `import_runs` (`created_at`);--> statement-breakpoint
ALTER TABLE `users` ADD `small_business` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `payout_iban` text;--> statement-breakpoint
CREATE INDEX `users_updated_idx` ON `users` (`updated_at`);--> statement-breakpoint
CREATE INDEX `users_role_last_name_idx` ON `users` (`role`,`last_name`);--> statement-breakpoint
CREATE INDEX `users_role_first_name_idx` ON `users` (`role`,`first_name`);--> statement-breakpoint
CREATE INDEX `users_role_display_name_idx` ON `users` (`role`,`display_name`);--> statement-breakpoint
CREATE INDEX `users_role_email_idx` ON `users` (`role`,`email`);--> statement-breakpoint
CREATE INDEX `users_role_imported_idx` ON `users` (`role`,`imported`,`created_at`);--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `order_id` text;--> statement-breakpoint
CREATE INDEX `email_outbox_order_idx` ON `email_outbox` (`order_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `playrooms` ADD `min_child_age` integer;--> statement-breakpoint
ALTER TABLE `playrooms` ADD `max_child_age` integer;--> statement-breakpoint
ALTER TABLE `playrooms` ADD `safety_checklist` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `playrooms` ADD `safety_checked` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `playrooms` ADD `blocked_reason` text;--> statement-breakpoint
ALTER TABLE `ratings` ADD `hidden_reason` text;--> statement-breakpoint
CREATE INDEX `task_executions_status_idx` ON `background_task_executions` (`status`,`started_at`);--> statement-breakpoint
CREATE INDEX `orders_created_idx` ON `orders` (`created_at`,`status`,`playroom_id`,`total_amount`,`commission_amount`);--> statement-breakpoint
CREATE INDEX `orders_pending_transfer_idx` ON `orders` (`payment_deadline`,`total_amount`) WHERE status = 'AwaitingPayment' AND payment_method = 'BankTransfer';--> statement-breakpoint
CREATE INDEX `orders_updated_idx` ON `orders` (`updated_at`);--> statement-breakpoint
CREATE INDEX `orders_check_in_idx` ON `orders` (`check_in`);--> statement-breakpoint
CREATE INDEX `orders_total_idx` ON `orders` (`total_amount`);--> statement-breakpoint
CREATE INDEX `orders_status_created_idx` ON `orders` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `orders_status_check_in_idx` ON `orders` (`status`,`check_in`);--> statement-breakpoint
CREATE INDEX `orders_payment_status_idx` ON `orders` (`payment_status`,`created_at`);--> statement-breakpoint
CREATE INDEX `playroom_views_created_idx` ON `playroom_views` (`created_at`,`playroom_id`);--> statement-breakpoint
CREATE INDEX `playroom_website_clicks_created_idx` ON `playroom_website_clicks` (`created_at`,`playroom_id`);