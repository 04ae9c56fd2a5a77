CREATE TABLE "agent_runs" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"agent_id" text NOT NULL,
	"at" timestamp (3) with time zone NOT NULL,
	"manual" boolean DEFAULT false NOT NULL,
	"counts" jsonb NOT NULL,
	"jobs" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "profile_work_history" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "profile_portfolio" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "upwork_profile_url" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "freelancer_profile_url" text;--> statement-breakpoint
ALTER TABLE "agent_runs" ADD CONSTRAINT "agent_runs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_runs" ADD CONSTRAINT "agent_runs_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agent_runs_agent_idx" ON "agent_runs" USING btree ("agent_id","at");--> statement-breakpoint
CREATE INDEX "agent_runs_user_idx" ON "agent_runs" USING btree ("user_id");