CREATE TABLE "sign_up_requests" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"details" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "sign_up_requests_email_unique" ON "sign_up_requests" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "sign_up_requests_expires_idx" ON "sign_up_requests" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "outbox_recipient_kind_created_idx" ON "outbox_emails" USING btree (lower("to_address"),"kind","created_at");