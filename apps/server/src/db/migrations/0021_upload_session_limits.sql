ALTER TABLE "upload_session" ADD COLUMN "itinerary_id" uuid;--> statement-breakpoint
ALTER TABLE "upload_session" ADD CONSTRAINT "upload_session_itinerary_id_itinerary_id_fk" FOREIGN KEY ("itinerary_id") REFERENCES "public"."itinerary"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "upload_session_user_idx" ON "upload_session" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "upload_session_itinerary_idx" ON "upload_session" USING btree ("itinerary_id");--> statement-breakpoint
-- Uploads started before: their trip from their path, and no longer the week they were given.
UPDATE "upload_session" AS s SET "itinerary_id" = i."id"
  FROM "itinerary" AS i
  WHERE s."path" LIKE 'itineraries/%' AND i."id"::text = lower(split_part(s."path", '/', 2));--> statement-breakpoint
UPDATE "upload_session" SET "expires_at" = least("expires_at", "created_at" + interval '6 hours');
