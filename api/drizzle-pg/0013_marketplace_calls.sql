CREATE TABLE "marketplace_calls" (
	"user_id" text NOT NULL,
	"platform" text NOT NULL,
	"hour_start" timestamp (3) with time zone NOT NULL,
	"calls" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "marketplace_calls_user_id_platform_hour_start_pk" PRIMARY KEY("user_id","platform","hour_start")
);
--> statement-breakpoint
ALTER TABLE "marketplace_calls" ADD CONSTRAINT "marketplace_calls_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;