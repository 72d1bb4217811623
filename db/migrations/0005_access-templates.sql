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
CREATE UNIQUE INDEX `template_texts_platform_unique` ON `template_texts` (`type`,`locale`) WHERE host_id IS NULL;