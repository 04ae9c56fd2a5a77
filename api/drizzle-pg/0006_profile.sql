ALTER TABLE "users" ADD COLUMN "profile_work_history" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "profile_portfolio" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "upwork_profile_url" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "freelancer_profile_url" text;