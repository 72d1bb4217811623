CREATE TABLE `playroom_content_versions` (
	`playroom_id` text PRIMARY KEY NOT NULL,
	`version` integer NOT NULL,
	FOREIGN KEY (`playroom_id`) REFERENCES `playrooms`(`id`) ON UPDATE no action ON DELETE cascade
);
