CREATE TABLE `playroom_path_history` (
	`url_path` text PRIMARY KEY NOT NULL,
	`playroom_id` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`playroom_id`) REFERENCES `playrooms`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `playroom_path_history_playroom_idx` ON `playroom_path_history` (`playroom_id`);--> statement-breakpoint
ALTER TABLE `users` ADD `small_business` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `payout_iban` text;--> statement-breakpoint
ALTER TABLE `playrooms` ADD `min_child_age` integer;--> statement-breakpoint
ALTER TABLE `playrooms` ADD `max_child_age` integer;--> statement-breakpoint
ALTER TABLE `playrooms` ADD `safety_checklist` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `playrooms` ADD `safety_checked` integer DEFAULT false NOT NULL;