-- Pair keys (issue 18, docs/decisions/026): a key a user asked for to add a device to one of their
-- places, live for the 3-minute window, kept as a SHA-256 salted with the device id. `used_at`: the
-- device's claim carrying it transferred the device; `configured_at`: the user then named and placed
-- it (post-config). `owner_key_hash`: set by change-owner for a device another user owns.
CREATE TABLE "pair_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key_hash" text NOT NULL,
	"user_id" uuid NOT NULL,
	"place_id" uuid,
	"device_id" uuid NOT NULL,
	"format" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"owner_key_hash" text,
	"configured_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pair_keys" ADD CONSTRAINT "pair_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pair_keys" ADD CONSTRAINT "pair_keys_place_id_assets_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."assets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pair_keys" ADD CONSTRAINT "pair_keys_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pair_keys_device_idx" ON "pair_keys" USING btree ("device_id","key_hash");--> statement-breakpoint
CREATE INDEX "pair_keys_user_idx" ON "pair_keys" USING btree ("user_id","device_id");
