CREATE TABLE "operator_alerts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"message" text NOT NULL,
	"subject" text,
	"details" jsonb NOT NULL,
	"count" bigint DEFAULT 1 NOT NULL,
	"first_at" timestamp (3) with time zone NOT NULL,
	"last_at" timestamp (3) with time zone NOT NULL,
	"mailed_at" timestamp (3) with time zone,
	"resolved_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "retention_marks" (
	"key" text PRIMARY KEY NOT NULL,
	"value" bigint NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "run_state" jsonb;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "expires_at" timestamp (3) with time zone;--> statement-breakpoint
CREATE INDEX "operator_alerts_key_idx" ON "operator_alerts" USING btree ("key","resolved_at");--> statement-breakpoint
CREATE INDEX "operator_alerts_open_idx" ON "operator_alerts" USING btree ("resolved_at","last_at");