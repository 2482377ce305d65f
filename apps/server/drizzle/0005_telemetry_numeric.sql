ALTER TABLE "ts_kv" ADD COLUMN "num" double precision;--> statement-breakpoint
UPDATE "ts_kv" SET "num" = CASE jsonb_typeof("value") WHEN 'number' THEN ("value")::text::float8 WHEN 'boolean' THEN CASE WHEN "value" = 'true'::jsonb THEN 1 ELSE 0 END END;
