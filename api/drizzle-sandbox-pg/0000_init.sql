CREATE TABLE "sandbox"."sandbox_mail" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"to" text NOT NULL,
	"from" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox"."sandbox_market_bids" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"platform" text NOT NULL,
	"user_id" bigint NOT NULL,
	"project_id" text NOT NULL,
	"amount" double precision NOT NULL,
	"period" bigint NOT NULL,
	"milestone_percentage" bigint NOT NULL,
	"description" text NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox"."sandbox_market_codes" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"platform" text NOT NULL,
	"user_id" bigint NOT NULL,
	"client_id" text NOT NULL,
	"redirect_uri" text NOT NULL,
	"scope" text NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"used_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "sandbox"."sandbox_market_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"platform" text NOT NULL,
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"scope" text NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"revoked_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "sandbox"."sandbox_market_users" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"platform" text NOT NULL,
	"username" text NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox"."sandbox_paystack_records" (
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"alias" text,
	"data" jsonb NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "sandbox_paystack_records_kind_key_pk" PRIMARY KEY("kind","key")
);
--> statement-breakpoint
CREATE TABLE "sandbox"."sandbox_telegram_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"chat_id" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sandbox_mail_to_idx" ON "sandbox"."sandbox_mail" USING btree ("to","id");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_market_bids_unique" ON "sandbox"."sandbox_market_bids" USING btree ("platform","user_id","project_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_market_users_unique" ON "sandbox"."sandbox_market_users" USING btree ("platform","username");--> statement-breakpoint
CREATE INDEX "sandbox_paystack_alias_idx" ON "sandbox"."sandbox_paystack_records" USING btree ("kind","alias");--> statement-breakpoint
CREATE INDEX "sandbox_telegram_messages_chat_idx" ON "sandbox"."sandbox_telegram_messages" USING btree ("chat_id","created_at");