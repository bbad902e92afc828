CREATE TABLE "billing_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"series" text NOT NULL,
	"year" integer NOT NULL,
	"sequence" integer NOT NULL,
	"revision" integer DEFAULT 0 NOT NULL,
	"number" text NOT NULL,
	"issued_on" date NOT NULL,
	"signup_id" uuid NOT NULL,
	"payment_id" uuid,
	"refunded_up_to" integer,
	"corrects_id" uuid,
	"replaces_id" uuid,
	"total" integer NOT NULL,
	"currency" text NOT NULL,
	"content" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_sequences" (
	"series" text NOT NULL,
	"year" integer NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "billing_sequences_series_year_pk" PRIMARY KEY("series","year")
);
--> statement-breakpoint
CREATE TABLE "billing_transmissions" (
	"document_id" uuid PRIMARY KEY NOT NULL,
	"file_sequence" bigserial NOT NULL,
	"file_name" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"handed_out_at" timestamp with time zone,
	"sdi_id" text,
	"reason" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organisation" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"legal_name" text NOT NULL,
	"street" text NOT NULL,
	"postal_code" text NOT NULL,
	"locality" text NOT NULL,
	"province" text,
	"country" text NOT NULL,
	"vat_number" text,
	"tax_code" text,
	"tax_regime" text NOT NULL,
	"document_prefix" text DEFAULT '' NOT NULL,
	"invoice_series" text DEFAULT 'F' NOT NULL,
	"receipt_series" text DEFAULT 'R' NOT NULL,
	"person_document" text DEFAULT 'receipt' NOT NULL,
	"treatments" jsonb NOT NULL,
	"stamp_duty_applies" boolean DEFAULT false NOT NULL,
	"stamp_duty_charged_to_buyer" boolean DEFAULT true NOT NULL,
	"transmitter_country" text,
	"transmitter_code" text,
	"hand_over_every_days" integer DEFAULT 3 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organisation_one_row" CHECK ("organisation"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "outgoing_mails" ADD COLUMN "attached_document_id" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "billed" jsonb;--> statement-breakpoint
ALTER TABLE "signups" ADD COLUMN "billing" jsonb;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "tax_code" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "billing" jsonb;--> statement-breakpoint
ALTER TABLE "billing_documents" ADD CONSTRAINT "billing_documents_signup_id_signups_id_fk" FOREIGN KEY ("signup_id") REFERENCES "public"."signups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_documents" ADD CONSTRAINT "billing_documents_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_documents" ADD CONSTRAINT "billing_documents_corrects_id_billing_documents_id_fk" FOREIGN KEY ("corrects_id") REFERENCES "public"."billing_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_documents" ADD CONSTRAINT "billing_documents_replaces_id_billing_documents_id_fk" FOREIGN KEY ("replaces_id") REFERENCES "public"."billing_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_transmissions" ADD CONSTRAINT "billing_transmissions_document_id_billing_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."billing_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_documents_number_key" ON "billing_documents" USING btree ("series","year","sequence","revision");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_documents_payment_key" ON "billing_documents" USING btree ("payment_id") WHERE "billing_documents"."refunded_up_to" is null and "billing_documents"."revision" = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_documents_refund_key" ON "billing_documents" USING btree ("payment_id","refunded_up_to") WHERE "billing_documents"."refunded_up_to" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_documents_replaces_key" ON "billing_documents" USING btree ("replaces_id");--> statement-breakpoint
CREATE INDEX "billing_documents_signup_idx" ON "billing_documents" USING btree ("signup_id","created_at");--> statement-breakpoint
CREATE INDEX "billing_documents_issued_idx" ON "billing_documents" USING btree ("issued_on","id");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_transmissions_file_key" ON "billing_transmissions" USING btree ("file_name");--> statement-breakpoint
CREATE INDEX "billing_transmissions_state_idx" ON "billing_transmissions" USING btree ("state");--> statement-breakpoint
-- An issued document never changes and is never removed (decision 066). The demo's reset is the
-- one exception, and says so for its own transaction only.
CREATE FUNCTION "billing_documents_immutable"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('sports.demo_reset', true) = 'on' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'billing document % is issued: it cannot be changed or removed', OLD."number"
    USING ERRCODE = 'integrity_constraint_violation';
END
$$;--> statement-breakpoint
CREATE TRIGGER "billing_documents_immutable"
  BEFORE UPDATE OR DELETE ON "billing_documents"
  FOR EACH ROW EXECUTE FUNCTION "billing_documents_immutable"();
