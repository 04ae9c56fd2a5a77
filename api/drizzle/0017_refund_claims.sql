ALTER TABLE `payments` ADD `claim_token` text;--> statement-breakpoint
ALTER TABLE `payments` ADD `claim_until` integer;--> statement-breakpoint
ALTER TABLE `payments` ADD `attempts` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- A payment claimed for a refund before claims had columns keeps its lease: ten minutes from its last change.
UPDATE `payments` SET `claim_until` = `updated_at` + 600000 WHERE `status` = 'refunding';
