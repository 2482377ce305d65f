-- The voice assistant (issue 23, decision 047): a user's voice commands, each tied to an automation
-- or to values for a device, and their recordings (a command's samples, or the user's upload cache
-- while command_id is null). Deleted with the user, the automation or the device; recordings with
-- their command.
CREATE TABLE "voice_commands" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"sequence" text NOT NULL,
	"target_type" text NOT NULL,
	"automation_id" uuid,
	"device_id" uuid,
	"values" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "voice_commands_user_sequence" UNIQUE("user_id","sequence")
);
--> statement-breakpoint
CREATE TABLE "voice_recordings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"command_id" uuid,
	"duration_ms" integer NOT NULL,
	"data" bytea NOT NULL,
	"features" bytea NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "voice_commands" ADD CONSTRAINT "voice_commands_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_commands" ADD CONSTRAINT "voice_commands_automation_id_automations_id_fk" FOREIGN KEY ("automation_id") REFERENCES "public"."automations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_commands" ADD CONSTRAINT "voice_commands_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_recordings" ADD CONSTRAINT "voice_recordings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_recordings" ADD CONSTRAINT "voice_recordings_command_id_voice_commands_id_fk" FOREIGN KEY ("command_id") REFERENCES "public"."voice_commands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "voice_commands_device_idx" ON "voice_commands" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "voice_commands_automation_idx" ON "voice_commands" USING btree ("automation_id");--> statement-breakpoint
CREATE INDEX "voice_recordings_user_idx" ON "voice_recordings" USING btree ("user_id","command_id");
