CREATE TABLE `resumes` (
	`user_id` text PRIMARY KEY NOT NULL,
	`file_name` text NOT NULL,
	`mime_type` text NOT NULL,
	`size` integer NOT NULL,
	`text` text NOT NULL,
	`details` text NOT NULL,
	`uploaded_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `sandbox_telegram_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`chat_id` text NOT NULL,
	`text` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `telegram_accounts` (
	`user_id` text PRIMARY KEY NOT NULL,
	`telegram_id` text NOT NULL,
	`username` text,
	`first_name` text,
	`last_name` text,
	`photo_url` text,
	`notify` integer DEFAULT false NOT NULL,
	`linked_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `telegram_accounts_telegram_id_unique` ON `telegram_accounts` (`telegram_id`);--> statement-breakpoint
CREATE TABLE `telegram_logins` (
	`hash` text PRIMARY KEY NOT NULL,
	`used_at` integer NOT NULL
);
