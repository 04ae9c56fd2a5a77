DROP INDEX `push_subscriptions_endpoint_unique`;--> statement-breakpoint
DROP INDEX `push_subscriptions_user_idx`;--> statement-breakpoint
CREATE UNIQUE INDEX `push_subscriptions_user_endpoint_unique` ON `push_subscriptions` (`user_id`,`endpoint`);--> statement-breakpoint
CREATE INDEX `push_subscriptions_endpoint_idx` ON `push_subscriptions` (`endpoint`);