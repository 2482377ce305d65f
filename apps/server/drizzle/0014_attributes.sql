-- Device attributes, kept apart from telemetry as ThingsBoard keeps them (docs/decisions/019):
-- client (reported by the device), shared (set by users, pushed to the device) and server (set by
-- users, never seen by the device). One row per device, scope and key; no history.
CREATE TABLE "attribute_kv" (
	"device_id" uuid NOT NULL,
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"value" jsonb NOT NULL,
	"last_update_ts" bigint NOT NULL,
	CONSTRAINT "attribute_kv_device_id_scope_key_pk" PRIMARY KEY("device_id","scope","key"),
	CONSTRAINT "attribute_kv_scope_check" CHECK ("scope" in ('client', 'shared', 'server'))
);
--> statement-breakpoint
ALTER TABLE "attribute_kv" ADD CONSTRAINT "attribute_kv_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;
