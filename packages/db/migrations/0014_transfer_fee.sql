ALTER TABLE "events" ADD COLUMN "transfer_fee" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "transfer_id" uuid;--> statement-breakpoint
ALTER TABLE "transfers" ADD COLUMN "state" text DEFAULT 'done' NOT NULL;--> statement-breakpoint
ALTER TABLE "transfers" ADD COLUMN "fee" integer;--> statement-breakpoint
ALTER TABLE "transfers" ADD COLUMN "currency" text;--> statement-breakpoint
ALTER TABLE "transfers" ADD COLUMN "person" jsonb;--> statement-breakpoint
ALTER TABLE "transfers" ADD COLUMN "locale" text;--> statement-breakpoint
ALTER TABLE "transfers" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_transfer_id_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "transfers_one_pending_key" ON "transfers" USING btree ("participant_id") WHERE "transfers"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "transfers_pending_idx" ON "transfers" USING btree ("expires_at") WHERE "transfers"."state" = 'pending';--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_transfer_fee_check" CHECK ("events"."transfer_fee" is null or "events"."transfer_fee" between 0 and 10000000);