CREATE TABLE "billing_claims" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"progress" jsonb,
	"claim_token" text,
	"claim_until" timestamp (3) with time zone NOT NULL,
	"attempts" bigint DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"done_at" timestamp (3) with time zone
);
--> statement-breakpoint
ALTER TABLE "billing_claims" ADD CONSTRAINT "billing_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "billing_claims_open_idx" ON "billing_claims" USING btree ("done_at","claim_until");--> statement-breakpoint
CREATE INDEX "billing_claims_user_idx" ON "billing_claims" USING btree ("user_id","kind","done_at");