ALTER TABLE `playrooms` ADD `blocked_reason` text;--> statement-breakpoint
ALTER TABLE `ratings` ADD `hidden_reason` text;