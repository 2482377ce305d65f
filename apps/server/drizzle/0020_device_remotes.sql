-- The remotes on users' IR blasters (issue 23, decision 043): a catalogue remote by its number, or
-- a custom remote with its buttons (protocol, address, command per named button). Deleted with the device.
CREATE TABLE "device_remotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"device_id" uuid NOT NULL,
	"catalogue_remote_id" integer,
	"name" text NOT NULL,
	"category_id" integer,
	"buttons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "device_remotes" ADD CONSTRAINT "device_remotes_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_remotes_device_idx" ON "device_remotes" USING btree ("device_id");
