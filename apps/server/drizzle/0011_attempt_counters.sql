-- Guess and send limits (docs/decisions/017): one row per limited key and window. A request takes its
-- attempt with one INSERT ... ON CONFLICT DO UPDATE ... RETURNING before it does the work, so parallel
-- requests, also on several server instances, each count.
CREATE TABLE "attempt_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "attempt_counters_reset_idx" ON "attempt_counters" USING btree ("reset_at");
