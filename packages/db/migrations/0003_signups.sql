CREATE TABLE "certificates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"signup_id" uuid,
	"media_type" text NOT NULL,
	"file_name" text NOT NULL,
	"size" integer NOT NULL,
	"content" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "certificates_size_check" CHECK ("certificates"."size" > 0)
);
--> statement-breakpoint
CREATE TABLE "participants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"signup_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"given_name" text NOT NULL,
	"family_name" text NOT NULL,
	"birth_date" date,
	"gender" text,
	"email" text,
	"phone" text,
	"nationality" text,
	"club" text,
	"federation_card" text,
	"tshirt_size" text,
	"emergency_contact_name" text,
	"emergency_contact_phone" text,
	"certificate_id" uuid,
	"certificate_expires_on" date,
	"consents_accepted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "room_nights" (
	"room_type_id" uuid NOT NULL,
	"night" date NOT NULL,
	"rooms" integer NOT NULL,
	"rooms_taken" integer NOT NULL,
	CONSTRAINT "room_nights_room_type_id_night_pk" PRIMARY KEY("room_type_id","night"),
	CONSTRAINT "room_nights_capacity_check" CHECK ("room_nights"."rooms_taken" >= 0 and "room_nights"."rooms_taken" <= "room_nights"."rooms")
);
--> statement-breakpoint
CREATE TABLE "signup_audit" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"signup_id" uuid NOT NULL,
	"action" text NOT NULL,
	"actor_kind" text NOT NULL,
	"actor_user_id" uuid,
	"from_state" text,
	"to_state" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"event_id" uuid NOT NULL,
	"appointment_id" uuid NOT NULL,
	"state" text NOT NULL,
	"places" integer NOT NULL,
	"hold_expires_at" timestamp with time zone NOT NULL,
	"payment_due_at" timestamp with time zone,
	"locale" text NOT NULL,
	"payment_method" text,
	"terms_accepted_at" timestamp with time zone,
	"stays_chosen" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "signups_places_check" CHECK ("signups"."places" between 1 and 50)
);
--> statement-breakpoint
CREATE TABLE "stay_bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"signup_id" uuid NOT NULL,
	"room_type_id" uuid NOT NULL,
	"check_in" date NOT NULL,
	"check_out" date NOT NULL,
	"rooms" integer NOT NULL,
	"guests" integer NOT NULL,
	CONSTRAINT "stay_bookings_dates_check" CHECK ("stay_bookings"."check_out" > "stay_bookings"."check_in"),
	CONSTRAINT "stay_bookings_rooms_check" CHECK ("stay_bookings"."rooms" between 1 and 20 and "stay_bookings"."guests" >= 1)
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "payment_term_days" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "cancellation_days_before" integer;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "tshirt_sizes" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_signup_id_signups_id_fk" FOREIGN KEY ("signup_id") REFERENCES "public"."signups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participants" ADD CONSTRAINT "participants_signup_id_signups_id_fk" FOREIGN KEY ("signup_id") REFERENCES "public"."signups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participants" ADD CONSTRAINT "participants_certificate_id_certificates_id_fk" FOREIGN KEY ("certificate_id") REFERENCES "public"."certificates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_nights" ADD CONSTRAINT "room_nights_room_type_id_room_types_id_fk" FOREIGN KEY ("room_type_id") REFERENCES "public"."room_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signup_audit" ADD CONSTRAINT "signup_audit_signup_id_signups_id_fk" FOREIGN KEY ("signup_id") REFERENCES "public"."signups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signups" ADD CONSTRAINT "signups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signups" ADD CONSTRAINT "signups_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signups" ADD CONSTRAINT "signups_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stay_bookings" ADD CONSTRAINT "stay_bookings_signup_id_signups_id_fk" FOREIGN KEY ("signup_id") REFERENCES "public"."signups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stay_bookings" ADD CONSTRAINT "stay_bookings_room_type_id_room_types_id_fk" FOREIGN KEY ("room_type_id") REFERENCES "public"."room_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "certificates_signup_idx" ON "certificates" USING btree ("signup_id");--> statement-breakpoint
CREATE UNIQUE INDEX "participants_signup_position_key" ON "participants" USING btree ("signup_id","position");--> statement-breakpoint
CREATE INDEX "signup_audit_signup_idx" ON "signup_audit" USING btree ("signup_id","id");--> statement-breakpoint
CREATE INDEX "signups_user_idx" ON "signups" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "signups_appointment_idx" ON "signups" USING btree ("appointment_id","state");--> statement-breakpoint
CREATE UNIQUE INDEX "signups_one_hold_key" ON "signups" USING btree ("user_id","appointment_id") WHERE "signups"."state" = 'held';--> statement-breakpoint
CREATE INDEX "signups_hold_lapse_idx" ON "signups" USING btree ("hold_expires_at") WHERE "signups"."state" = 'held';--> statement-breakpoint
CREATE INDEX "signups_payment_lapse_idx" ON "signups" USING btree ("payment_due_at") WHERE "signups"."state" = 'awaiting-payment';--> statement-breakpoint
CREATE INDEX "stay_bookings_signup_idx" ON "stay_bookings" USING btree ("signup_id");--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_payment_term_check" CHECK ("events"."payment_term_days" between 1 and 60);