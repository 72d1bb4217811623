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
CREATE INDEX `import_runs_created_idx` ON `import_runs` (`created_at`);