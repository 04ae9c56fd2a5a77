ALTER TABLE `job_items` ADD `outcome_source` text;--> statement-breakpoint
ALTER TABLE `job_items` ADD `replied_at` integer;--> statement-breakpoint
ALTER TABLE `job_items` ADD `client_reply` text;--> statement-breakpoint
ALTER TABLE `job_items` ADD `market_status` text;--> statement-breakpoint
ALTER TABLE `job_items` ADD `outcome_tracking` text;--> statement-breakpoint
ALTER TABLE `job_items` ADD `outcome_check_at` integer;--> statement-breakpoint
ALTER TABLE `job_items` ADD `outcome_checks` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `job_items` ADD `outcome_lease_owner` text;--> statement-breakpoint
ALTER TABLE `job_items` ADD `outcome_lease_until` integer;--> statement-breakpoint
ALTER TABLE `job_items` ADD `prompt_template` text;--> statement-breakpoint
ALTER TABLE `job_items` ADD `experiment_id` text;--> statement-breakpoint
CREATE INDEX `job_items_outcome_idx` ON `job_items` (`status`,`outcome_tracking`,`outcome_check_at`);--> statement-breakpoint
ALTER TABLE `notification_settings` ADD `client_replied` integer DEFAULT true NOT NULL;