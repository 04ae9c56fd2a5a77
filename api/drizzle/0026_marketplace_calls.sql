CREATE TABLE `marketplace_calls` (
	`user_id` text NOT NULL,
	`platform` text NOT NULL,
	`hour_start` integer NOT NULL,
	`calls` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`user_id`, `platform`, `hour_start`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
