ALTER TABLE `email_outbox` ADD `order_id` text;--> statement-breakpoint
CREATE INDEX `email_outbox_order_idx` ON `email_outbox` (`order_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `users_role_last_name_idx` ON `users` (`role`,`last_name`);--> statement-breakpoint
CREATE INDEX `users_role_first_name_idx` ON `users` (`role`,`first_name`);--> statement-breakpoint
CREATE INDEX `users_role_display_name_idx` ON `users` (`role`,`display_name`);--> statement-breakpoint
CREATE INDEX `users_role_email_idx` ON `users` (`role`,`email`);--> statement-breakpoint
CREATE INDEX `users_role_imported_idx` ON `users` (`role`,`imported`,`created_at`);--> statement-breakpoint
CREATE INDEX `orders_created_idx` ON `orders` (`created_at`);--> statement-breakpoint
CREATE INDEX `orders_check_in_idx` ON `orders` (`check_in`);--> statement-breakpoint
CREATE INDEX `orders_total_idx` ON `orders` (`total_amount`);--> statement-breakpoint
CREATE INDEX `orders_status_created_idx` ON `orders` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `orders_status_check_in_idx` ON `orders` (`status`,`check_in`);--> statement-breakpoint
CREATE INDEX `orders_payment_status_idx` ON `orders` (`payment_status`,`created_at`);