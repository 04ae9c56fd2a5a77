CREATE TABLE `payments` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`reference` text NOT NULL,
	`plan` text NOT NULL,
	`currency` text NOT NULL,
	`amount` integer NOT NULL,
	`discount` integer DEFAULT false NOT NULL,
	`status` text NOT NULL,
	`kind` text NOT NULL,
	`plan_change` integer DEFAULT false NOT NULL,
	`channel` text,
	`card_brand` text,
	`card_last4` text,
	`paid_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payments_reference_unique` ON `payments` (`reference`);--> statement-breakpoint
CREATE INDEX `payments_user_idx` ON `payments` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `provider_plans` (
	`plan` text NOT NULL,
	`currency` text NOT NULL,
	`amount` integer NOT NULL,
	`plan_code` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`plan`, `currency`, `amount`)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `provider_plans_code_unique` ON `provider_plans` (`plan_code`);--> statement-breakpoint
CREATE TABLE `referral_rewards` (
	`user_id` text PRIMARY KEY NOT NULL,
	`percent` integer NOT NULL,
	`earned_at` integer NOT NULL,
	`consumed_reference` text,
	`consumed_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
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
CREATE TABLE `subscription_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`at` integer NOT NULL,
	`recorded_at` integer NOT NULL,
	`from_status` text,
	`to_status` text NOT NULL,
	`from_plan` text,
	`to_plan` text NOT NULL,
	`reason` text NOT NULL,
	`subject` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `subscription_events_user_idx` ON `subscription_events` (`user_id`,`id`);--> statement-breakpoint
CREATE INDEX `subscription_events_subject_idx` ON `subscription_events` (`subject`);--> statement-breakpoint
CREATE TABLE `subscriptions` (
	`user_id` text PRIMARY KEY NOT NULL,
	`plan` text NOT NULL,
	`status` text NOT NULL,
	`currency` text,
	`amount` integer,
	`trial_started_at` integer NOT NULL,
	`trial_ends_at` integer NOT NULL,
	`current_period_start` integer,
	`current_period_end` integer,
	`grace_ends_at` integer,
	`cancel_at_period_end` integer DEFAULT false NOT NULL,
	`provider_subscription_code` text,
	`provider_email_token` text,
	`provider_customer_code` text,
	`card_brand` text,
	`card_last4` text,
	`last_payment_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `subscriptions_customer_idx` ON `subscriptions` (`provider_customer_code`);--> statement-breakpoint
CREATE INDEX `subscriptions_provider_code_idx` ON `subscriptions` (`provider_subscription_code`);--> statement-breakpoint
CREATE TABLE `webhook_events` (
	`key` text PRIMARY KEY NOT NULL,
	`event` text NOT NULL,
	`subject` text,
	`user_id` text,
	`outcome` text NOT NULL,
	`received_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `webhook_events_subject_idx` ON `webhook_events` (`subject`,`event`);