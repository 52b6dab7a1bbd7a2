-- The hot reads answer from memory (docs/decisions/041): the session check with the
-- traveller's profile, a trip's budget and bookings with its document, a share link's
-- validity. Each change to what they show tells every process at commit, by whatever path it
-- is made, as migration 0009 does for sessions and documents.
--
-- Any change to a user's row (name, language, interests, verification… as well as role and
-- e-mail) drops their cached sessions and profile: GET /api/session shows all of it, and a
-- live stream names its viewer by it.
DROP TRIGGER user_changed ON "user";--> statement-breakpoint
CREATE TRIGGER user_changed AFTER UPDATE OR DELETE ON "user"
  FOR EACH ROW EXECUTE FUNCTION jammy_notify_user_change();--> statement-breakpoint
-- A revoked, expired or deleted share link stops opening the trip on every process at once.
CREATE TRIGGER share_link_changed AFTER UPDATE OR DELETE ON "share_link"
  FOR EACH ROW EXECUTE FUNCTION jammy_notify_itinerary_part_change();--> statement-breakpoint
-- The rows of a trip's budget and bookings: their writes record events too, but a path that
-- records none (an import, a cascade) must drop the cached answers all the same.
CREATE TRIGGER booking_changed AFTER INSERT OR UPDATE OR DELETE ON "booking"
  FOR EACH ROW EXECUTE FUNCTION jammy_notify_itinerary_part_change();--> statement-breakpoint
CREATE TRIGGER expense_changed AFTER INSERT OR UPDATE OR DELETE ON "expense"
  FOR EACH ROW EXECUTE FUNCTION jammy_notify_itinerary_part_change();--> statement-breakpoint
CREATE TRIGGER budget_line_changed AFTER INSERT OR UPDATE OR DELETE ON "budget_line"
  FOR EACH ROW EXECUTE FUNCTION jammy_notify_itinerary_part_change();--> statement-breakpoint
CREATE TRIGGER budget_rate_changed AFTER INSERT OR UPDATE OR DELETE ON "budget_rate"
  FOR EACH ROW EXECUTE FUNCTION jammy_notify_itinerary_part_change();
