ALTER TABLE `users` ADD `profile_work_history` text;--> statement-breakpoint
ALTER TABLE `users` ADD `profile_portfolio` text;--> statement-breakpoint
ALTER TABLE `users` ADD `upwork_profile_url` text;--> statement-breakpoint
ALTER TABLE `users` ADD `freelancer_profile_url` text;