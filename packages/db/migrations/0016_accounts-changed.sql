-- Whatever a process keeps of who a session is (decision 033) hears, when the transaction commits,
-- that an account changed or a session ended: the payload is the user's id (the column the trigger names).
CREATE FUNCTION "notify_accounts_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('accounts_changed', to_jsonb(OLD) ->> TG_ARGV[0]);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_notify_changed" AFTER UPDATE OR DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "notify_accounts_changed"('id');--> statement-breakpoint
CREATE TRIGGER "sessions_notify_ended" AFTER DELETE ON "sessions" FOR EACH ROW EXECUTE FUNCTION "notify_accounts_changed"('user_id');
