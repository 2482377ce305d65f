-- Device records made by the operator (npm run devices) and by ThingsBoard provisioning
-- (docs/decisions/020). A device may have no owner until someone claims it: such a device is
-- visible to nobody. Its AP MAC, upper-case colon form, is unique when set; `provisioned_at` marks
-- a device that has answered a provisioning request, so a second request for it is refused.
ALTER TABLE "devices" ALTER COLUMN "owner_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "mac" text;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "provisioned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_mac_unique" UNIQUE("mac");--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_mac_form" CHECK ("devices"."mac" ~ '^([0-9A-F]{2}:){5}[0-9A-F]{2}$');--> statement-breakpoint
-- One provisioning key and secret per catalogue model, made on first request and never changed.
CREATE TABLE "provisioning_keys" (
	"profile_id" text PRIMARY KEY NOT NULL,
	"provision_key" text NOT NULL,
	"provision_secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provisioning_keys_provision_key_unique" UNIQUE("provision_key")
);
--> statement-breakpoint
-- A device's open claim (v1/devices/me/claim): its secret key as a SHA-256 hash, good until expires_at.
-- A newer claim message replaces the older one; a successful claim deletes it.
CREATE TABLE "device_claims" (
	"device_id" uuid PRIMARY KEY NOT NULL,
	"secret_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "device_claims" ADD CONSTRAINT "device_claims_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;
