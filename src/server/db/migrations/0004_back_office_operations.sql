ALTER TABLE "trade_ins" ADD COLUMN "decline_reason" text;--> statement-breakpoint
CREATE INDEX "repair_bookings_status_idx" ON "repair_bookings" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "repair_bookings_email_idx" ON "repair_bookings" USING btree (lower("customer_email"));