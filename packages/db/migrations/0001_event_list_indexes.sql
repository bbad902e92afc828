DROP INDEX "events_status_starts_at_idx";--> statement-breakpoint
DROP INDEX "events_status_ends_at_idx";--> statement-breakpoint
CREATE INDEX "events_starts_at_idx" ON "events" USING btree ("starts_at","id");--> statement-breakpoint
CREATE INDEX "events_ends_at_idx" ON "events" USING btree ("ends_at","id");--> statement-breakpoint
CREATE INDEX "events_period_idx" ON "events" USING gist (tstzrange("starts_at", "ends_at", '[]'));