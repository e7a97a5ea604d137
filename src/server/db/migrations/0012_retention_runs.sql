CREATE TABLE "retention_runs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "retention_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"ran_at" timestamp with time zone NOT NULL,
	"counts" jsonb NOT NULL,
	"host" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "retention_runs_ran_idx" ON "retention_runs" USING btree ("ran_at" DESC NULLS LAST);