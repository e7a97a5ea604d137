CREATE TABLE "backup_runs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "backup_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"trigger" text NOT NULL,
	"name" text,
	"bytes" bigint,
	"duration_ms" integer NOT NULL,
	"tables" integer,
	"rows" bigint,
	"error" text,
	"host" text NOT NULL,
	CONSTRAINT "backup_runs_status_check" CHECK ("backup_runs"."status" in ('succeeded', 'failed')),
	CONSTRAINT "backup_runs_trigger_check" CHECK ("backup_runs"."trigger" in ('schedule', 'command'))
);
--> statement-breakpoint
CREATE INDEX "backup_runs_started_idx" ON "backup_runs" USING btree ("started_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "backup_runs_succeeded_idx" ON "backup_runs" USING btree ("status","started_at" DESC NULLS LAST);