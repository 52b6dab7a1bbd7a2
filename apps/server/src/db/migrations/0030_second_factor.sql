CREATE TABLE "two_factor" (
	"id" uuid PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"backup_codes" text NOT NULL,
	"user_id" uuid NOT NULL,
	"verified" boolean DEFAULT true NOT NULL,
	"failed_verification_count" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "session" ADD COLUMN "authenticated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "two_factor_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "two_factor" ADD CONSTRAINT "two_factor_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "two_factor_user_unique" ON "two_factor" USING btree ("user_id");--> statement-breakpoint
-- Whether a traveller holds a second factor is remembered per process while a second factor is
-- required (auth/second-factor-policy.ts): turning the authenticator app on or off (a change of
-- the user row, which user_changed already tells), and adding or removing a passkey, tell
-- every process at commit.
CREATE FUNCTION jammy_notify_holder_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('jammy_sessions', 'u:' || COALESCE(OLD.user_id, NEW.user_id)::text);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER passkey_changed AFTER INSERT OR DELETE ON "passkey"
  FOR EACH ROW EXECUTE FUNCTION jammy_notify_holder_change();--> statement-breakpoint
CREATE TRIGGER two_factor_changed AFTER INSERT OR UPDATE OF verified OR DELETE ON "two_factor"
  FOR EACH ROW EXECUTE FUNCTION jammy_notify_holder_change();
