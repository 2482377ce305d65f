CREATE TABLE "key_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"device_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"key_index" integer NOT NULL,
	"press_type" text NOT NULL,
	"action_type" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"scenario_id" uuid,
	"target_device_id" uuid,
	"key" text,
	"value" jsonb,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "key_labels" (
	"device_id" uuid NOT NULL,
	"key" text NOT NULL,
	"title" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "key_labels_device_id_key_pk" PRIMARY KEY("device_id","key")
);
--> statement-breakpoint
ALTER TABLE "key_actions" ADD CONSTRAINT "key_actions_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "key_actions" ADD CONSTRAINT "key_actions_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "key_actions" ADD CONSTRAINT "key_actions_scenario_id_automations_id_fk" FOREIGN KEY ("scenario_id") REFERENCES "public"."automations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "key_actions" ADD CONSTRAINT "key_actions_target_device_id_devices_id_fk" FOREIGN KEY ("target_device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "key_labels" ADD CONSTRAINT "key_labels_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "key_actions_device_idx" ON "key_actions" USING btree ("device_id","position");