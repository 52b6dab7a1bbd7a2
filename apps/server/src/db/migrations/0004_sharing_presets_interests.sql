CREATE TABLE "itinerary_event" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "itinerary_event_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"itinerary_id" uuid NOT NULL,
	"actor_id" uuid,
	"kind" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "itinerary_invitation" (
	"id" uuid PRIMARY KEY NOT NULL,
	"itinerary_id" uuid NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "preset" (
	"id" uuid PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"slug" text,
	"revision" integer DEFAULT 1 NOT NULL,
	"source_itinerary_id" uuid,
	"published_by" uuid,
	"published" boolean DEFAULT true NOT NULL,
	"premium" boolean DEFAULT false NOT NULL,
	"region" text NOT NULL,
	"days" integer NOT NULL,
	"interests" text[] DEFAULT '{}'::text[] NOT NULL,
	"cover_url" text,
	"cover_credit" text,
	"default_language" text DEFAULT 'en' NOT NULL,
	"text" jsonb NOT NULL,
	"content" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "share_link" (
	"id" uuid PRIMARY KEY NOT NULL,
	"itinerary_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "interests" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "note" ADD COLUMN "private" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "itinerary_event" ADD CONSTRAINT "itinerary_event_itinerary_id_itinerary_id_fk" FOREIGN KEY ("itinerary_id") REFERENCES "public"."itinerary"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "itinerary_event" ADD CONSTRAINT "itinerary_event_actor_id_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "itinerary_invitation" ADD CONSTRAINT "itinerary_invitation_itinerary_id_itinerary_id_fk" FOREIGN KEY ("itinerary_id") REFERENCES "public"."itinerary"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "itinerary_invitation" ADD CONSTRAINT "itinerary_invitation_invited_by_user_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preset" ADD CONSTRAINT "preset_source_itinerary_id_itinerary_id_fk" FOREIGN KEY ("source_itinerary_id") REFERENCES "public"."itinerary"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preset" ADD CONSTRAINT "preset_published_by_user_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_link" ADD CONSTRAINT "share_link_itinerary_id_itinerary_id_fk" FOREIGN KEY ("itinerary_id") REFERENCES "public"."itinerary"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_link" ADD CONSTRAINT "share_link_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "itinerary_event_itinerary_idx" ON "itinerary_event" USING btree ("itinerary_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "itinerary_invitation_token_unique" ON "itinerary_invitation" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "itinerary_invitation_email_unique" ON "itinerary_invitation" USING btree ("itinerary_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "preset_slug_unique" ON "preset" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "share_link_token_unique" ON "share_link" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "share_link_itinerary_idx" ON "share_link" USING btree ("itinerary_id");