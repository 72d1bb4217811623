CREATE TABLE `voucher_expiry_reminders` (
	`voucher_id` text NOT NULL,
	`days_before` integer NOT NULL,
	`sent_at` integer NOT NULL,
	FOREIGN KEY (`voucher_id`) REFERENCES `vouchers`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `voucher_expiry_reminders_unique` ON `voucher_expiry_reminders` (`voucher_id`,`days_before`);--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `headers` text DEFAULT '{}' NOT NULL;