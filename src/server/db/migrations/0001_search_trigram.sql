-- Substring search on the buy listing (spec 000 section 5) stays fast on a large catalog.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "devices_name_trgm_idx" ON "devices" USING gin (lower("name") gin_trgm_ops) WHERE "deleted_at" IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "devices_brand_trgm_idx" ON "devices" USING gin (lower("brand") gin_trgm_ops) WHERE "deleted_at" IS NULL;
