CREATE TABLE `newsletter_consents` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text,
	`email` text NOT NULL,
	`action` text NOT NULL,
	`text_version` text NOT NULL,
	`language` text NOT NULL,
	`source` text NOT NULL,
	`ip` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `newsletter_consents_user_idx` ON `newsletter_consents` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `newsletter_consents_email_idx` ON `newsletter_consents` (`email`,`created_at`);--> statement-breakpoint
CREATE TABLE `voucher_orders` (
	`id` text PRIMARY KEY NOT NULL,
	`code` text NOT NULL,
	`token_hash` text NOT NULL,
	`buyer_user_id` text,
	`buyer_email` text NOT NULL,
	`buyer_name` text DEFAULT '' NOT NULL,
	`amount` integer NOT NULL,
	`scope` text NOT NULL,
	`scope_host_id` text,
	`scope_playroom_id` text,
	`child_name` text DEFAULT '' NOT NULL,
	`greeting` text DEFAULT '' NOT NULL,
	`recipient_email` text,
	`send_date` text,
	`language` text DEFAULT 'de' NOT NULL,
	`payment_method` text NOT NULL,
	`status` text DEFAULT 'AwaitingPayment' NOT NULL,
	`voucher_id` text,
	`idempotency_key` text,
	`stripe_session_id` text,
	`paid_at` integer,
	`delivered_to_recipient_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`buyer_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`scope_host_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`scope_playroom_id`) REFERENCES `playrooms`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`voucher_id`) REFERENCES `vouchers`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `voucher_orders_code_unique` ON `voucher_orders` (`code`);--> statement-breakpoint
CREATE UNIQUE INDEX `voucher_orders_voucher_unique` ON `voucher_orders` (`voucher_id`) WHERE "voucher_orders"."voucher_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `voucher_orders_idempotency_unique` ON `voucher_orders` (`idempotency_key`) WHERE "voucher_orders"."idempotency_key" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `voucher_orders_status_idx` ON `voucher_orders` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `voucher_orders_buyer_idx` ON `voucher_orders` (`buyer_user_id`);--> statement-breakpoint
CREATE INDEX `voucher_orders_send_date_idx` ON `voucher_orders` (`send_date`);--> statement-breakpoint
CREATE TABLE `voucher_transactions` (
	`id` text PRIMARY KEY NOT NULL,
	`voucher_id` text NOT NULL,
	`kind` text NOT NULL,
	`amount` integer NOT NULL,
	`value` integer DEFAULT 0 NOT NULL,
	`balance_after` integer NOT NULL,
	`order_id` text,
	`guest_id` text,
	`idempotency_key` text,
	`reason` text,
	`actor_id` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`voucher_id`) REFERENCES `vouchers`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`guest_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`actor_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `voucher_transactions_voucher_idx` ON `voucher_transactions` (`voucher_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `voucher_transactions_order_idx` ON `voucher_transactions` (`order_id`);--> statement-breakpoint
CREATE INDEX `voucher_transactions_guest_idx` ON `voucher_transactions` (`voucher_id`,`guest_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `voucher_transactions_idempotency_unique` ON `voucher_transactions` (`idempotency_key`) WHERE "voucher_transactions"."idempotency_key" IS NOT NULL;--> statement-breakpoint
CREATE TABLE `vouchers` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`issuer` text NOT NULL,
	`issuer_host_id` text,
	`scope` text DEFAULT 'All' NOT NULL,
	`scope_host_id` text,
	`scope_playroom_id` text,
	`code_hash` text NOT NULL,
	`code_last4` text NOT NULL,
	`discount_percent` integer,
	`discount_amount` integer,
	`initial_amount` integer DEFAULT 0 NOT NULL,
	`balance` integer DEFAULT 0 NOT NULL,
	`uses_count` integer DEFAULT 0 NOT NULL,
	`max_uses` integer,
	`max_uses_per_guest` integer,
	`min_order_amount` integer DEFAULT 0 NOT NULL,
	`valid_from` integer,
	`valid_until` integer,
	`status` text DEFAULT 'Active' NOT NULL,
	`origin` text DEFAULT 'Created' NOT NULL,
	`holder_user_id` text,
	`created_by_id` text,
	`cancel_reason` text,
	`converted_to_platform_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`issuer_host_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`scope_host_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`scope_playroom_id`) REFERENCES `playrooms`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`holder_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "vouchers_balance_not_negative" CHECK("vouchers"."balance" >= 0),
	CONSTRAINT "vouchers_uses_not_negative" CHECK("vouchers"."uses_count" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `vouchers_code_hash_unique` ON `vouchers` (`code_hash`);--> statement-breakpoint
CREATE INDEX `vouchers_issuer_host_idx` ON `vouchers` (`issuer_host_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `vouchers_scope_host_idx` ON `vouchers` (`scope_host_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `vouchers_status_valid_idx` ON `vouchers` (`status`,`valid_until`);--> statement-breakpoint
CREATE INDEX `vouchers_holder_idx` ON `vouchers` (`holder_user_id`);--> statement-breakpoint
CREATE INDEX `vouchers_kind_idx` ON `vouchers` (`kind`,`created_at`);--> statement-breakpoint
CREATE TABLE `welcome_vouchers` (
	`email_hash` text PRIMARY KEY NOT NULL,
	`user_id` text,
	`voucher_id` text,
	`requested_at` integer NOT NULL,
	`issued_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`voucher_id`) REFERENCES `vouchers`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
ALTER TABLE `orders` ADD `gift_voucher_id` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `discount_voucher_id` text;