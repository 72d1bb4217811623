CREATE TABLE `money_transactions` (
	`id` text PRIMARY KEY NOT NULL,
	`journal_id` text NOT NULL,
	`kind` text NOT NULL,
	`account` text NOT NULL,
	`amount` integer NOT NULL,
	`order_id` text,
	`payment_transaction_id` text,
	`host_id` text,
	`description` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`payment_transaction_id`) REFERENCES `payment_transactions`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`host_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `money_transactions_journal_idx` ON `money_transactions` (`journal_id`);--> statement-breakpoint
CREATE INDEX `money_transactions_order_idx` ON `money_transactions` (`order_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `money_transactions_account_idx` ON `money_transactions` (`account`,`host_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `money_transactions_kind_idx` ON `money_transactions` (`kind`,`created_at`);--> statement-breakpoint
CREATE TABLE `payment_transactions` (
	`id` text PRIMARY KEY NOT NULL,
	`order_id` text,
	`provider` text NOT NULL,
	`direction` text NOT NULL,
	`amount` integer NOT NULL,
	`currency` text DEFAULT 'EUR' NOT NULL,
	`reference` text NOT NULL,
	`external_id` text,
	`status` text NOT NULL,
	`raw_payload` text,
	`recorded_by_id` text,
	`note` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`recorded_by_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `payment_transactions_order_idx` ON `payment_transactions` (`order_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `payment_transactions_status_idx` ON `payment_transactions` (`status`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `payment_transactions_external_unique` ON `payment_transactions` (`provider`,`external_id`) WHERE external_id IS NOT NULL;--> statement-breakpoint
CREATE TABLE `webhook_events` (
	`provider` text NOT NULL,
	`event_id` text NOT NULL,
	`type` text NOT NULL,
	`order_id` text,
	`received_at` integer NOT NULL,
	PRIMARY KEY(`provider`, `event_id`),
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE no action
);
