CREATE TABLE "card_list_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"content" "bytea" NOT NULL,
	"summary" jsonb NOT NULL,
	"list_digest" text NOT NULL,
	"state" text DEFAULT 'preview' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "federation_cards" (
	"event_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"card" text NOT NULL,
	"family_name" text NOT NULL,
	"given_name" text NOT NULL,
	"birth_date" date,
	"valid_until" date,
	"club" text,
	"import_id" uuid,
	CONSTRAINT "federation_cards_pkey" PRIMARY KEY("event_id","kind","card")
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "accepted_cards" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "card_list_imports" ADD CONSTRAINT "card_list_imports_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "federation_cards" ADD CONSTRAINT "federation_cards_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "federation_cards" ADD CONSTRAINT "federation_cards_import_id_card_list_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."card_list_imports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_list_imports_event_idx" ON "card_list_imports" USING btree ("event_id","kind","created_at");