DROP INDEX `change_log_entity_unique`;--> statement-breakpoint
CREATE UNIQUE INDEX `change_log_user_entity_unique` ON `change_log` (`user_id`,`entity`,`entity_id`);--> statement-breakpoint
DROP INDEX `push_subscriptions_endpoint_unique`;--> statement-breakpoint
DROP INDEX `push_subscriptions_user_idx`;--> statement-breakpoint
CREATE UNIQUE INDEX `push_subscriptions_user_endpoint_unique` ON `push_subscriptions` (`user_id`,`endpoint`);--> statement-breakpoint
CREATE INDEX `push_subscriptions_endpoint_idx` ON `push_subscriptions` (`endpoint`);