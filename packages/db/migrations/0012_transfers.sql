CREATE TABLE "transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"signup_id" uuid NOT NULL,
	"participant_id" uuid NOT NULL,
	"from_given_name" text NOT NULL,
	"from_family_name" text NOT NULL,
	"from_email" text,
	"to_given_name" text NOT NULL,
	"to_family_name" text NOT NULL,
	"to_email" text,
	"actor_kind" text NOT NULL,
	"actor_user_id" uuid,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "transfer_days_before" integer;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_signup_id_signups_id_fk" FOREIGN KEY ("signup_id") REFERENCES "public"."signups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_participant_id_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."participants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transfers_signup_idx" ON "transfers" USING btree ("signup_id","at");--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_transfer_days_check" CHECK ("events"."transfer_days_before" is null or "events"."transfer_days_before" between 0 and 365);