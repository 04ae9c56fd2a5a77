ALTER TABLE `job_items` ADD `field_versions` text DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE `notification_settings` ADD `version` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `notification_settings` ADD `field_versions` text DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `field_versions` text DEFAULT '{}' NOT NULL;