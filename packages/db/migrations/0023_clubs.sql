CREATE TABLE "club_athletes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"club_id" uuid NOT NULL,
	"given_name" text NOT NULL,
	"family_name" text NOT NULL,
	"birth_date" date,
	"gender" text,
	"email" text,
	"phone" text,
	"nationality" text,
	"federation_card" text,
	"tshirt_size" text,
	"emergency_contact_name" text,
	"emergency_contact_phone" text,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "club_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"club_id" uuid NOT NULL,
	"appointment_id" uuid NOT NULL,
	"created_by" uuid,
	"state" text DEFAULT 'preview' NOT NULL,
	"source" text NOT NULL,
	"rows" jsonb NOT NULL,
	"signup_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"held_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "club_manager_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"club_id" uuid NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "club_managers" (
	"club_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	"added_by" uuid,
	CONSTRAINT "club_managers_pkey" PRIMARY KEY("club_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "clubs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"federation" text,
	"code" text,
	"contact_email" text NOT NULL,
	"contact_phone" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "signups" DROP CONSTRAINT "signups_places_check";--> statement-breakpoint
DROP INDEX "signups_one_hold_key";--> statement-breakpoint
ALTER TABLE "participants" ALTER COLUMN "consents_accepted_at" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "participants" ADD COLUMN "club_athlete_id" uuid;--> statement-breakpoint
ALTER TABLE "participants" ADD COLUMN "athlete_link_hash" text;--> statement-breakpoint
ALTER TABLE "participants" ADD COLUMN "athlete_link_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "participants" ADD COLUMN "athlete_completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "participants" ADD COLUMN "athlete_reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "signups" ADD COLUMN "club_id" uuid;--> statement-breakpoint
ALTER TABLE "club_athletes" ADD CONSTRAINT "club_athletes_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_athletes" ADD CONSTRAINT "club_athletes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_entries" ADD CONSTRAINT "club_entries_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_entries" ADD CONSTRAINT "club_entries_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_entries" ADD CONSTRAINT "club_entries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_entries" ADD CONSTRAINT "club_entries_signup_id_signups_id_fk" FOREIGN KEY ("signup_id") REFERENCES "public"."signups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_manager_invitations" ADD CONSTRAINT "club_manager_invitations_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_managers" ADD CONSTRAINT "club_managers_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_managers" ADD CONSTRAINT "club_managers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clubs" ADD CONSTRAINT "clubs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "club_athletes_name_idx" ON "club_athletes" USING btree ("club_id",lower("family_name"),lower("given_name"),"id");--> statement-breakpoint
CREATE INDEX "club_entries_club_idx" ON "club_entries" USING btree ("club_id","created_at");--> statement-breakpoint
CREATE INDEX "club_entries_appointment_idx" ON "club_entries" USING btree ("appointment_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "club_manager_invitations_token_key" ON "club_manager_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "club_manager_invitations_club_idx" ON "club_manager_invitations" USING btree ("club_id","created_at");--> statement-breakpoint
CREATE INDEX "club_managers_user_idx" ON "club_managers" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "participants" ADD CONSTRAINT "participants_club_athlete_id_club_athletes_id_fk" FOREIGN KEY ("club_athlete_id") REFERENCES "public"."club_athletes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signups" ADD CONSTRAINT "signups_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "participants_athlete_link_key" ON "participants" USING btree ("athlete_link_hash");--> statement-breakpoint
CREATE INDEX "signups_club_idx" ON "signups" USING btree ("club_id","created_at") WHERE "signups"."club_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "signups_one_hold_key" ON "signups" USING btree ("user_id","appointment_id") WHERE "signups"."state" = 'held' and "signups"."club_id" is null;--> statement-breakpoint
ALTER TABLE "signups" ADD CONSTRAINT "signups_places_check" CHECK ("signups"."places" between 1 and 50 or ("signups"."club_id" is not null and "signups"."places" between 1 and 500));