CREATE INDEX "user_email_lower_idx" ON "user" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "itinerary_trashed_idx" ON "itinerary" USING btree ("deleted_at") WHERE "itinerary"."deleted_at" is not null;--> statement-breakpoint
CREATE INDEX "itinerary_event_actor_idx" ON "itinerary_event" USING btree ("actor_id");