DROP INDEX `change_log_entity_unique`;--> statement-breakpoint
CREATE UNIQUE INDEX `change_log_user_entity_unique` ON `change_log` (`user_id`,`entity`,`entity_id`);