-- Shopper search (docs/decisions/071): each device's words in a tsvector kept by the database, a GIN index
-- over it, and the vocabulary of words a typo is matched against, kept in step by triggers so that every
-- writer (the admin's form, the seed, a row written by hand) is searched the same.
-- The words of a text as the search reads them; src/shared/search.ts searchWords() reads a query the same way:
-- lower case, split on anything but a-z and 0-9, a number followed by a unit joined to it ("256 GB" is "256gb").
CREATE OR REPLACE FUNCTION quickbuy_search_words(input text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN regexp_replace(
    regexp_replace(lower(coalesce(input, '')), '[^a-z0-9]+', ' ', 'g'),
    '([0-9]) (gb|tb|mb)(?= |$)', '\1\2', 'g');
--> statement-breakpoint
-- Weights rank a match: A the model (the name is brand and model), B brand and type, C the rest a shopper
-- names a device by (storage, memory, condition, screen size).
ALTER TABLE "devices" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('simple'::regconfig, quickbuy_search_words("model")), 'A') ||
  setweight(to_tsvector('simple'::regconfig, quickbuy_search_words("brand" || ' ' || "type")), 'B') ||
  setweight(to_tsvector('simple'::regconfig, quickbuy_search_words(
    "storage" || ' ' || coalesce("ram", '') || ' ' || "condition" || ' ' || coalesce("display_size", ''))), 'C')
) STORED;
--> statement-breakpoint
CREATE INDEX "devices_search_idx" ON "devices" USING gin ("search_vector") WHERE "deleted_at" IS NULL;
--> statement-breakpoint
INSERT INTO "search_terms" ("term")
  SELECT DISTINCT words.lexeme FROM "devices", unnest("devices"."search_vector") AS words
  ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION quickbuy_search_terms_of_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_terms (term)
    SELECT DISTINCT words.lexeme FROM new_devices, unnest(new_devices.search_vector) AS words
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "devices_search_terms_inserted" AFTER INSERT ON "devices"
  REFERENCING NEW TABLE AS new_devices FOR EACH STATEMENT EXECUTE FUNCTION quickbuy_search_terms_of_inserted();
--> statement-breakpoint
-- Only a change of a searched column: a stock change (every checkout) does not fire it.
CREATE OR REPLACE FUNCTION quickbuy_search_terms_of_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_terms (term)
    SELECT words.lexeme FROM unnest(NEW.search_vector) AS words
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "devices_search_terms_updated"
  AFTER UPDATE OF "model", "brand", "type", "storage", "ram", "condition", "display_size" ON "devices"
  FOR EACH ROW EXECUTE FUNCTION quickbuy_search_terms_of_updated();
