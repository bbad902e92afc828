CREATE TABLE "waiting_list_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"line" bigserial NOT NULL,
	"appointment_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"state" text DEFAULT 'waiting' NOT NULL,
	"locale" text NOT NULL,
	"signup_id" uuid,
	"offered_at" timestamp with time zone,
	"offer_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "waiting_list" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "offer_hours" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "waiting_list_entries" ADD CONSTRAINT "waiting_list_entries_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_list_entries" ADD CONSTRAINT "waiting_list_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_list_entries" ADD CONSTRAINT "waiting_list_entries_signup_id_signups_id_fk" FOREIGN KEY ("signup_id") REFERENCES "public"."signups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "waiting_list_one_per_person_key" ON "waiting_list_entries" USING btree ("appointment_id","user_id") WHERE "waiting_list_entries"."state" in ('waiting', 'offered');--> statement-breakpoint
CREATE INDEX "waiting_list_line_idx" ON "waiting_list_entries" USING btree ("appointment_id","line") WHERE "waiting_list_entries"."state" = 'waiting';--> statement-breakpoint
CREATE INDEX "waiting_list_user_idx" ON "waiting_list_entries" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "waiting_list_signup_idx" ON "waiting_list_entries" USING btree ("signup_id") WHERE "waiting_list_entries"."signup_id" is not null;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_offer_hours_check" CHECK ("events"."offer_hours" between 1 and 168);