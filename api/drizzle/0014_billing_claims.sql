CREATE TABLE `billing_claims` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`payload` text NOT NULL,
	`progress` text,
	`claim_token` text,
	`claim_until` integer NOT NULL,
	`attempts` integer DEFAULT 1 NOT NULL,
	`created_at` integer NOT NULL,
	`done_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `billing_claims_open_idx` ON `billing_claims` (`done_at`,`claim_until`);--> statement-breakpoint
CREATE INDEX `billing_claims_user_idx` ON `billing_claims` (`user_id`,`kind`,`done_at`);