ALTER TABLE "team_invitations" ADD COLUMN "token_hash" text;--> statement-breakpoint
ALTER TABLE "team_invitations" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "team_invitations_token_key" ON "team_invitations" USING btree ("token_hash");