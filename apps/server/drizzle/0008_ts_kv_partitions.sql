-- ts_kv becomes a table partitioned by range of ts (milliseconds). Monthly partitions are created
-- ahead, and rows that arrived in the default partition moved out, by the retention job
-- (src/jobs/retention.ts, docs/decisions/013); the default partition takes anything else, so no
-- insert ever fails. Existing rows move into the default partition here and out of it on the job's
-- first pass.
ALTER TABLE "ts_kv" RENAME TO "ts_kv_unpartitioned";--> statement-breakpoint
ALTER TABLE "ts_kv_unpartitioned" RENAME CONSTRAINT "ts_kv_device_id_key_ts_pk" TO "ts_kv_unpartitioned_pk";--> statement-breakpoint
CREATE TABLE "ts_kv" (
	"device_id" uuid NOT NULL,
	"key" text NOT NULL,
	"ts" bigint NOT NULL,
	"value" jsonb NOT NULL,
	"num" double precision,
	CONSTRAINT "ts_kv_device_id_key_ts_pk" PRIMARY KEY("device_id","key","ts")
) PARTITION BY RANGE ("ts");--> statement-breakpoint
CREATE TABLE "ts_kv_default" PARTITION OF "ts_kv" DEFAULT;--> statement-breakpoint
INSERT INTO "ts_kv" ("device_id", "key", "ts", "value", "num")
	SELECT "device_id", "key", "ts", "value", "num" FROM "ts_kv_unpartitioned";--> statement-breakpoint
DROP TABLE "ts_kv_unpartitioned";
