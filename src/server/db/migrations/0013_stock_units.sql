CREATE TABLE "stock_units" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"device_id" uuid NOT NULL,
	"source" text NOT NULL,
	"trade_in_number" text,
	"cost" integer,
	"seller_town" text,
	"bought_at" timestamp with time zone,
	"listed_at" timestamp with time zone NOT NULL,
	"sold_at" timestamp with time zone,
	"order_number" text,
	"written_off_at" timestamp with time zone,
	CONSTRAINT "stock_units_source_check" CHECK ("stock_units"."source" in ('trade-in', 'by-hand')),
	CONSTRAINT "stock_units_cost_check" CHECK ("stock_units"."cost" is null or "stock_units"."cost" >= 0),
	CONSTRAINT "stock_units_trade_in_check" CHECK (("stock_units"."source" = 'trade-in') = ("stock_units"."trade_in_number" is not null and "stock_units"."cost" is not null)),
	CONSTRAINT "stock_units_sold_check" CHECK (("stock_units"."sold_at" is null) = ("stock_units"."order_number" is null))
);
--> statement-breakpoint
ALTER TABLE "trade_in_status_history" DROP CONSTRAINT "trade_in_history_status_check";--> statement-breakpoint
ALTER TABLE "trade_ins" DROP CONSTRAINT "trade_ins_status_check";--> statement-breakpoint
ALTER TABLE "stock_units" ADD CONSTRAINT "stock_units_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_units_trade_in_idx" ON "stock_units" USING btree ("trade_in_number") WHERE "stock_units"."trade_in_number" is not null;--> statement-breakpoint
CREATE INDEX "stock_units_shelf_idx" ON "stock_units" USING btree ("device_id","listed_at") WHERE "stock_units"."sold_at" is null and "stock_units"."written_off_at" is null;--> statement-breakpoint
CREATE INDEX "stock_units_order_idx" ON "stock_units" USING btree ("order_number") WHERE "stock_units"."order_number" is not null;--> statement-breakpoint
CREATE INDEX "stock_units_sold_idx" ON "stock_units" USING btree ("sold_at") WHERE "stock_units"."sold_at" is not null;--> statement-breakpoint
CREATE INDEX "stock_units_listed_idx" ON "stock_units" USING btree ("listed_at");--> statement-breakpoint
ALTER TABLE "trade_in_status_history" ADD CONSTRAINT "trade_in_history_status_check" CHECK ("trade_in_status_history"."status" in ('Awaiting Confirmation', 'Confirmed', 'Assigned to Agent', 'Device Assessed', 'Awaiting Offer', 'Offer Made', 'Awaiting Payment', 'Paid', 'Offer Declined', 'Listed'));--> statement-breakpoint
ALTER TABLE "trade_ins" ADD CONSTRAINT "trade_ins_status_check" CHECK ("trade_ins"."status" in ('Awaiting Confirmation', 'Confirmed', 'Assigned to Agent', 'Device Assessed', 'Awaiting Offer', 'Offer Made', 'Awaiting Payment', 'Paid', 'Offer Declined', 'Listed'));--> statement-breakpoint
-- The stock already listed becomes units added by hand, of no recorded cost: one row per unit left.
INSERT INTO "stock_units" ("device_id", "source", "listed_at")
SELECT d."id", 'by-hand', d."created_at" FROM "devices" d, generate_series(1, d."quantity")
WHERE d."deleted_at" IS NULL AND d."quantity" > 0;
