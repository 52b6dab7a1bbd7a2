CREATE TABLE "attachment" (
	"id" uuid PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"itinerary_id" uuid NOT NULL,
	"place_id" uuid,
	"file_id" uuid NOT NULL,
	"title" text NOT NULL,
	"private" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blob_garbage" (
	"key" text PRIMARY KEY NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "file_object" (
	"id" uuid PRIMARY KEY NOT NULL,
	"bucket" text NOT NULL,
	"path" text COLLATE "C" NOT NULL,
	"encoded_path" text NOT NULL,
	"itinerary_id" uuid,
	"user_id" uuid,
	"uploaded_by" uuid,
	"generation" bigint NOT NULL,
	"metageneration" integer DEFAULT 1 NOT NULL,
	"size" bigint NOT NULL,
	"md5_hash" text NOT NULL,
	"content_type" text NOT NULL,
	"cache_control" text,
	"content_disposition" text,
	"content_encoding" text,
	"content_language" text,
	"custom_metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"download_tokens" text DEFAULT '' NOT NULL,
	"blob_key" text NOT NULL,
	"width" integer,
	"height" integer,
	"variants" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "photo" (
	"id" uuid PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"itinerary_id" uuid NOT NULL,
	"stage_id" uuid,
	"place_id" uuid,
	"file_id" uuid NOT NULL,
	"caption" text DEFAULT '' NOT NULL,
	"position" text COLLATE "C" NOT NULL,
	CONSTRAINT "photo_one_owner" CHECK ("photo"."stage_id" is null or "photo"."place_id" is null)
);
--> statement-breakpoint
CREATE TABLE "upload_session" (
	"id" uuid PRIMARY KEY NOT NULL,
	"bucket" text NOT NULL,
	"path" text NOT NULL,
	"user_id" uuid NOT NULL,
	"metadata" jsonb NOT NULL,
	"declared_size" bigint NOT NULL,
	"received" bigint DEFAULT 0 NOT NULL,
	"chunk_offsets" bigint[] DEFAULT '{}'::bigint[] NOT NULL,
	"object_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "itinerary" ADD COLUMN "cover_file_id" uuid;--> statement-breakpoint
ALTER TABLE "attachment" ADD CONSTRAINT "attachment_itinerary_id_itinerary_id_fk" FOREIGN KEY ("itinerary_id") REFERENCES "public"."itinerary"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachment" ADD CONSTRAINT "attachment_place_id_place_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."place"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachment" ADD CONSTRAINT "attachment_file_id_file_object_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."file_object"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_object" ADD CONSTRAINT "file_object_itinerary_id_itinerary_id_fk" FOREIGN KEY ("itinerary_id") REFERENCES "public"."itinerary"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_object" ADD CONSTRAINT "file_object_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_object" ADD CONSTRAINT "file_object_uploaded_by_user_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo" ADD CONSTRAINT "photo_itinerary_id_itinerary_id_fk" FOREIGN KEY ("itinerary_id") REFERENCES "public"."itinerary"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo" ADD CONSTRAINT "photo_stage_id_stage_id_fk" FOREIGN KEY ("stage_id") REFERENCES "public"."stage"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo" ADD CONSTRAINT "photo_place_id_place_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."place"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo" ADD CONSTRAINT "photo_file_id_file_object_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."file_object"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload_session" ADD CONSTRAINT "upload_session_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload_session" ADD CONSTRAINT "upload_session_object_id_file_object_id_fk" FOREIGN KEY ("object_id") REFERENCES "public"."file_object"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "attachment_file_unique" ON "attachment" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "attachment_itinerary_idx" ON "attachment" USING btree ("itinerary_id");--> statement-breakpoint
CREATE UNIQUE INDEX "file_object_path_unique" ON "file_object" USING btree ("bucket","path");--> statement-breakpoint
CREATE INDEX "file_object_itinerary_idx" ON "file_object" USING btree ("itinerary_id");--> statement-breakpoint
CREATE INDEX "file_object_user_idx" ON "file_object" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "photo_file_unique" ON "photo" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "photo_itinerary_position_idx" ON "photo" USING btree ("itinerary_id","position");--> statement-breakpoint
CREATE INDEX "upload_session_expires_idx" ON "upload_session" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "itinerary" ADD CONSTRAINT "itinerary_cover_file_id_file_object_id_fk" FOREIGN KEY ("cover_file_id") REFERENCES "public"."file_object"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Blobs no row points to any more go to blob_garbage, whatever removed the row (a delete, a
-- cascade from the itinerary or the account, a new upload over the same path).
CREATE FUNCTION "file_object_garbage"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR OLD.blob_key <> NEW.blob_key THEN
    INSERT INTO blob_garbage (key)
      SELECT OLD.blob_key
      UNION SELECT variant.value->>'key' FROM jsonb_each(coalesce(OLD.variants, '{}'::jsonb)) AS variant
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "file_object_garbage" AFTER DELETE OR UPDATE OF blob_key ON "file_object"
  FOR EACH ROW EXECUTE FUNCTION "file_object_garbage"();--> statement-breakpoint
CREATE FUNCTION "upload_session_garbage"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO blob_garbage (key)
    SELECT 'uploads/' || OLD.id || '/' || lpad(chunk::text, 15, '0') FROM unnest(OLD.chunk_offsets) AS chunk
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "upload_session_garbage" AFTER DELETE ON "upload_session"
  FOR EACH ROW EXECUTE FUNCTION "upload_session_garbage"();--> statement-breakpoint
-- A photo or attachment owns its file: removing one (or its stage, place or itinerary)
-- removes the file.
CREATE FUNCTION "owned_file_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM file_object WHERE id = OLD.file_id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "photo_file_delete" AFTER DELETE ON "photo"
  FOR EACH ROW EXECUTE FUNCTION "owned_file_delete"();--> statement-breakpoint
CREATE TRIGGER "attachment_file_delete" AFTER DELETE ON "attachment"
  FOR EACH ROW EXECUTE FUNCTION "owned_file_delete"();
--> statement-breakpoint
-- Photos appear in the itinerary document (decision 009): any change to one, by any path (a
-- cascade from a deleted file included), tells every process's document cache.
CREATE TRIGGER photo_changed AFTER INSERT OR UPDATE OR DELETE ON "photo"
  FOR EACH ROW EXECUTE FUNCTION jammy_notify_itinerary_part_change();
