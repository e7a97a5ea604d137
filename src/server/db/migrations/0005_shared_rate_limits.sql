-- UNLOGGED by hand (drizzle-kit cannot say it): rate-limit counters need no crash safety (docs/decisions/059).
CREATE UNLOGGED TABLE "rate_limit_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"resets_at" timestamp with time zone NOT NULL
);
