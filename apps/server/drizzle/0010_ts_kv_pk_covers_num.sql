-- The primary key's index also carries num: aggregates over a range (charts, reports) read the
-- index alone (an index-only scan) wherever a vacuum has marked the table's pages all-visible,
-- instead of visiting a heap row for every sample (docs/decisions/015). Partitions take the new
-- index from the parent.
ALTER TABLE "ts_kv" DROP CONSTRAINT "ts_kv_device_id_key_ts_pk";--> statement-breakpoint
ALTER TABLE "ts_kv" ADD CONSTRAINT "ts_kv_device_id_key_ts_pk" PRIMARY KEY ("device_id","key","ts") INCLUDE ("num");
