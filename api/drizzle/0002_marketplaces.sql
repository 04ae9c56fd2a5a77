CREATE TABLE `marketplace_accounts` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`platform` text NOT NULL,
	`kind` text NOT NULL,
	`secret` text NOT NULL,
	`external_user_id` text,
	`username` text,
	`profile_url` text,
	`access_expires_at` integer,
	`connected_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `marketplace_accounts_user_platform_kind_unique` ON `marketplace_accounts` (`user_id`,`platform`,`kind`);--> statement-breakpoint
CREATE TABLE `oauth_states` (
	`state_hash` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`platform` text NOT NULL,
	`agent_id` text,
	`return_to` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `sandbox_market_bids` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`platform` text NOT NULL,
	`user_id` integer NOT NULL,
	`project_id` text NOT NULL,
	`amount` real NOT NULL,
	`period` integer NOT NULL,
	`milestone_percentage` integer NOT NULL,
	`description` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sandbox_market_bids_unique` ON `sandbox_market_bids` (`platform`,`user_id`,`project_id`);--> statement-breakpoint
CREATE TABLE `sandbox_market_codes` (
	`code_hash` text PRIMARY KEY NOT NULL,
	`platform` text NOT NULL,
	`user_id` integer NOT NULL,
	`client_id` text NOT NULL,
	`redirect_uri` text NOT NULL,
	`scope` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer
);
--> statement-breakpoint
CREATE TABLE `sandbox_market_tokens` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`platform` text NOT NULL,
	`user_id` integer NOT NULL,
	`kind` text NOT NULL,
	`scope` text NOT NULL,
	`expires_at` integer NOT NULL,
	`revoked_at` integer
);
--> statement-breakpoint
CREATE TABLE `sandbox_market_users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`platform` text NOT NULL,
	`username` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sandbox_market_users_unique` ON `sandbox_market_users` (`platform`,`username`);