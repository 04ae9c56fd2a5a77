CREATE TABLE `user_identities` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`provider` text NOT NULL,
	`issuer` text NOT NULL,
	`subject` text NOT NULL,
	`email` text NOT NULL,
	`linked_at` integer NOT NULL,
	`last_used_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `user_identities_issuer_subject_unique` ON `user_identities` (`issuer`,`subject`);--> statement-breakpoint
CREATE INDEX `user_identities_user_idx` ON `user_identities` (`user_id`);--> statement-breakpoint
CREATE TABLE `account_deletions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`email` text NOT NULL,
	`language` text NOT NULL,
	`cancel_token_hash` text NOT NULL,
	`paused_agent_ids` text NOT NULL,
	`requested_at` integer NOT NULL,
	`purge_after` integer NOT NULL,
	`provider_closed_at` integer,
	`purged_at` integer,
	`last_error` text,
	`claim_token` text,
	`claim_until` integer,
	`attempts` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `account_deletions_user_unique` ON `account_deletions` (`user_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `account_deletions_cancel_unique` ON `account_deletions` (`cancel_token_hash`);--> statement-breakpoint
CREATE INDEX `account_deletions_due_idx` ON `account_deletions` (`purge_after`);--> statement-breakpoint
CREATE TABLE `anonymised_payments` (
	`id` text PRIMARY KEY NOT NULL,
	`reference` text NOT NULL,
	`plan` text NOT NULL,
	`currency` text NOT NULL,
	`amount` integer NOT NULL,
	`discount` integer NOT NULL,
	`status` text NOT NULL,
	`kind` text NOT NULL,
	`channel` text,
	`paid_at` integer,
	`created_at` integer NOT NULL,
	`anonymised_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `anonymised_payments_reference_unique` ON `anonymised_payments` (`reference`);--> statement-breakpoint
CREATE TABLE `data_exports` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`status` text NOT NULL,
	`progress` integer DEFAULT 0 NOT NULL,
	`archive` text,
	`size` integer,
	`file_name` text,
	`created_at` integer NOT NULL,
	`ready_at` integer,
	`expires_at` integer,
	`claim_token` text,
	`claim_until` integer,
	`attempts` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `data_exports_user_idx` ON `data_exports` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `data_exports_open_idx` ON `data_exports` (`status`,`claim_until`);--> statement-breakpoint
CREATE TABLE `departed_referrals` (
	`id` text PRIMARY KEY NOT NULL,
	`referrer_id` text NOT NULL,
	`paid` integer NOT NULL,
	`departed_at` integer NOT NULL,
	FOREIGN KEY (`referrer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `departed_referrals_referrer_idx` ON `departed_referrals` (`referrer_id`);