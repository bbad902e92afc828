CREATE TABLE "race_results" (
	"appointment_id" uuid PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone,
	"rank_by" text DEFAULT 'gunTime' NOT NULL,
	"category_rules" jsonb DEFAULT '{"kind":"fidal"}'::jsonb NOT NULL,
	"state" text DEFAULT 'unpublished' NOT NULL,
	"claims_until" timestamp with time zone,
	"version" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "raw_times" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"appointment_id" uuid NOT NULL,
	"bib" integer NOT NULL,
	"point" text NOT NULL,
	"kind" text NOT NULL,
	"seconds" double precision,
	"status" text,
	"given_name" text,
	"family_name" text,
	"club" text,
	"source" text NOT NULL,
	"import_id" uuid,
	"line" integer,
	"reason" text,
	"received_at" timestamp with time zone NOT NULL,
	"by_user_id" uuid,
	CONSTRAINT "raw_times_value_check" CHECK (("raw_times"."kind" = 'status') = ("raw_times"."status" is not null) and ("raw_times"."kind" = 'status' or "raw_times"."seconds" is not null))
);
--> statement-breakpoint
CREATE TABLE "result_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"appointment_id" uuid NOT NULL,
	"format" text NOT NULL,
	"content" "bytea" NOT NULL,
	"columns" jsonb NOT NULL,
	"mapping" jsonb NOT NULL,
	"summary" jsonb NOT NULL,
	"state" text DEFAULT 'preview' NOT NULL,
	"version" integer NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "results" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"appointment_id" uuid NOT NULL,
	"bib" integer NOT NULL,
	"participant_id" uuid,
	"given_name" text NOT NULL,
	"family_name" text NOT NULL,
	"club" text,
	"gender" text,
	"birth_date" date,
	"category" text,
	"status" text NOT NULL,
	"net_time" double precision,
	"gun_time" double precision,
	"rank_overall" integer,
	"rank_gender" integer,
	"rank_category" integer,
	"splits" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"search_text" text NOT NULL,
	"diploma_code" text NOT NULL,
	"mailed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "race_results" ADD CONSTRAINT "race_results_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "raw_times" ADD CONSTRAINT "raw_times_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "raw_times" ADD CONSTRAINT "raw_times_import_id_result_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."result_imports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_imports" ADD CONSTRAINT "result_imports_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "results" ADD CONSTRAINT "results_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "results" ADD CONSTRAINT "results_participant_id_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."participants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "raw_times_appointment_bib_idx" ON "raw_times" USING btree ("appointment_id","bib","id");--> statement-breakpoint
CREATE INDEX "result_imports_appointment_idx" ON "result_imports" USING btree ("appointment_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "results_appointment_bib_key" ON "results" USING btree ("appointment_id","bib");--> statement-breakpoint
CREATE UNIQUE INDEX "results_diploma_code_key" ON "results" USING btree ("diploma_code");--> statement-breakpoint
CREATE INDEX "results_appointment_rank_idx" ON "results" USING btree ("appointment_id","rank_overall","bib");--> statement-breakpoint
CREATE INDEX "results_appointment_name_idx" ON "results" USING btree ("appointment_id",lower("family_name"),lower("given_name"),"bib");--> statement-breakpoint
CREATE INDEX "results_participant_idx" ON "results" USING btree ("participant_id");