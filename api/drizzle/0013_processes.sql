CREATE TABLE `rate_hits` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`key` text NOT NULL,
	`at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `rate_hits_key_at_idx` ON `rate_hits` (`key`,`at`);--> statement-breakpoint
CREATE INDEX `rate_hits_at_idx` ON `rate_hits` (`at`);--> statement-breakpoint
CREATE TABLE `wakeups` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`topic` text NOT NULL,
	`source` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `wakeups_created_idx` ON `wakeups` (`created_at`);