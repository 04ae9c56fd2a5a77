DROP TABLE `sandbox_mail`;--> statement-breakpoint
DROP TABLE `sandbox_market_bids`;--> statement-breakpoint
DROP TABLE `sandbox_market_codes`;--> statement-breakpoint
DROP TABLE `sandbox_market_tokens`;--> statement-breakpoint
DROP TABLE `sandbox_market_users`;--> statement-breakpoint
DROP TABLE `sandbox_paystack_records`;--> statement-breakpoint
DROP TABLE `sandbox_telegram_messages`;