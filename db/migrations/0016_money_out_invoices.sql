CREATE TABLE `host_payouts` (
	`id` text PRIMARY KEY NOT NULL,
	`run_id` text NOT NULL,
	`host_id` text NOT NULL,
	`amount` integer NOT NULL,
	`iban` text NOT NULL,
	`account_holder` text NOT NULL,
	`end_to_end_id` text NOT NULL,
	`remittance` text NOT NULL,
	`journal_id` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`run_id`) REFERENCES `payout_runs`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`host_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `host_payouts_run_host_unique` ON `host_payouts` (`run_id`,`host_id`);--> statement-breakpoint
CREATE INDEX `host_payouts_host_idx` ON `host_payouts` (`host_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `invoice_documents` (
	`invoice_id` text NOT NULL,
	`kind` text NOT NULL,
	`content` blob NOT NULL,
	`sha256` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`invoice_id`, `kind`),
	FOREIGN KEY (`invoice_id`) REFERENCES `invoices`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `invoice_lines` (
	`id` text PRIMARY KEY NOT NULL,
	`invoice_id` text NOT NULL,
	`position` integer NOT NULL,
	`kind` text NOT NULL,
	`order_id` text,
	`order_code` text,
	`service_date` text,
	`description` text NOT NULL,
	`order_amount` integer,
	`commission_rate_bp` integer,
	`net_amount` integer NOT NULL,
	FOREIGN KEY (`invoice_id`) REFERENCES `invoices`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `invoice_lines_position_unique` ON `invoice_lines` (`invoice_id`,`position`);--> statement-breakpoint
CREATE INDEX `invoice_lines_order_idx` ON `invoice_lines` (`order_id`);--> statement-breakpoint
CREATE TABLE `invoices` (
	`id` text PRIMARY KEY NOT NULL,
	`number` text NOT NULL,
	`year` integer NOT NULL,
	`sequence` integer NOT NULL,
	`kind` text NOT NULL,
	`host_id` text NOT NULL,
	`cancels_invoice_id` text,
	`period_start` text NOT NULL,
	`period_end` text NOT NULL,
	`issued_at` integer NOT NULL,
	`due_date` text,
	`currency` text DEFAULT 'EUR' NOT NULL,
	`net_amount` integer NOT NULL,
	`vat_rate_bp` integer NOT NULL,
	`vat_amount` integer NOT NULL,
	`gross_amount` integer NOT NULL,
	`status` text NOT NULL,
	`locale` text NOT NULL,
	`seller` text NOT NULL,
	`buyer` text NOT NULL,
	`journal_id` text,
	`paid_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`host_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_number_unique` ON `invoices` (`number`);--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_year_sequence_unique` ON `invoices` (`year`,`sequence`);--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_host_period_active_unique` ON `invoices` (`host_id`,`period_start`) WHERE kind = 'Invoice' AND status <> 'Cancelled';--> statement-breakpoint
CREATE INDEX `invoices_host_idx` ON `invoices` (`host_id`,`issued_at`);--> statement-breakpoint
CREATE INDEX `invoices_status_idx` ON `invoices` (`status`,`due_date`);--> statement-breakpoint
CREATE INDEX `invoices_issued_idx` ON `invoices` (`issued_at`);--> statement-breakpoint
CREATE TABLE `payout_runs` (
	`id` text PRIMARY KEY NOT NULL,
	`reference` text NOT NULL,
	`trigger` text NOT NULL,
	`cutoff_at` integer NOT NULL,
	`status` text DEFAULT 'Created' NOT NULL,
	`payout_count` integer NOT NULL,
	`total_amount` integer NOT NULL,
	`sepa_xml` text NOT NULL,
	`idempotency_key` text,
	`created_by_id` text,
	`created_at` integer NOT NULL,
	`executed_at` integer,
	`executed_by_id` text,
	FOREIGN KEY (`created_by_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`executed_by_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payout_runs_reference_unique` ON `payout_runs` (`reference`);--> statement-breakpoint
CREATE UNIQUE INDEX `payout_runs_idempotency_unique` ON `payout_runs` (`idempotency_key`) WHERE idempotency_key IS NOT NULL;--> statement-breakpoint
CREATE INDEX `payout_runs_status_idx` ON `payout_runs` (`status`,`created_at`);--> statement-breakpoint
ALTER TABLE `users` ADD `tax_status` text DEFAULT 'Private' NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `tax_number` text;--> statement-breakpoint
ALTER TABLE `money_transactions` ADD `payout_id` text REFERENCES host_payouts(id);--> statement-breakpoint
CREATE INDEX `money_transactions_host_payout_idx` ON `money_transactions` (`host_id`,`payout_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `payment_transactions` ADD `refund_iban` text;--> statement-breakpoint
ALTER TABLE `payment_transactions` ADD `refund_account_holder` text;--> statement-breakpoint
ALTER TABLE `payment_transactions` ADD `completed_at` integer;--> statement-breakpoint
CREATE INDEX `payment_transactions_direction_status_idx` ON `payment_transactions` (`direction`,`status`,`created_at`);--> statement-breakpoint
UPDATE `users` SET `tax_status` = CASE WHEN `small_business` = 1 THEN 'SmallBusiness' WHEN `vat_id` IS NOT NULL AND `vat_id` <> '' THEN 'Standard' ELSE 'Private' END WHERE `role` = 'Owner';