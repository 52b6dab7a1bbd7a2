-- Sessions are checked from a short in-process cache (auth/session.ts). Every change to a
-- session or its user, by any path (better-auth, Jammy's own routes, a cascade from a deleted
-- account), tells every server process at commit, so a revoked session is refused at once.
CREATE FUNCTION jammy_notify_session_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('jammy_sessions', 's:' || OLD.id::text);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER session_changed AFTER UPDATE OR DELETE ON "session"
  FOR EACH ROW EXECUTE FUNCTION jammy_notify_session_change();--> statement-breakpoint
CREATE FUNCTION jammy_notify_user_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('jammy_sessions', 'u:' || OLD.id::text);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER user_changed AFTER UPDATE OF role, email OR DELETE ON "user"
  FOR EACH ROW EXECUTE FUNCTION jammy_notify_user_change();
--> statement-breakpoint
-- Itinerary documents are served from an in-process cache (modules/itineraries/document-cache.ts).
-- Every change to what a document holds or who may read it tells every process at commit.
-- NOTIFY folds identical payloads of one transaction, so a copy of 500 places sends one.
CREATE FUNCTION jammy_notify_itinerary_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('jammy_documents', OLD.id::text);
  ELSE
    PERFORM pg_notify('jammy_documents', NEW.id::text);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION jammy_notify_itinerary_part_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM pg_notify('jammy_documents', OLD.itinerary_id::text);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM pg_notify('jammy_documents', NEW.itinerary_id::text);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER itinerary_changed AFTER UPDATE OR DELETE ON "itinerary"
  FOR EACH ROW EXECUTE FUNCTION jammy_notify_itinerary_change();--> statement-breakpoint
CREATE TRIGGER stage_changed AFTER INSERT OR UPDATE OR DELETE ON "stage"
  FOR EACH ROW EXECUTE FUNCTION jammy_notify_itinerary_part_change();--> statement-breakpoint
CREATE TRIGGER place_changed AFTER INSERT OR UPDATE OR DELETE ON "place"
  FOR EACH ROW EXECUTE FUNCTION jammy_notify_itinerary_part_change();--> statement-breakpoint
CREATE FUNCTION jammy_notify_member_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM pg_notify('jammy_documents', 'members:' || OLD.itinerary_id::text);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM pg_notify('jammy_documents', 'members:' || NEW.itinerary_id::text);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER itinerary_member_changed AFTER INSERT OR UPDATE OR DELETE ON "itinerary_member"
  FOR EACH ROW EXECUTE FUNCTION jammy_notify_member_change();
