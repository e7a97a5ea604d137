CREATE TABLE "return_images" (
	"request_id" uuid NOT NULL,
	"stage" text NOT NULL,
	"position" integer NOT NULL,
	"image_id" uuid NOT NULL,
	CONSTRAINT "return_images_request_id_stage_position_pk" PRIMARY KEY("request_id","stage","position"),
	CONSTRAINT "return_images_stage_check" CHECK ("return_images"."stage" in ('request', 'inspection'))
);
--> statement-breakpoint
CREATE TABLE "return_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"return_number" text NOT NULL,
	"kind" text NOT NULL,
	"order_id" uuid,
	"order_number" text,
	"repair_booking_id" uuid,
	"repair_number" text,
	"customer_id" uuid,
	"customer_name" text NOT NULL,
	"customer_email" text NOT NULL,
	"customer_phone" text DEFAULT '' NOT NULL,
	"reason" text NOT NULL,
	"description" text NOT NULL,
	"pickup_address" text NOT NULL,
	"pickup_date" date NOT NULL,
	"pickup_time" text NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"agent_id" uuid,
	"decline_reason" text,
	"condition_found" text,
	"inspection_notes" text,
	"sellable" boolean,
	"inspected_at" timestamp with time zone,
	"stock_outcome" text,
	"refund_id" uuid,
	"refund_amount" integer,
	"repair_job_number" text,
	"replacement_order_number" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "return_requests_return_number_unique" UNIQUE("return_number"),
	CONSTRAINT "return_requests_kind_check" CHECK ("return_requests"."kind" in ('return', 'warranty', 'repair_warranty')),
	CONSTRAINT "return_requests_status_check" CHECK ("return_requests"."status" in ('requested', 'approved', 'declined', 'collection_scheduled', 'collected', 'inspected', 'refunded', 'repaired', 'replaced', 'returned_to_customer', 'cancelled')),
	CONSTRAINT "return_requests_stock_outcome_check" CHECK ("return_requests"."stock_outcome" in ('restocked', 'written_off')),
	CONSTRAINT "return_requests_refund_amount_check" CHECK ("return_requests"."refund_amount" >= 0),
	CONSTRAINT "return_requests_source_check" CHECK (("return_requests"."kind" = 'repair_warranty') = ("return_requests"."repair_booking_id" is not null and "return_requests"."order_id" is null))
);
--> statement-breakpoint
CREATE TABLE "return_status_history" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "return_status_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"request_id" uuid NOT NULL,
	"status" text NOT NULL,
	"description" text NOT NULL,
	"actor_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "return_status_history_status_check" CHECK ("return_status_history"."status" in ('requested', 'approved', 'declined', 'collection_scheduled', 'collected', 'inspected', 'refunded', 'repaired', 'replaced', 'returned_to_customer', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "return_units" (
	"request_id" uuid NOT NULL,
	"order_item_id" uuid NOT NULL,
	"device_id" uuid NOT NULL,
	"name" text NOT NULL,
	"price" integer NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "return_units_request_id_order_item_id_pk" PRIMARY KEY("request_id","order_item_id"),
	CONSTRAINT "return_units_quantity_check" CHECK ("return_units"."quantity" > 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "replacement_of" text;--> statement-breakpoint
ALTER TABLE "repair_bookings" ADD COLUMN "warranty_of" text;--> statement-breakpoint
ALTER TABLE "return_images" ADD CONSTRAINT "return_images_request_id_return_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."return_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_images" ADD CONSTRAINT "return_images_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_requests" ADD CONSTRAINT "return_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_requests" ADD CONSTRAINT "return_requests_repair_booking_id_repair_bookings_id_fk" FOREIGN KEY ("repair_booking_id") REFERENCES "public"."repair_bookings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_requests" ADD CONSTRAINT "return_requests_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_requests" ADD CONSTRAINT "return_requests_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_requests" ADD CONSTRAINT "return_requests_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_status_history" ADD CONSTRAINT "return_status_history_request_id_return_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."return_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_status_history" ADD CONSTRAINT "return_status_history_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_units" ADD CONSTRAINT "return_units_request_id_return_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."return_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_units" ADD CONSTRAINT "return_units_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "return_images_image_idx" ON "return_images" USING btree ("image_id");--> statement-breakpoint
CREATE INDEX "return_requests_created_idx" ON "return_requests" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "return_requests_status_idx" ON "return_requests" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "return_requests_order_idx" ON "return_requests" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "return_requests_customer_idx" ON "return_requests" USING btree ("customer_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "return_requests_agent_idx" ON "return_requests" USING btree ("agent_id","pickup_date");--> statement-breakpoint
CREATE INDEX "return_requests_email_idx" ON "return_requests" USING btree (lower("customer_email"));--> statement-breakpoint
CREATE UNIQUE INDEX "return_requests_open_repair_idx" ON "return_requests" USING btree ("repair_booking_id") WHERE "return_requests"."status" in ('requested', 'approved', 'collection_scheduled', 'collected', 'inspected');--> statement-breakpoint
CREATE INDEX "return_status_history_request_idx" ON "return_status_history" USING btree ("request_id","created_at");--> statement-breakpoint
CREATE INDEX "return_units_item_idx" ON "return_units" USING btree ("order_item_id");