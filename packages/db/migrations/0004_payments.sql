CREATE TABLE "payment_audit" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"payment_id" uuid NOT NULL,
	"from_state" text,
	"to_state" text NOT NULL,
	"source" text NOT NULL,
	"provider_event_id" text,
	"actor_user_id" uuid,
	"note" text,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"signup_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"state" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"provider_reference" text,
	"payment_reference" text,
	"redirect_url" text,
	"refund_due" integer DEFAULT 0 NOT NULL,
	"refunded_amount" integer DEFAULT 0 NOT NULL,
	"refund_reference" text,
	"locale" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "payments_amount_check" CHECK ("payments"."amount" >= 0),
	CONSTRAINT "payments_refund_check" CHECK ("payments"."refunded_amount" <= "payments"."refund_due" and "payments"."refund_due" <= "payments"."amount")
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "refund_days_before" integer;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "payment_methods" jsonb DEFAULT '["stripe","demo","bank-transfer"]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_audit" ADD CONSTRAINT "payment_audit_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_signup_id_signups_id_fk" FOREIGN KEY ("signup_id") REFERENCES "public"."signups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_audit_payment_idx" ON "payment_audit" USING btree ("payment_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_audit_event_key" ON "payment_audit" USING btree ("provider_event_id");--> statement-breakpoint
CREATE INDEX "payments_signup_idx" ON "payments" USING btree ("signup_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_reference_key" ON "payments" USING btree ("provider","provider_reference");--> statement-breakpoint
CREATE INDEX "payments_payment_reference_idx" ON "payments" USING btree ("payment_reference");--> statement-breakpoint
CREATE INDEX "payments_refund_due_idx" ON "payments" USING btree ("id") WHERE "payments"."refund_due" > "payments"."refunded_amount";
--> statement-breakpoint
UPDATE "signups" SET "payment_method" = 'demo' WHERE "payment_method" = 'card';