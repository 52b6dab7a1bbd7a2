CREATE TABLE "itinerary" (
	"id" uuid PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"owner_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"start_date" date,
	"end_date" date,
	"timezone" text,
	"cover_url" text,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "itinerary_dates_ordered" CHECK ("itinerary"."end_date" is null or "itinerary"."start_date" is null or "itinerary"."end_date" >= "itinerary"."start_date")
);
--> statement-breakpoint
CREATE TABLE "itinerary_member" (
	"itinerary_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "itinerary_member_itinerary_id_user_id_pk" PRIMARY KEY("itinerary_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "list" (
	"id" uuid PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"itinerary_id" uuid NOT NULL,
	"title" text NOT NULL,
	"kind" text NOT NULL,
	"position" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "list_item" (
	"id" uuid PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"list_id" uuid NOT NULL,
	"text" text NOT NULL,
	"checked" boolean DEFAULT false NOT NULL,
	"position" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "note" (
	"id" uuid PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"itinerary_id" uuid NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"pinned" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "place" (
	"id" uuid PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"itinerary_id" uuid NOT NULL,
	"stage_id" uuid,
	"position" text NOT NULL,
	"name" text NOT NULL,
	"category" text DEFAULT 'sight' NOT NULL,
	"lat" double precision,
	"lng" double precision,
	"address" text,
	"url" text,
	"day" date,
	"time" time,
	"duration_minutes" integer,
	"cost" numeric(12, 2),
	"currency" text,
	"notes" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stage" (
	"id" uuid PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"itinerary_id" uuid NOT NULL,
	"position" text NOT NULL,
	"title" text NOT NULL,
	"destination_name" text,
	"lat" double precision,
	"lng" double precision,
	"country_code" text,
	"start_date" date,
	"end_date" date,
	"notes" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "itinerary" ADD CONSTRAINT "itinerary_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "itinerary_member" ADD CONSTRAINT "itinerary_member_itinerary_id_itinerary_id_fk" FOREIGN KEY ("itinerary_id") REFERENCES "public"."itinerary"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "itinerary_member" ADD CONSTRAINT "itinerary_member_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "list" ADD CONSTRAINT "list_itinerary_id_itinerary_id_fk" FOREIGN KEY ("itinerary_id") REFERENCES "public"."itinerary"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "list_item" ADD CONSTRAINT "list_item_list_id_list_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."list"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "note" ADD CONSTRAINT "note_itinerary_id_itinerary_id_fk" FOREIGN KEY ("itinerary_id") REFERENCES "public"."itinerary"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "place" ADD CONSTRAINT "place_itinerary_id_itinerary_id_fk" FOREIGN KEY ("itinerary_id") REFERENCES "public"."itinerary"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "place" ADD CONSTRAINT "place_stage_id_stage_id_fk" FOREIGN KEY ("stage_id") REFERENCES "public"."stage"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stage" ADD CONSTRAINT "stage_itinerary_id_itinerary_id_fk" FOREIGN KEY ("itinerary_id") REFERENCES "public"."itinerary"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "itinerary_owner_idx" ON "itinerary" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "itinerary_member_user_idx" ON "itinerary_member" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "list_itinerary_idx" ON "list" USING btree ("itinerary_id");--> statement-breakpoint
CREATE INDEX "list_item_list_position_idx" ON "list_item" USING btree ("list_id","position");--> statement-breakpoint
CREATE INDEX "note_itinerary_idx" ON "note" USING btree ("itinerary_id");--> statement-breakpoint
CREATE INDEX "place_itinerary_position_idx" ON "place" USING btree ("itinerary_id","position");--> statement-breakpoint
CREATE INDEX "place_stage_idx" ON "place" USING btree ("stage_id");--> statement-breakpoint
CREATE INDEX "stage_itinerary_position_idx" ON "stage" USING btree ("itinerary_id","position");