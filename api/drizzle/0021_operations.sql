CREATE TABLE `retention_marks` (
	`key` text PRIMARY KEY NOT NULL,
	`value` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `operator_alerts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`key` text NOT NULL,
	`message` text NOT NULL,
	`subject` text,
	`details` text NOT NULL,
	`count` integer DEFAULT 1 NOT NULL,
	`first_at` integer NOT NULL,
	`last_at` integer NOT NULL,
	`mailed_at` integer,
	`resolved_at` integer
);
--> statement-breakpoint
CREATE INDEX `operator_alerts_key_idx` ON `operator_alerts` (`key`,`resolved_at`);--> statement-breakpoint
CREATE INDEX `operator_alerts_open_idx` ON `operator_alerts` (`resolved_at`,`last_at`);--> statement-breakpoint
ALTER TABLE `agents` ADD `run_state` text;--> statement-breakpoint
ALTER TABLE `mail_outbox` ADD `expires_at` integer;