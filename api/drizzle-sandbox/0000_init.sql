CREATE TABLE `sandbox_mail` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`to` text NOT NULL,
	`from` text NOT NULL,
	`subject` text NOT NULL,
	`text` text NOT NULL,
	`html` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `sandbox_mail_to_idx` ON `sandbox_mail` (`to`,`id`);--> statement-breakpoint
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
CREATE UNIQUE INDEX `sandbox_market_users_unique` ON `sandbox_market_users` (`platform`,`username`);--> statement-breakpoint
CREATE TABLE `sandbox_paystack_records` (
	`kind` text NOT NULL,
	`key` text NOT NULL,
	`alias` text,
	`data` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`kind`, `key`)
);
--> statement-breakpoint
CREATE INDEX `sandbox_paystack_alias_idx` ON `sandbox_paystack_records` (`kind`,`alias`);--> statement-breakpoint
CREATE TABLE `sandbox_telegram_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`chat_id` text NOT NULL,
	`text` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `sandbox_telegram_messages_chat_idx` ON `sandbox_telegram_messages` (`chat_id`,`created_at`);