CREATE TABLE `match_signals` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`job_item_id` text NOT NULL,
	`slot` text NOT NULL,
	`kind` text NOT NULL,
	`features` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `match_signals_item_slot_unique` ON `match_signals` (`user_id`,`job_item_id`,`slot`);--> statement-breakpoint
CREATE INDEX `match_signals_user_idx` ON `match_signals` (`user_id`,`updated_at`);--> statement-breakpoint
ALTER TABLE `users` ADD `profile_title` text;--> statement-breakpoint
ALTER TABLE `users` ADD `profile_overview` text;