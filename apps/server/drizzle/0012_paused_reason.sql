-- Why an automation, scenario, schedule, timer or data exchange stopped running: its owner no
-- longer has the access to a device that it needs (the share was revoked, expired or scoped down to
-- view). JSON {code: 'no_access' | 'view_only', deviceId}; null while it may run
-- (docs/decisions/018).
ALTER TABLE "automations" ADD COLUMN "paused_reason" jsonb;--> statement-breakpoint
ALTER TABLE "schedules" ADD COLUMN "paused_reason" jsonb;--> statement-breakpoint
ALTER TABLE "data_exchanges" ADD COLUMN "paused_reason" jsonb;
