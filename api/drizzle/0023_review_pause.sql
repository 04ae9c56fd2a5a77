ALTER TABLE `job_items` ADD `job_type` text;--> statement-breakpoint
ALTER TABLE `job_items` ADD `budget_min` real;--> statement-breakpoint
ALTER TABLE `job_items` ADD `budget_max` real;--> statement-breakpoint
ALTER TABLE `job_items` ADD `posted_at` integer;--> statement-breakpoint
ALTER TABLE `job_items` ADD `bid_count` integer;--> statement-breakpoint
ALTER TABLE `job_items` ADD `held_by_pause` integer DEFAULT false NOT NULL;