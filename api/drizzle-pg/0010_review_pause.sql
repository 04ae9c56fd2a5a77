ALTER TABLE "job_items" ADD COLUMN "job_type" text;--> statement-breakpoint
ALTER TABLE "job_items" ADD COLUMN "budget_min" double precision;--> statement-breakpoint
ALTER TABLE "job_items" ADD COLUMN "budget_max" double precision;--> statement-breakpoint
ALTER TABLE "job_items" ADD COLUMN "posted_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "job_items" ADD COLUMN "bid_count" bigint;--> statement-breakpoint
ALTER TABLE "job_items" ADD COLUMN "held_by_pause" boolean DEFAULT false NOT NULL;