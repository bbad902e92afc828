ALTER TABLE "appointments" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "certificate_later" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "certificate_reminder_days" jsonb DEFAULT '[14,7,2]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "participants" ADD COLUMN "certificate_reminded_days" integer;--> statement-breakpoint
CREATE INDEX "signups_appointment_created_idx" ON "signups" USING btree ("appointment_id","created_at","id");--> statement-breakpoint
CREATE INDEX "signups_event_created_idx" ON "signups" USING btree ("event_id","created_at","id");