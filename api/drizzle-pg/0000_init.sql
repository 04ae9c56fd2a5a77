CREATE TABLE "activity_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"agent_id" text,
	"job_item_id" text,
	"data" jsonb NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agents" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"status" text NOT NULL,
	"fields" jsonb NOT NULL,
	"field_versions" jsonb NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL,
	"last_run" timestamp (3) with time zone,
	"emails_sent" bigint DEFAULT 0 NOT NULL,
	"jobs_found" bigint DEFAULT 0 NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL,
	"next_run_at" timestamp (3) with time zone,
	"lease_owner" text,
	"lease_until" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "change_log" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"changed_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cover_letter_usage" (
	"user_id" text NOT NULL,
	"day" text NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "cover_letter_usage_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"user_id" text NOT NULL,
	"key" text NOT NULL,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"status" bigint NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "idempotency_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "job_items" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"agent_id" text,
	"platform" text NOT NULL,
	"external_id" text NOT NULL,
	"title" text NOT NULL,
	"client_name" text,
	"status" text NOT NULL,
	"budget" text,
	"applied_date" timestamp (3) with time zone,
	"experience_level" text,
	"duration" text,
	"apply_url" text,
	"last_error" text,
	"proposal_requirements" text,
	"description" text,
	"job_url" text,
	"match_score" bigint,
	"match_reason" text,
	"bid_amount" double precision,
	"bid_currency" text,
	"bid_period_days" bigint,
	"writer" text,
	"send_after" timestamp (3) with time zone,
	"sent_at" timestamp (3) with time zone,
	"proposal_external_id" text,
	"attempts" bigint DEFAULT 0 NOT NULL,
	"stage" text,
	"claim_token" text,
	"claim_until" timestamp (3) with time zone,
	"approved_at" timestamp (3) with time zone,
	"manual_send" boolean DEFAULT false NOT NULL,
	"client" jsonb,
	"outcome" text,
	"outcome_source" text,
	"replied_at" timestamp (3) with time zone,
	"client_reply" text,
	"market_status" text,
	"outcome_tracking" text,
	"outcome_check_at" timestamp (3) with time zone,
	"outcome_checks" bigint DEFAULT 0 NOT NULL,
	"outcome_lease_owner" text,
	"outcome_lease_until" timestamp (3) with time zone,
	"prompt_template" text,
	"experiment_id" text,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL,
	"field_versions" jsonb DEFAULT '{}' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"message_id" text NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text NOT NULL,
	"reply_to" text,
	"created_at" timestamp (3) with time zone NOT NULL,
	"claim_token" text,
	"claim_until" timestamp (3) with time zone,
	"attempts" bigint DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp (3) with time zone NOT NULL,
	"last_error" text,
	"sent_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "marketplace_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"platform" text NOT NULL,
	"kind" text NOT NULL,
	"secret" text NOT NULL,
	"external_user_id" text,
	"username" text,
	"profile_url" text,
	"access_expires_at" timestamp (3) with time zone,
	"connected_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "match_signals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"job_item_id" text NOT NULL,
	"slot" text NOT NULL,
	"kind" text NOT NULL,
	"features" jsonb NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"proposal_sent" boolean DEFAULT true NOT NULL,
	"draft_waiting" boolean DEFAULT true NOT NULL,
	"proposal_failed" boolean DEFAULT true NOT NULL,
	"client_replied" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	"field_versions" jsonb DEFAULT '{}' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oauth_states" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"platform" text NOT NULL,
	"agent_id" text,
	"return_to" text NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"used_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"reference" text NOT NULL,
	"plan" text NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	"discount" boolean DEFAULT false NOT NULL,
	"status" text NOT NULL,
	"kind" text NOT NULL,
	"plan_change" boolean DEFAULT false NOT NULL,
	"change_kind" text,
	"change_basis" text,
	"change_key" text,
	"checkout_url" text,
	"channel" text,
	"card_brand" text,
	"card_last4" text,
	"paid_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provider_plans" (
	"plan" text NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	"plan_code" text NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "provider_plans_plan_currency_amount_pk" PRIMARY KEY("plan","currency","amount")
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"user_agent" text,
	"created_at" timestamp (3) with time zone NOT NULL,
	"last_success_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "rate_hits" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referral_rewards" (
	"user_id" text PRIMARY KEY NOT NULL,
	"percent" bigint NOT NULL,
	"earned_at" timestamp (3) with time zone NOT NULL,
	"consumed_reference" text,
	"consumed_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "resumes" (
	"user_id" text PRIMARY KEY NOT NULL,
	"file_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" bigint NOT NULL,
	"text" text NOT NULL,
	"details" jsonb NOT NULL,
	"uploaded_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_mail" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"to" text NOT NULL,
	"from" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_market_bids" (
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
CREATE TABLE "sandbox_market_codes" (
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
CREATE TABLE "sandbox_market_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"platform" text NOT NULL,
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"scope" text NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"revoked_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "sandbox_market_users" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"platform" text NOT NULL,
	"username" text NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_paystack_records" (
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"alias" text,
	"data" jsonb NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "sandbox_paystack_records_kind_key_pk" PRIMARY KEY("kind","key")
);
--> statement-breakpoint
CREATE TABLE "sandbox_telegram_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"chat_id" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seen_jobs" (
	"user_id" text NOT NULL,
	"platform" text NOT NULL,
	"external_id" text NOT NULL,
	"agent_id" text,
	"first_seen_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "seen_jobs_user_id_platform_external_id_pk" PRIMARY KEY("user_id","platform","external_id")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"last_used_at" timestamp (3) with time zone NOT NULL,
	"revoked_at" timestamp (3) with time zone,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "subscription_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"at" timestamp (3) with time zone NOT NULL,
	"recorded_at" timestamp (3) with time zone NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"from_plan" text,
	"to_plan" text NOT NULL,
	"reason" text NOT NULL,
	"subject" text
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"user_id" text PRIMARY KEY NOT NULL,
	"plan" text NOT NULL,
	"status" text NOT NULL,
	"currency" text,
	"amount" bigint,
	"trial_started_at" timestamp (3) with time zone NOT NULL,
	"trial_ends_at" timestamp (3) with time zone NOT NULL,
	"current_period_start" timestamp (3) with time zone,
	"current_period_end" timestamp (3) with time zone,
	"grace_ends_at" timestamp (3) with time zone,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"provider_subscription_code" text,
	"provider_email_token" text,
	"provider_customer_code" text,
	"card_brand" text,
	"card_last4" text,
	"last_payment_at" timestamp (3) with time zone,
	"scheduled_plan" text,
	"scheduled_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"topic" text NOT NULL,
	"message" text NOT NULL,
	"reference_kind" text,
	"reference_id" text,
	"reference_label" text,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "telegram_accounts" (
	"user_id" text PRIMARY KEY NOT NULL,
	"telegram_id" text NOT NULL,
	"username" text,
	"first_name" text,
	"last_name" text,
	"photo_url" text,
	"notify" boolean DEFAULT false NOT NULL,
	"linked_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "telegram_logins" (
	"hash" text PRIMARY KEY NOT NULL,
	"used_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"platform_type" text NOT NULL,
	"email_verified_at" timestamp (3) with time zone,
	"first_name" text,
	"last_name" text,
	"skills" jsonb DEFAULT '[]' NOT NULL,
	"portfolio_links" jsonb DEFAULT '[]' NOT NULL,
	"upwork_profile_complete" boolean DEFAULT false NOT NULL,
	"freelancer_profile_complete" boolean DEFAULT false NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"time_zone" text,
	"profile_title" text,
	"profile_overview" text,
	"referral_code" text NOT NULL,
	"referred_by" text,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL,
	"field_versions" jsonb DEFAULT '{}' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verification_codes" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"purpose" text NOT NULL,
	"code_hash" text NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"attempts" bigint DEFAULT 0 NOT NULL,
	"consumed_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "wakeups" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"topic" text NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"key" text PRIMARY KEY NOT NULL,
	"event" text NOT NULL,
	"subject" text,
	"user_id" text,
	"outcome" text NOT NULL,
	"received_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "activity_log" ADD CONSTRAINT "activity_log_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agents" ADD CONSTRAINT "agents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cover_letter_usage" ADD CONSTRAINT "cover_letter_usage_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_items" ADD CONSTRAINT "job_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_items" ADD CONSTRAINT "job_items_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_accounts" ADD CONSTRAINT "marketplace_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_signals" ADD CONSTRAINT "match_signals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_states" ADD CONSTRAINT "oauth_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_rewards" ADD CONSTRAINT "referral_rewards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resumes" ADD CONSTRAINT "resumes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seen_jobs" ADD CONSTRAINT "seen_jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_events" ADD CONSTRAINT "subscription_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_requests" ADD CONSTRAINT "support_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telegram_accounts" ADD CONSTRAINT "telegram_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_codes" ADD CONSTRAINT "verification_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_log_user_idx" ON "activity_log" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "agents_user_idx" ON "agents" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "agents_due_idx" ON "agents" USING btree ("status","next_run_at");--> statement-breakpoint
CREATE INDEX "change_log_user_seq_idx" ON "change_log" USING btree ("user_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "change_log_user_entity_unique" ON "change_log" USING btree ("user_id","entity","entity_id");--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "job_items_user_job_unique" ON "job_items" USING btree ("user_id","platform","external_id");--> statement-breakpoint
CREATE INDEX "job_items_user_created_idx" ON "job_items" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "job_items_send_idx" ON "job_items" USING btree ("status","send_after");--> statement-breakpoint
CREATE INDEX "job_items_agent_idx" ON "job_items" USING btree ("agent_id","created_at");--> statement-breakpoint
CREATE INDEX "job_items_claim_idx" ON "job_items" USING btree ("stage","claim_until");--> statement-breakpoint
CREATE INDEX "job_items_outcome_idx" ON "job_items" USING btree ("status","outcome_tracking","outcome_check_at");--> statement-breakpoint
CREATE UNIQUE INDEX "mail_outbox_message_id_unique" ON "mail_outbox" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("sent_at","next_attempt_at");--> statement-breakpoint
CREATE UNIQUE INDEX "marketplace_accounts_user_platform_kind_unique" ON "marketplace_accounts" USING btree ("user_id","platform","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "match_signals_item_slot_unique" ON "match_signals" USING btree ("user_id","job_item_id","slot");--> statement-breakpoint
CREATE INDEX "match_signals_user_idx" ON "match_signals" USING btree ("user_id","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_reference_unique" ON "payments" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "payments_user_idx" ON "payments" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_open_change_unique" ON "payments" USING btree ("user_id","change_key") WHERE "payments"."status" = 'pending' and "payments"."change_key" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "provider_plans_code_unique" ON "provider_plans" USING btree ("plan_code");--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_user_endpoint_unique" ON "push_subscriptions" USING btree ("user_id","endpoint");--> statement-breakpoint
CREATE INDEX "push_subscriptions_endpoint_idx" ON "push_subscriptions" USING btree ("endpoint");--> statement-breakpoint
CREATE INDEX "rate_hits_key_at_idx" ON "rate_hits" USING btree ("key","at");--> statement-breakpoint
CREATE INDEX "rate_hits_at_idx" ON "rate_hits" USING btree ("at");--> statement-breakpoint
CREATE INDEX "sandbox_mail_to_idx" ON "sandbox_mail" USING btree ("to","id");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_market_bids_unique" ON "sandbox_market_bids" USING btree ("platform","user_id","project_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_market_users_unique" ON "sandbox_market_users" USING btree ("platform","username");--> statement-breakpoint
CREATE INDEX "sandbox_paystack_alias_idx" ON "sandbox_paystack_records" USING btree ("kind","alias");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_hash_unique" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "subscription_events_user_idx" ON "subscription_events" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "subscription_events_subject_idx" ON "subscription_events" USING btree ("subject");--> statement-breakpoint
CREATE INDEX "subscriptions_customer_idx" ON "subscriptions" USING btree ("provider_customer_code");--> statement-breakpoint
CREATE INDEX "subscriptions_provider_code_idx" ON "subscriptions" USING btree ("provider_subscription_code");--> statement-breakpoint
CREATE INDEX "support_requests_user_idx" ON "support_requests" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "telegram_accounts_telegram_id_unique" ON "telegram_accounts" USING btree ("telegram_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "users_referral_code_unique" ON "users" USING btree ("referral_code");--> statement-breakpoint
CREATE INDEX "verification_codes_user_purpose_idx" ON "verification_codes" USING btree ("user_id","purpose","created_at");--> statement-breakpoint
CREATE INDEX "wakeups_created_idx" ON "wakeups" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "webhook_events_subject_idx" ON "webhook_events" USING btree ("subject","event");