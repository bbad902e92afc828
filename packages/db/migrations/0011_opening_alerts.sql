CREATE TABLE "opening_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"appointment_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"notified_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "opening_alerts" ADD CONSTRAINT "opening_alerts_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opening_alerts" ADD CONSTRAINT "opening_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "opening_alerts_one_per_person_key" ON "opening_alerts" USING btree ("appointment_id","user_id");--> statement-breakpoint
CREATE INDEX "opening_alerts_user_idx" ON "opening_alerts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "opening_alerts_pending_idx" ON "opening_alerts" USING btree ("appointment_id") WHERE "opening_alerts"."notified_at" is null;