CREATE TABLE `favourites` (
	`user_id` text NOT NULL,
	`playroom_id` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `playroom_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`playroom_id`) REFERENCES `playrooms`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `favourites_playroom_idx` ON `favourites` (`playroom_id`);--> statement-breakpoint
CREATE TABLE `features` (
	`key` text PRIMARY KEY NOT NULL,
	`icon` text NOT NULL,
	`name_de` text NOT NULL,
	`name_en` text NOT NULL,
	`position` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `images` (
	`id` text PRIMARY KEY NOT NULL,
	`width` integer NOT NULL,
	`height` integer NOT NULL,
	`variants` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `playroom_additions` (
	`id` text PRIMARY KEY NOT NULL,
	`playroom_id` text NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`name_de` text NOT NULL,
	`name_en` text NOT NULL,
	`price` integer NOT NULL,
	`unit` text NOT NULL,
	`max_quantity` integer DEFAULT 1 NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	FOREIGN KEY (`playroom_id`) REFERENCES `playrooms`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `playroom_additions_playroom_idx` ON `playroom_additions` (`playroom_id`,`position`);--> statement-breakpoint
CREATE TABLE `playroom_blocks` (
	`id` text PRIMARY KEY NOT NULL,
	`playroom_id` text NOT NULL,
	`starts_at` integer NOT NULL,
	`ends_at` integer NOT NULL,
	`source` text DEFAULT 'Host' NOT NULL,
	`external_uid` text,
	`note` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`playroom_id`) REFERENCES `playrooms`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `playroom_blocks_playroom_idx` ON `playroom_blocks` (`playroom_id`,`ends_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `playroom_blocks_external_unique` ON `playroom_blocks` (`playroom_id`,`external_uid`);--> statement-breakpoint
CREATE TABLE `playroom_booking_types` (
	`playroom_id` text NOT NULL,
	`booking_type` text NOT NULL,
	`enabled` integer DEFAULT true NOT NULL,
	`min_hours` integer,
	`max_hours` integer,
	`check_in_minute` integer,
	`check_out_minute` integer,
	`min_nights` integer,
	`max_nights` integer,
	`weekday_price` integer NOT NULL,
	`weekend_price` integer NOT NULL,
	`guests_included` integer NOT NULL,
	`extra_guest_fee` integer DEFAULT 0 NOT NULL,
	`cleaning_fee` integer DEFAULT 0 NOT NULL,
	`deposit` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`playroom_id`, `booking_type`),
	FOREIGN KEY (`playroom_id`) REFERENCES `playrooms`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `playroom_booking_types_type_idx` ON `playroom_booking_types` (`booking_type`,`enabled`,`weekday_price`);--> statement-breakpoint
CREATE TABLE `playroom_features` (
	`playroom_id` text NOT NULL,
	`feature_key` text NOT NULL,
	PRIMARY KEY(`playroom_id`, `feature_key`),
	FOREIGN KEY (`playroom_id`) REFERENCES `playrooms`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`feature_key`) REFERENCES `features`(`key`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `playroom_features_feature_idx` ON `playroom_features` (`feature_key`,`playroom_id`);--> statement-breakpoint
CREATE TABLE `playroom_opening_hours` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`playroom_id` text NOT NULL,
	`weekday` integer NOT NULL,
	`open_minute` integer NOT NULL,
	`close_minute` integer NOT NULL,
	FOREIGN KEY (`playroom_id`) REFERENCES `playrooms`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `playroom_opening_hours_playroom_idx` ON `playroom_opening_hours` (`playroom_id`,`weekday`);--> statement-breakpoint
CREATE TABLE `playroom_pages` (
	`id` text PRIMARY KEY NOT NULL,
	`playroom_id` text NOT NULL,
	`position` integer NOT NULL,
	`title_de` text NOT NULL,
	`title_en` text NOT NULL,
	`text_de` text NOT NULL,
	`text_en` text NOT NULL,
	FOREIGN KEY (`playroom_id`) REFERENCES `playrooms`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `playroom_pages_playroom_idx` ON `playroom_pages` (`playroom_id`,`position`);--> statement-breakpoint
CREATE TABLE `playroom_photos` (
	`id` text PRIMARY KEY NOT NULL,
	`playroom_id` text NOT NULL,
	`image_id` text NOT NULL,
	`position` integer NOT NULL,
	`alt_de` text DEFAULT '' NOT NULL,
	`alt_en` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`playroom_id`) REFERENCES `playrooms`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`image_id`) REFERENCES `images`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `playroom_photos_playroom_idx` ON `playroom_photos` (`playroom_id`,`position`);--> statement-breakpoint
CREATE TABLE `playroom_questions` (
	`id` text PRIMARY KEY NOT NULL,
	`playroom_id` text NOT NULL,
	`position` integer NOT NULL,
	`question_de` text NOT NULL,
	`question_en` text NOT NULL,
	`answer_de` text NOT NULL,
	`answer_en` text NOT NULL,
	FOREIGN KEY (`playroom_id`) REFERENCES `playrooms`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `playroom_questions_playroom_idx` ON `playroom_questions` (`playroom_id`,`position`);--> statement-breakpoint
CREATE TABLE `playrooms` (
	`id` text PRIMARY KEY NOT NULL,
	`host_id` text NOT NULL,
	`name` text NOT NULL,
	`playroom_url_path` text NOT NULL,
	`custom_url` text,
	`description_de` text DEFAULT '' NOT NULL,
	`description_en` text DEFAULT '' NOT NULL,
	`rules_de` text DEFAULT '' NOT NULL,
	`rules_en` text DEFAULT '' NOT NULL,
	`place_type` text DEFAULT 'FixedPlace' NOT NULL,
	`service_radius_km` integer,
	`street` text DEFAULT '' NOT NULL,
	`postal_code` text DEFAULT '' NOT NULL,
	`city` text NOT NULL,
	`city_slug` text NOT NULL,
	`state_slug` text NOT NULL,
	`lat` real NOT NULL,
	`lng` real NOT NULL,
	`size_sqm` integer,
	`max_guests` integer NOT NULL,
	`website_url` text,
	`instant_booking` integer DEFAULT false NOT NULL,
	`cancellation_policy` text DEFAULT 'Flexible' NOT NULL,
	`payment_methods` text DEFAULT '["BankTransfer"]' NOT NULL,
	`status` text DEFAULT 'Draft' NOT NULL,
	`slot_minutes` integer DEFAULT 60 NOT NULL,
	`buffer_minutes` integer DEFAULT 0 NOT NULL,
	`lead_time_hours` integer DEFAULT 0 NOT NULL,
	`horizon_days` integer DEFAULT 365 NOT NULL,
	`rating_average` real,
	`rating_count` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`published_at` integer,
	FOREIGN KEY (`host_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `playrooms_url_path_unique` ON `playrooms` (`playroom_url_path`);--> statement-breakpoint
CREATE UNIQUE INDEX `playrooms_custom_url_unique` ON `playrooms` (`custom_url`);--> statement-breakpoint
CREATE INDEX `playrooms_host_idx` ON `playrooms` (`host_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `playrooms_status_city_idx` ON `playrooms` (`status`,`city_slug`);--> statement-breakpoint
CREATE INDEX `playrooms_status_state_idx` ON `playrooms` (`status`,`state_slug`);--> statement-breakpoint
CREATE INDEX `playrooms_status_published_idx` ON `playrooms` (`status`,`published_at`);--> statement-breakpoint
CREATE INDEX `playrooms_status_rating_idx` ON `playrooms` (`status`,`rating_average`);--> statement-breakpoint
CREATE INDEX `playrooms_status_lat_idx` ON `playrooms` (`status`,`lat`);--> statement-breakpoint
CREATE TABLE `order_status_history` (
	`id` text PRIMARY KEY NOT NULL,
	`order_id` text NOT NULL,
	`from_status` text,
	`to_status` text NOT NULL,
	`actor_id` text,
	`actor_role` text NOT NULL,
	`reason` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`actor_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `order_status_history_order_idx` ON `order_status_history` (`order_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `orders` (
	`id` text PRIMARY KEY NOT NULL,
	`code` text NOT NULL,
	`playroom_id` text NOT NULL,
	`guest_id` text NOT NULL,
	`host_id` text NOT NULL,
	`booking_type` text NOT NULL,
	`check_in` integer NOT NULL,
	`check_out` integer NOT NULL,
	`adults` integer NOT NULL,
	`children` integer DEFAULT 0 NOT NULL,
	`extras` text DEFAULT '[]' NOT NULL,
	`message` text,
	`contact` text NOT NULL,
	`price` text NOT NULL,
	`total_amount` integer NOT NULL,
	`voucher_code` text,
	`voucher_amount` integer DEFAULT 0 NOT NULL,
	`payment_method` text NOT NULL,
	`payment_status` text DEFAULT 'Unpaid' NOT NULL,
	`status` text NOT NULL,
	`response_deadline` integer,
	`payment_deadline` integer,
	`confirmed_at` integer,
	`completed_at` integer,
	`decline_reason` text,
	`cancelled_at` integer,
	`cancelled_by_id` text,
	`cancelled_by_role` text,
	`cancellation_reason` text,
	`refund_amount` integer,
	`commission_rate_bp` integer NOT NULL,
	`commission_amount` integer NOT NULL,
	`idempotency_key` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`playroom_id`) REFERENCES `playrooms`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`guest_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`host_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`cancelled_by_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `orders_code_unique` ON `orders` (`code`);--> statement-breakpoint
CREATE UNIQUE INDEX `orders_idempotency_key_unique` ON `orders` (`idempotency_key`);--> statement-breakpoint
CREATE INDEX `orders_slot_holding_idx` ON `orders` (`playroom_id`,`check_out`,`check_in`) WHERE status IN ('Requested', 'AwaitingPayment', 'Confirmed');--> statement-breakpoint
CREATE INDEX `orders_playroom_idx` ON `orders` (`playroom_id`,`check_in`);--> statement-breakpoint
CREATE INDEX `orders_guest_idx` ON `orders` (`guest_id`,`check_in`);--> statement-breakpoint
CREATE INDEX `orders_host_idx` ON `orders` (`host_id`,`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `orders_status_response_idx` ON `orders` (`status`,`response_deadline`);--> statement-breakpoint
CREATE INDEX `orders_status_payment_idx` ON `orders` (`status`,`payment_deadline`);--> statement-breakpoint
CREATE INDEX `orders_status_checkout_idx` ON `orders` (`status`,`check_out`);--> statement-breakpoint
CREATE TABLE `ratings` (
	`id` text PRIMARY KEY NOT NULL,
	`order_id` text NOT NULL,
	`playroom_id` text NOT NULL,
	`guest_id` text NOT NULL,
	`stars` integer NOT NULL,
	`cleanliness` integer NOT NULL,
	`communication` integer NOT NULL,
	`value` integer NOT NULL,
	`comment` text,
	`host_reply` text,
	`host_replied_at` integer,
	`hidden` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`playroom_id`) REFERENCES `playrooms`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`guest_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ratings_order_unique` ON `ratings` (`order_id`);--> statement-breakpoint
CREATE INDEX `ratings_playroom_idx` ON `ratings` (`playroom_id`,`hidden`,`created_at`);--> statement-breakpoint
CREATE TABLE `content_pages` (
	`id` text PRIMARY KEY NOT NULL,
	`slug` text NOT NULL,
	`locale` text NOT NULL,
	`title` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`body_markdown` text NOT NULL,
	`published` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `content_pages_slug_locale_unique` ON `content_pages` (`slug`,`locale`);--> statement-breakpoint
CREATE INDEX `content_pages_published_idx` ON `content_pages` (`published`,`slug`);--> statement-breakpoint
CREATE TABLE `playroom_views` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`playroom_id` text NOT NULL,
	`user_id` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`playroom_id`) REFERENCES `playrooms`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `playroom_views_playroom_idx` ON `playroom_views` (`playroom_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `playroom_website_clicks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`playroom_id` text NOT NULL,
	`user_id` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`playroom_id`) REFERENCES `playrooms`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `playroom_website_clicks_playroom_idx` ON `playroom_website_clicks` (`playroom_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `trace_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text,
	`page_url` text NOT NULL,
	`event_type` text NOT NULL,
	`is_hidden` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `trace_events_type_idx` ON `trace_events` (`event_type`,`created_at`);--> statement-breakpoint
CREATE TABLE `track_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`value` text,
	`user_id` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `track_events_name_idx` ON `track_events` (`name`,`created_at`);