ALTER TABLE "order_status_history" ADD COLUMN "kind" text DEFAULT 'status' NOT NULL;--> statement-breakpoint
ALTER TABLE "trade_ins" ADD COLUMN "decline_reason" text;--> statement-breakpoint
CREATE INDEX "repair_bookings_status_idx" ON "repair_bookings" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "repair_bookings_email_idx" ON "repair_bookings" USING btree (lower("customer_email"));--> statement-breakpoint
ALTER TABLE "order_status_history" ADD CONSTRAINT "order_status_history_kind_check" CHECK ("order_status_history"."kind" in ('status', 'tracking'));--> statement-breakpoint
-- Update Tracking wrote its changes as status entries, named by their note.
UPDATE "order_status_history" SET "kind" = 'tracking' WHERE "note" LIKE 'Tracking: %';--> statement-breakpoint
-- in_stock becomes the admin's On/Off sale switch (decision 048): until now it only mirrored quantity > 0.
UPDATE "devices" SET "in_stock" = true;
