ALTER TABLE "orders" ADD COLUMN "link_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "trade_ins" ADD COLUMN "access_token_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trade_ins" ADD COLUMN "link_emailed_at" timestamp with time zone;