ALTER TABLE `payments` ADD `change_kind` text;--> statement-breakpoint
ALTER TABLE `payments` ADD `change_basis` text;--> statement-breakpoint
ALTER TABLE `payments` ADD `change_key` text;--> statement-breakpoint
ALTER TABLE `payments` ADD `checkout_url` text;--> statement-breakpoint
CREATE UNIQUE INDEX `payments_open_change_unique` ON `payments` (`user_id`,`change_key`) WHERE "payments"."status" = 'pending' and "payments"."change_key" is not null;--> statement-breakpoint
ALTER TABLE `subscriptions` ADD `scheduled_plan` text;--> statement-breakpoint
ALTER TABLE `subscriptions` ADD `scheduled_at` integer;