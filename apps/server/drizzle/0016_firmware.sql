-- Firmware over the air (issue 20; decision "firmware over the air"): a package per device model and version, as
-- ThingsBoard's OTA packages: title, version, size in bytes, SHA-256 in hex, and the bytes. The
-- device learns of it through its fw_* shared attributes and fetches it in chunks over MQTT.
CREATE TABLE "firmware_packages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"profile_id" text NOT NULL,
	"title" text NOT NULL,
	"version" text NOT NULL,
	"size" integer NOT NULL,
	"checksum" text NOT NULL,
	"data" bytea NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "firmware_packages_profile_version_key" UNIQUE("profile_id","version")
);
--> statement-breakpoint
CREATE INDEX "firmware_packages_profile_idx" ON "firmware_packages" USING btree ("profile_id");
