CREATE TABLE `telegram_states` (
	`state_hash` text PRIMARY KEY NOT NULL,
	`purpose` text NOT NULL,
	`user_id` text,
	`session_id` text,
	`browser_hash` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `telegram_states_expires_idx` ON `telegram_states` (`expires_at`);--> statement-breakpoint
ALTER TABLE `oauth_states` ADD `session_id` text;--> statement-breakpoint
ALTER TABLE `oauth_states` ADD `browser_hash` text;