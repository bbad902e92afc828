CREATE TABLE "discount_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"appointment_id" uuid,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"value" integer NOT NULL,
	"currency" text,
	"valid_from" timestamp with time zone,
	"valid_until" timestamp with time zone,
	"max_uses" integer NOT NULL,
	"per_person_limit" integer,
	"members" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"uses_taken" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_codes_uses_check" CHECK ("discount_codes"."uses_taken" >= 0 and "discount_codes"."uses_taken" <= "discount_codes"."max_uses"),
	CONSTRAINT "discount_codes_value_check" CHECK (("discount_codes"."kind" = 'percent' and "discount_codes"."value" between 1 and 100 and "discount_codes"."currency" is null) or ("discount_codes"."kind" = 'amount' and "discount_codes"."value" >= 1 and "discount_codes"."currency" ~ '^[A-Z]{3}$')),
	CONSTRAINT "discount_codes_limits_check" CHECK ("discount_codes"."max_uses" >= 1 and ("discount_codes"."per_person_limit" is null or "discount_codes"."per_person_limit" >= 1))
);
--> statement-breakpoint
ALTER TABLE "signups" ADD COLUMN "discount_code_id" uuid;--> statement-breakpoint
ALTER TABLE "discount_codes" ADD CONSTRAINT "discount_codes_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_codes" ADD CONSTRAINT "discount_codes_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "discount_codes_event_code_key" ON "discount_codes" USING btree ("event_id","code");--> statement-breakpoint
ALTER TABLE "signups" ADD CONSTRAINT "signups_discount_code_id_discount_codes_id_fk" FOREIGN KEY ("discount_code_id") REFERENCES "public"."discount_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "signups_discount_code_idx" ON "signups" USING btree ("discount_code_id","user_id") WHERE "signups"."discount_code_id" is not null;