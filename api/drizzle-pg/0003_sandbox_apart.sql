DROP TABLE "sandbox_mail" CASCADE;--> statement-breakpoint
DROP TABLE "sandbox_market_bids" CASCADE;--> statement-breakpoint
DROP TABLE "sandbox_market_codes" CASCADE;--> statement-breakpoint
DROP TABLE "sandbox_market_tokens" CASCADE;--> statement-breakpoint
DROP TABLE "sandbox_market_users" CASCADE;--> statement-breakpoint
DROP TABLE "sandbox_paystack_records" CASCADE;--> statement-breakpoint
DROP TABLE "sandbox_telegram_messages" CASCADE;