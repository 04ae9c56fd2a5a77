CREATE TABLE `activity_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`agent_id` text,
	`job_item_id` text,
	`data` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `activity_log_user_idx` ON `activity_log` (`user_id`,`id`);--> statement-breakpoint
CREATE TABLE `cover_letter_usage` (
	`user_id` text NOT NULL,
	`day` text NOT NULL,
	`count` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`user_id`, `day`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `notification_settings` (
	`user_id` text PRIMARY KEY NOT NULL,
	`proposal_sent` integer DEFAULT true NOT NULL,
	`draft_waiting` integer DEFAULT true NOT NULL,
	`proposal_failed` integer DEFAULT true NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `push_subscriptions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`endpoint` text NOT NULL,
	`p256dh` text NOT NULL,
	`auth` text NOT NULL,
	`user_agent` text,
	`created_at` integer NOT NULL,
	`last_success_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `push_subscriptions_endpoint_unique` ON `push_subscriptions` (`endpoint`);--> statement-breakpoint
CREATE INDEX `push_subscriptions_user_idx` ON `push_subscriptions` (`user_id`);--> statement-breakpoint
ALTER TABLE `agents` ADD `next_run_at` integer;--> statement-breakpoint
ALTER TABLE `agents` ADD `lease_owner` text;--> statement-breakpoint
ALTER TABLE `agents` ADD `lease_until` integer;--> statement-breakpoint
CREATE INDEX `agents_due_idx` ON `agents` (`status`,`next_run_at`);--> statement-breakpoint
ALTER TABLE `job_items` ADD `description` text;--> statement-breakpoint
ALTER TABLE `job_items` ADD `job_url` text;--> statement-breakpoint
ALTER TABLE `job_items` ADD `match_score` integer;--> statement-breakpoint
ALTER TABLE `job_items` ADD `match_reason` text;--> statement-breakpoint
ALTER TABLE `job_items` ADD `bid_amount` real;--> statement-breakpoint
ALTER TABLE `job_items` ADD `bid_currency` text;--> statement-breakpoint
ALTER TABLE `job_items` ADD `bid_period_days` integer;--> statement-breakpoint
ALTER TABLE `job_items` ADD `writer` text;--> statement-breakpoint
ALTER TABLE `job_items` ADD `send_after` integer;--> statement-breakpoint
ALTER TABLE `job_items` ADD `sent_at` integer;--> statement-breakpoint
ALTER TABLE `job_items` ADD `attempts` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `job_items` ADD `outcome` text;--> statement-breakpoint
CREATE INDEX `job_items_user_created_idx` ON `job_items` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `job_items_send_idx` ON `job_items` (`status`,`send_after`);