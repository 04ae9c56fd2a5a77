CREATE TABLE `seen_jobs` (
	`user_id` text NOT NULL,
	`platform` text NOT NULL,
	`external_id` text NOT NULL,
	`agent_id` text,
	`first_seen_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `platform`, `external_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `job_items` ADD `proposal_external_id` text;--> statement-breakpoint
ALTER TABLE `job_items` ADD `stage` text;--> statement-breakpoint
ALTER TABLE `job_items` ADD `claim_token` text;--> statement-breakpoint
ALTER TABLE `job_items` ADD `claim_until` integer;--> statement-breakpoint
ALTER TABLE `job_items` ADD `approved_at` integer;--> statement-breakpoint
ALTER TABLE `job_items` ADD `manual_send` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `job_items` ADD `client` text;--> statement-breakpoint
CREATE INDEX `job_items_claim_idx` ON `job_items` (`stage`,`claim_until`);--> statement-breakpoint
UPDATE `job_items` SET `stage` = CASE WHEN `proposal_requirements` IS NULL THEN 'writing' ELSE 'queued' END, `claim_until` = CASE WHEN `proposal_requirements` IS NULL THEN 0 END WHERE `status` = 'processing';--> statement-breakpoint
UPDATE `job_items` SET `manual_send` = 1 WHERE `status` = 'draft' AND `last_error` = 'Send this proposal from Upwork: open the job, paste the letter and submit.';
