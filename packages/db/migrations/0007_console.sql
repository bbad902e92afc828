CREATE TABLE "audit_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"actor_kind" text NOT NULL,
	"actor_user_id" uuid,
	"action" text NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" text NOT NULL,
	"event_id" uuid,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
CREATE TABLE "bibs" (
	"event_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"participant_id" uuid NOT NULL,
	CONSTRAINT "bibs_event_id_number_pk" PRIMARY KEY("event_id","number"),
	CONSTRAINT "bibs_number_check" CHECK ("bibs"."number" >= 1)
);
--> statement-breakpoint
CREATE TABLE "check_ins" (
	"participant_id" uuid PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"by_user_id" uuid
);
--> statement-breakpoint
CREATE TABLE "cover_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"upload_id" uuid NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"media_type" text NOT NULL,
	"content" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signup_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"signup_id" uuid NOT NULL,
	"author_user_id" uuid,
	"text" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "team_invitations" (
	"email" text PRIMARY KEY NOT NULL,
	"role" text NOT NULL,
	"invited_by" uuid,
	"invited_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "bib_first" integer;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "bib_last" integer;--> statement-breakpoint
ALTER TABLE "outgoing_mails" ADD COLUMN "signup_id" uuid;--> statement-breakpoint
ALTER TABLE "participants" ADD COLUMN "ticket_code" text;--> statement-breakpoint
ALTER TABLE "participants" ADD COLUMN "certificate_review" text;--> statement-breakpoint
ALTER TABLE "participants" ADD COLUMN "certificate_review_reason" text;--> statement-breakpoint
ALTER TABLE "participants" ADD COLUMN "certificate_reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "participants" ADD COLUMN "certificate_reviewed_by" uuid;--> statement-breakpoint
ALTER TABLE "bibs" ADD CONSTRAINT "bibs_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bibs" ADD CONSTRAINT "bibs_participant_id_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."participants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_participant_id_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."participants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cover_images" ADD CONSTRAINT "cover_images_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signup_notes" ADD CONSTRAINT "signup_notes_signup_id_signups_id_fk" FOREIGN KEY ("signup_id") REFERENCES "public"."signups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_invitations" ADD CONSTRAINT "team_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_entries_subject_idx" ON "audit_entries" USING btree ("subject_type","subject_id","id");--> statement-breakpoint
CREATE INDEX "audit_entries_event_idx" ON "audit_entries" USING btree ("event_id","id");--> statement-breakpoint
CREATE INDEX "audit_entries_at_idx" ON "audit_entries" USING btree ("at");--> statement-breakpoint
CREATE UNIQUE INDEX "bibs_participant_key" ON "bibs" USING btree ("participant_id");--> statement-breakpoint
CREATE INDEX "cover_images_event_idx" ON "cover_images" USING btree ("event_id","upload_id");--> statement-breakpoint
CREATE INDEX "signup_notes_signup_idx" ON "signup_notes" USING btree ("signup_id","at");--> statement-breakpoint
CREATE INDEX "outgoing_mails_signup_idx" ON "outgoing_mails" USING btree ("signup_id") WHERE "outgoing_mails"."signup_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "participants_ticket_code_key" ON "participants" USING btree ("ticket_code");--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_bibs_check" CHECK (("appointments"."bib_first" is null) = ("appointments"."bib_last" is null) and ("appointments"."bib_first" is null or ("appointments"."bib_first" >= 1 and "appointments"."bib_first" <= "appointments"."bib_last")));--> statement-breakpoint
UPDATE "participants" SET "ticket_code" = translate(upper(substr(md5(random()::text || "participants"."id"::text), 1, 10)), '01', 'WZ') FROM "signups" WHERE "signups"."id" = "participants"."signup_id" AND "signups"."state" = 'confirmed';
