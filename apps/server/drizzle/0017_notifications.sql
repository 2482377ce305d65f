-- The notification inbox, personalisation and Web Push (issue 20; docs/decisions "notifications and web push").
-- A notification says what it is about (kind), which device (kept when the device goes: set null) and
-- the facts its text is written from (data), so each language writes its own text.
ALTER TABLE "notifications" ADD COLUMN "kind" text DEFAULT 'automation' NOT NULL;
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "device_id" uuid REFERENCES "devices"("id") ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "data" jsonb DEFAULT '{}'::jsonb NOT NULL;
--> statement-breakpoint
-- Personalisation: the kinds of a device's events its owner turned off (no row: all on).
CREATE TABLE "notification_settings" (
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"device_id" uuid NOT NULL REFERENCES "devices"("id") ON DELETE CASCADE,
	"muted" text[] DEFAULT '{}' NOT NULL,
	CONSTRAINT "notification_settings_pk" PRIMARY KEY("user_id","device_id")
);
--> statement-breakpoint
-- Web Push subscriptions: one per user and app install (identifier = the hashed client id).
CREATE TABLE "push_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"identifier" text NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_subscriptions_user_identifier_key" UNIQUE("user_id","identifier")
);
--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" USING btree ("user_id");
