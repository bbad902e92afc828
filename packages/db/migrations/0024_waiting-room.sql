CREATE TABLE "queue_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"shuffle_key" double precision,
	"place" integer,
	"admit_at" timestamp with time zone,
	"pass_used_at" timestamp with time zone,
	"joined_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "waiting_rooms" (
	"event_id" uuid PRIMARY KEY NOT NULL,
	"shuffle_minutes" integer NOT NULL,
	"admit_per_minute" integer NOT NULL,
	"pass_key" text NOT NULL,
	"ranked_at" timestamp with time zone,
	"last_place" integer DEFAULT 0 NOT NULL,
	"last_admit_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "queue_entries" ADD CONSTRAINT "queue_entries_event_id_waiting_rooms_event_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."waiting_rooms"("event_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_entries" ADD CONSTRAINT "queue_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_rooms" ADD CONSTRAINT "waiting_rooms_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "queue_entries_one_per_account_key" ON "queue_entries" USING btree ("event_id","user_id");--> statement-breakpoint
CREATE INDEX "queue_entries_admission_idx" ON "queue_entries" USING btree ("event_id","admit_at");