CREATE TABLE "email_changes" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"earlier_token_hash" text,
	"emailed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"new_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sign_up_requests" ADD COLUMN "earlier_token_hash" text;--> statement-breakpoint
ALTER TABLE "sign_up_requests" ADD COLUMN "emailed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "email_changes" ADD CONSTRAINT "email_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "email_changes_token_unique" ON "email_changes" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "email_changes_earlier_token_unique" ON "email_changes" USING btree ("earlier_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "sign_up_requests_earlier_token_unique" ON "sign_up_requests" USING btree ("earlier_token_hash");