CREATE TABLE "account_deletions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"email" text NOT NULL,
	"language" text NOT NULL,
	"cancel_token_hash" text NOT NULL,
	"paused_agent_ids" jsonb NOT NULL,
	"requested_at" timestamp (3) with time zone NOT NULL,
	"purge_after" timestamp (3) with time zone NOT NULL,
	"provider_closed_at" timestamp (3) with time zone,
	"purged_at" timestamp (3) with time zone,
	"last_error" text,
	"claim_token" text,
	"claim_until" timestamp (3) with time zone,
	"attempts" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "anonymised_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"plan" text NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	"discount" boolean NOT NULL,
	"status" text NOT NULL,
	"kind" text NOT NULL,
	"channel" text,
	"paid_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone NOT NULL,
	"anonymised_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "data_exports" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"status" text NOT NULL,
	"progress" bigint DEFAULT 0 NOT NULL,
	"archive" text,
	"size" bigint,
	"file_name" text,
	"created_at" timestamp (3) with time zone NOT NULL,
	"ready_at" timestamp (3) with time zone,
	"expires_at" timestamp (3) with time zone,
	"claim_token" text,
	"claim_until" timestamp (3) with time zone,
	"attempts" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "departed_referrals" (
	"id" text PRIMARY KEY NOT NULL,
	"referrer_id" text NOT NULL,
	"paid" boolean NOT NULL,
	"departed_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_identities" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"provider" text NOT NULL,
	"issuer" text NOT NULL,
	"subject" text NOT NULL,
	"email" text NOT NULL,
	"linked_at" timestamp (3) with time zone NOT NULL,
	"last_used_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "departed_referrals" ADD CONSTRAINT "departed_referrals_referrer_id_users_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_identities" ADD CONSTRAINT "user_identities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "account_deletions_user_unique" ON "account_deletions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "account_deletions_cancel_unique" ON "account_deletions" USING btree ("cancel_token_hash");--> statement-breakpoint
CREATE INDEX "account_deletions_due_idx" ON "account_deletions" USING btree ("purge_after");--> statement-breakpoint
CREATE UNIQUE INDEX "anonymised_payments_reference_unique" ON "anonymised_payments" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "data_exports_user_idx" ON "data_exports" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "data_exports_open_idx" ON "data_exports" USING btree ("status","claim_until");--> statement-breakpoint
CREATE INDEX "departed_referrals_referrer_idx" ON "departed_referrals" USING btree ("referrer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_identities_issuer_subject_unique" ON "user_identities" USING btree ("issuer","subject");--> statement-breakpoint
CREATE INDEX "user_identities_user_idx" ON "user_identities" USING btree ("user_id");