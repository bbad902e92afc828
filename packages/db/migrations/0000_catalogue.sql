CREATE TABLE "appointments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"slug" text NOT NULL,
	"title" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"description" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"capacity" integer NOT NULL,
	"places_taken" integer DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"price_tiers" jsonb NOT NULL,
	"signup_deadline" timestamp with time zone,
	"min_age" integer,
	"max_age" integer,
	"gender" text DEFAULT 'any' NOT NULL,
	"implicit" boolean DEFAULT false NOT NULL,
	CONSTRAINT "appointments_dates_check" CHECK ("appointments"."ends_at" >= "appointments"."starts_at"),
	CONSTRAINT "appointments_capacity_check" CHECK ("appointments"."places_taken" >= 0 and "appointments"."places_taken" <= "appointments"."capacity"),
	CONSTRAINT "appointments_currency_check" CHECK ("appointments"."currency" ~ '^[A-Z]{3}$')
);
--> statement-breakpoint
CREATE TABLE "content_pages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"title" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"body" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"sport" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"title" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"summary" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"description" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"time_zone" text DEFAULT 'Europe/Rome' NOT NULL,
	"venue_name" text NOT NULL,
	"street" text,
	"locality" text NOT NULL,
	"region" text,
	"postal_code" text,
	"country" text NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"cover_image" text,
	"cover_alt" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"signup_opens_at" timestamp with time zone,
	"signup_closes_at" timestamp with time zone,
	"signup_mode" text DEFAULT 'appointment' NOT NULL,
	"min_age" integer,
	"max_age" integer,
	"age_rule" text DEFAULT 'event-date' NOT NULL,
	"medical_certificate" text DEFAULT 'none' NOT NULL,
	"federation_card_required" boolean DEFAULT false NOT NULL,
	"participants_per_signup" integer DEFAULT 1 NOT NULL,
	"hold_minutes" integer DEFAULT 15 NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "events_dates_check" CHECK ("events"."ends_at" >= "events"."starts_at"),
	CONSTRAINT "events_ages_check" CHECK ("events"."min_age" is null or "events"."max_age" is null or "events"."min_age" <= "events"."max_age"),
	CONSTRAINT "events_participants_check" CHECK ("events"."participants_per_signup" between 1 and 50),
	CONSTRAINT "events_hold_check" CHECK ("events"."hold_minutes" between 1 and 1440),
	CONSTRAINT "events_coordinates_check" CHECK (("events"."latitude" is null) = ("events"."longitude" is null))
);
--> statement-breakpoint
CREATE TABLE "room_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"stay_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"name" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"guests" integer NOT NULL,
	"price_per_night" integer NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"rooms_per_night" integer NOT NULL,
	CONSTRAINT "room_types_numbers_check" CHECK ("room_types"."guests" > 0 and "room_types"."price_per_night" >= 0 and "room_types"."rooms_per_night" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stays" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"slug" text NOT NULL,
	"name" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"description" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"address" text,
	"first_night" date NOT NULL,
	"last_night" date NOT NULL,
	CONSTRAINT "stays_nights_check" CHECK ("stays"."last_night" >= "stays"."first_night")
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_types" ADD CONSTRAINT "room_types_stay_id_stays_id_fk" FOREIGN KEY ("stay_id") REFERENCES "public"."stays"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stays" ADD CONSTRAINT "stays_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "appointments_event_slug_key" ON "appointments" USING btree ("event_id","slug");--> statement-breakpoint
CREATE INDEX "appointments_event_starts_at_idx" ON "appointments" USING btree ("event_id","starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "content_pages_slug_key" ON "content_pages" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "events_slug_key" ON "events" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "events_status_starts_at_idx" ON "events" USING btree ("status","starts_at","id");--> statement-breakpoint
CREATE INDEX "events_status_ends_at_idx" ON "events" USING btree ("status","ends_at");--> statement-breakpoint
CREATE INDEX "events_sport_starts_at_idx" ON "events" USING btree ("sport","starts_at");--> statement-breakpoint
CREATE INDEX "room_types_stay_idx" ON "room_types" USING btree ("stay_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "stays_event_slug_key" ON "stays" USING btree ("event_id","slug");