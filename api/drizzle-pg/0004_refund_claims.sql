ALTER TABLE "payments" ADD COLUMN "claim_token" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "claim_until" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "attempts" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- A payment claimed for a refund before claims had columns keeps its lease: ten minutes from its last change.
UPDATE "payments" SET "claim_until" = "updated_at" + interval '10 minutes' WHERE "status" = 'refunding';
