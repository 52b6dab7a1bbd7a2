CREATE TABLE "api_token" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"secret_hash" text NOT NULL,
	"access" text NOT NULL,
	"itinerary_ids" uuid[],
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "itinerary_event" ADD COLUMN "via_token" text;--> statement-breakpoint
ALTER TABLE "api_token" ADD CONSTRAINT "api_token_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_token_secret_unique" ON "api_token" USING btree ("secret_hash");--> statement-breakpoint
CREATE INDEX "api_token_user_idx" ON "api_token" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
-- API tokens are kept in each process's memory (auth/api-tokens.ts). Revoking or deleting one
-- tells every process at commit, so the next request with it is refused and its open streams
-- end. Writing its last use does not notify: that would empty the caches once a minute.
CREATE FUNCTION jammy_notify_api_token_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('jammy_sessions', 't:' || OLD.id::text);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER api_token_changed AFTER UPDATE OF revoked_at, expires_at OR DELETE ON "api_token"
  FOR EACH ROW EXECUTE FUNCTION jammy_notify_api_token_change();
