CREATE TABLE `admin_search_marks` (
	`entity` text PRIMARY KEY NOT NULL,
	`synced_until` integer NOT NULL,
	`rows_at_mark` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `users_updated_idx` ON `users` (`updated_at`);--> statement-breakpoint
CREATE INDEX `task_executions_status_idx` ON `background_task_executions` (`status`,`started_at`);--> statement-breakpoint
CREATE INDEX `orders_created_idx` ON `orders` (`created_at`,`status`,`playroom_id`,`total_amount`,`commission_amount`);--> statement-breakpoint
CREATE INDEX `orders_pending_transfer_idx` ON `orders` (`payment_deadline`,`total_amount`) WHERE status = 'AwaitingPayment' AND payment_method = 'BankTransfer';--> statement-breakpoint
CREATE INDEX `orders_updated_idx` ON `orders` (`updated_at`);--> statement-breakpoint
CREATE INDEX `playroom_views_created_idx` ON `playroom_views` (`created_at`,`playroom_id`);--> statement-breakpoint
CREATE INDEX `playroom_website_clicks_created_idx` ON `playroom_website_clicks` (`created_at`,`playroom_id`);