CREATE TABLE "order_status_history" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_status_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" uuid NOT NULL,
	"status" text NOT NULL,
	"note" text,
	"actor_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_status_history_status_check" CHECK ("order_status_history"."status" in ('pending', 'processing', 'shipped', 'delivered', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"provider" text NOT NULL,
	"event" text NOT NULL,
	"reference" text NOT NULL,
	"provider_event_id" text,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_events_provider_event_id_unique" UNIQUE("provider_event_id"),
	CONSTRAINT "payment_events_provider_check" CHECK ("payment_events"."provider" in ('sandbox', 'paystack'))
);
--> statement-breakpoint
CREATE TABLE "repair_pickup_slots" (
	"pickup_date" date NOT NULL,
	"pickup_time" text NOT NULL,
	"booked" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "repair_pickup_slots_pickup_date_pickup_time_pk" PRIMARY KEY("pickup_date","pickup_time"),
	CONSTRAINT "repair_pickup_slots_booked_check" CHECK ("repair_pickup_slots"."booked" >= 0)
);
--> statement-breakpoint
CREATE TABLE "repair_status_history" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "repair_status_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"booking_id" uuid NOT NULL,
	"status" text NOT NULL,
	"description" text NOT NULL,
	"actor_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "repair_status_history_status_check" CHECK ("repair_status_history"."status" in ('booked', 'picked_up', 'in_repair', 'ready', 'returned', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "trade_in_payouts" (
	"trade_in_id" uuid PRIMARY KEY NOT NULL,
	"account_holder" text NOT NULL,
	"bank_name" text NOT NULL,
	"account_number" text NOT NULL,
	"branch_code" text NOT NULL,
	"payout_reference" text,
	"paid_at" timestamp with time zone,
	"paid_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trade_in_quotes" (
	"device_type" text NOT NULL,
	"brand" text NOT NULL,
	"storage" text NOT NULL,
	"condition" text NOT NULL,
	"amount" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trade_in_quotes_device_type_brand_storage_condition_pk" PRIMARY KEY("device_type","brand","storage","condition"),
	CONSTRAINT "trade_in_quotes_device_type_check" CHECK ("trade_in_quotes"."device_type" in ('phone', 'laptop', 'tablet', 'tv')),
	CONSTRAINT "trade_in_quotes_amount_check" CHECK ("trade_in_quotes"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "repair_bookings" DROP CONSTRAINT "repair_bookings_status_check";--> statement-breakpoint
DROP INDEX "repair_bookings_agent_idx";--> statement-breakpoint
DROP INDEX "trade_ins_status_idx";--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "before" jsonb;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "after" jsonb;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "ip" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "client_address" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cart_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "courier" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_number" text;--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "contains_secret" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "entity_type" text;--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "entity_id" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "failure_message" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "trade_in_status_history" ADD COLUMN "actor_id" uuid;--> statement-breakpoint
ALTER TABLE "trade_ins" ADD COLUMN "imei" text;--> statement-breakpoint
ALTER TABLE "trade_ins" ADD COLUMN "access_token_hash" text;--> statement-breakpoint
ALTER TABLE "order_status_history" ADD CONSTRAINT "order_status_history_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_status_history" ADD CONSTRAINT "order_status_history_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repair_status_history" ADD CONSTRAINT "repair_status_history_booking_id_repair_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."repair_bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repair_status_history" ADD CONSTRAINT "repair_status_history_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_in_payouts" ADD CONSTRAINT "trade_in_payouts_trade_in_id_trade_ins_id_fk" FOREIGN KEY ("trade_in_id") REFERENCES "public"."trade_ins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_in_payouts" ADD CONSTRAINT "trade_in_payouts_paid_by_users_id_fk" FOREIGN KEY ("paid_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_status_history_order_idx" ON "order_status_history" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_events_reference_idx" ON "payment_events" USING btree ("reference","created_at");--> statement-breakpoint
CREATE INDEX "repair_status_history_booking_idx" ON "repair_status_history" USING btree ("booking_id","created_at");--> statement-breakpoint
ALTER TABLE "trade_in_status_history" ADD CONSTRAINT "trade_in_status_history_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_held_by_address_idx" ON "orders" USING btree ("client_address") WHERE "orders"."payment_status" = 'awaiting_payment';--> statement-breakpoint
CREATE INDEX "orders_held_by_cart_idx" ON "orders" USING btree ("cart_id") WHERE "orders"."payment_status" = 'awaiting_payment';--> statement-breakpoint
CREATE INDEX "orders_email_idx" ON "orders" USING btree (lower("customer_email"));--> statement-breakpoint
CREATE INDEX "outbox_entity_idx" ON "outbox_emails" USING btree ("entity_type","entity_id");--> statement-breakpoint
CREATE INDEX "outbox_status_created_idx" ON "outbox_emails" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_provider_reference_unique" ON "refunds" USING btree ("provider_reference") WHERE "refunds"."provider_reference" is not null;--> statement-breakpoint
CREATE INDEX "repair_bookings_customer_idx" ON "repair_bookings" USING btree ("customer_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "repair_bookings_slot_idx" ON "repair_bookings" USING btree ("pickup_date","pickup_time");--> statement-breakpoint
CREATE INDEX "trade_ins_customer_idx" ON "trade_ins" USING btree ("customer_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "trade_ins_email_idx" ON "trade_ins" USING btree (lower("customer_email"));--> statement-breakpoint
CREATE INDEX "repair_bookings_agent_idx" ON "repair_bookings" USING btree ("agent_id","pickup_date");--> statement-breakpoint
CREATE INDEX "trade_ins_status_idx" ON "trade_ins" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "repair_bookings" ADD CONSTRAINT "repair_bookings_status_check" CHECK ("repair_bookings"."status" in ('booked', 'picked_up', 'in_repair', 'ready', 'returned', 'cancelled'));--> statement-breakpoint
-- The audit log is append-only: nothing in the app (or a mistaken query) can edit or delete an entry.
CREATE OR REPLACE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only';
END;
$$;--> statement-breakpoint
CREATE TRIGGER audit_log_no_update_or_delete BEFORE UPDATE OR DELETE ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
