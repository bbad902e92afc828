ALTER TABLE "signups" ADD COLUMN "holder_given_name" text;--> statement-breakpoint
ALTER TABLE "signups" ADD COLUMN "holder_family_name" text;--> statement-breakpoint
CREATE INDEX "participants_name_idx" ON "participants" USING btree (lower("family_name"),lower("given_name"),"id");--> statement-breakpoint
CREATE INDEX "signups_appointment_holder_idx" ON "signups" USING btree ("appointment_id",lower("holder_family_name"),lower("holder_given_name"),"id");--> statement-breakpoint
CREATE INDEX "signups_event_holder_idx" ON "signups" USING btree ("event_id",lower("holder_family_name"),lower("holder_given_name"),"id");--> statement-breakpoint
-- Participant 1's names on the signup, kept by the database whoever writes participants (decision 026).
CREATE FUNCTION "signups_keep_holder"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched uuid;
BEGIN
  -- Only participant 1 matters. An AFTER ROW trigger runs once the statement is done, so it reads
  -- every participant as the statement left them.
  FOREACH touched IN ARRAY ARRAY[CASE WHEN TG_OP <> 'INSERT' AND OLD."position" = 1 THEN OLD."signup_id" END,
                                 CASE WHEN TG_OP <> 'DELETE' AND NEW."position" = 1 THEN NEW."signup_id" END] LOOP
    CONTINUE WHEN touched IS NULL;
    UPDATE "signups" s SET ("holder_given_name", "holder_family_name") = (
        SELECT p."given_name", p."family_name" FROM "participants" p
        WHERE p."signup_id" = touched AND p."position" = 1)
      WHERE s."id" = touched;
  END LOOP;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "participants_holder"
  AFTER INSERT OR DELETE OR UPDATE OF "position", "given_name", "family_name", "signup_id" ON "participants"
  FOR EACH ROW EXECUTE FUNCTION "signups_keep_holder"();--> statement-breakpoint
UPDATE "signups" s SET "holder_given_name" = p."given_name", "holder_family_name" = p."family_name"
  FROM "participants" p WHERE p."signup_id" = s."id" AND p."position" = 1;
