CREATE TABLE `chat_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`conversation_id` text NOT NULL,
	`author_id` text,
	`author_role` text NOT NULL,
	`body` text DEFAULT '' NOT NULL,
	`system_event` text,
	`order_id` text,
	`client_message_id` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`conversation_id`) REFERENCES `conversations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`author_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `chat_messages_conversation_idx` ON `chat_messages` (`conversation_id`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `chat_messages_client_id_unique` ON `chat_messages` (`conversation_id`,`author_id`,`client_message_id`) WHERE "chat_messages"."client_message_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `chat_messages_system_event_unique` ON `chat_messages` (`conversation_id`,`system_event`,`order_id`) WHERE "chat_messages"."system_event" IS NOT NULL;--> statement-breakpoint
CREATE TABLE `chat_read_cursors` (
	`conversation_id` text NOT NULL,
	`participant_id` text NOT NULL,
	`last_read_message_id` integer DEFAULT 0 NOT NULL,
	`last_emailed_message_id` integer DEFAULT 0 NOT NULL,
	`last_emailed_at` integer,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`conversation_id`, `participant_id`),
	FOREIGN KEY (`conversation_id`) REFERENCES `conversations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `chat_read_cursors_participant_idx` ON `chat_read_cursors` (`participant_id`);--> statement-breakpoint
CREATE TABLE `conversations` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`user_id` text NOT NULL,
	`host_id` text,
	`support_status` text,
	`assigned_admin_id` text,
	`last_message_id` integer,
	`last_message_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`host_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`assigned_admin_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `conversations_guest_host_unique` ON `conversations` (`user_id`,`host_id`) WHERE "conversations"."kind" = 'GuestHost';--> statement-breakpoint
CREATE UNIQUE INDEX `conversations_support_unique` ON `conversations` (`user_id`) WHERE "conversations"."kind" = 'Support';--> statement-breakpoint
CREATE INDEX `conversations_host_idx` ON `conversations` (`host_id`,`last_message_at`);--> statement-breakpoint
CREATE INDEX `conversations_user_idx` ON `conversations` (`user_id`,`last_message_at`);--> statement-breakpoint
CREATE INDEX `conversations_support_idx` ON `conversations` (`kind`,`support_status`,`last_message_at`);--> statement-breakpoint
CREATE TABLE `user_notifications` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`order_id` text,
	`params` text DEFAULT '{}' NOT NULL,
	`dedupe_key` text NOT NULL,
	`read_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `user_notifications_dedupe_unique` ON `user_notifications` (`user_id`,`dedupe_key`);--> statement-breakpoint
CREATE INDEX `user_notifications_user_idx` ON `user_notifications` (`user_id`,`read_at`,`created_at`);--> statement-breakpoint
ALTER TABLE `users` ADD `chat_email_frequency` text DEFAULT 'Immediately' NOT NULL;--> statement-breakpoint
ALTER TABLE `playrooms` ADD `rating_rank` real;--> statement-breakpoint
ALTER TABLE `playrooms` ADD `age_fit_3_5` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `playrooms` ADD `age_fit_6_8` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `playrooms` ADD `age_fit_9_12` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `ratings` ADD `safety` integer;--> statement-breakpoint
ALTER TABLE `ratings` ADD `as_described` integer;--> statement-breakpoint
ALTER TABLE `ratings` ADD `age_fit` text;--> statement-breakpoint
ALTER TABLE `ratings` ADD `language` text;--> statement-breakpoint
ALTER TABLE `ratings` ADD `published_at` integer;--> statement-breakpoint
ALTER TABLE `ratings` ADD `host_private_note` text;--> statement-breakpoint
ALTER TABLE `ratings` ADD `host_private_note_at` integer;--> statement-breakpoint
ALTER TABLE `ratings` ADD `hidden_reason_code` text;--> statement-breakpoint
CREATE INDEX `ratings_published_idx` ON `ratings` (`playroom_id`,`published_at`);--> statement-breakpoint
-- Ratings written before issue 32 were shown at once: they count as published when they were written.
UPDATE `ratings` SET `published_at` = `created_at` WHERE `published_at` IS NULL;
