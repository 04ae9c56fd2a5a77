CREATE TABLE `agent_runs` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`agent_id` text NOT NULL,
	`at` integer NOT NULL,
	`manual` integer DEFAULT false NOT NULL,
	`counts` text NOT NULL,
	`jobs` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`agent_id`) REFERENCES `agents`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `agent_runs_agent_idx` ON `agent_runs` (`agent_id`,`at`);--> statement-breakpoint
CREATE INDEX `agent_runs_user_idx` ON `agent_runs` (`user_id`);--> statement-breakpoint
ALTER TABLE `users` ADD `profile_work_history` text;--> statement-breakpoint
ALTER TABLE `users` ADD `profile_portfolio` text;--> statement-breakpoint
ALTER TABLE `users` ADD `upwork_profile_url` text;--> statement-breakpoint
ALTER TABLE `users` ADD `freelancer_profile_url` text;