CREATE TABLE "appointment_courses" (
	"appointment_id" uuid PRIMARY KEY NOT NULL,
	"gpx" text NOT NULL,
	"distance" integer NOT NULL,
	"elevation_gain" integer NOT NULL,
	"elevation_loss" integer NOT NULL,
	"highest" double precision,
	"lowest" double precision,
	"points" integer NOT NULL,
	"track" jsonb NOT NULL,
	"profile" jsonb NOT NULL,
	"waypoints" jsonb NOT NULL,
	"bounds" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "course_distance" integer;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "course_elevation_gain" integer;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "course_elevation_loss" integer;--> statement-breakpoint
ALTER TABLE "appointment_courses" ADD CONSTRAINT "appointment_courses_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_course_check" CHECK (("appointments"."course_distance" is null) = ("appointments"."course_elevation_gain" is null) and ("appointments"."course_distance" is null) = ("appointments"."course_elevation_loss" is null));