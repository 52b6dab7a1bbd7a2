CREATE TABLE "booking" (
	"id" uuid PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"itinerary_id" uuid NOT NULL,
	"stage_id" uuid,
	"place_id" uuid,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"carrier" text,
	"number" text,
	"from_name" text,
	"from_lat" double precision,
	"from_lng" double precision,
	"to_name" text,
	"to_lat" double precision,
	"to_lng" double precision,
	"start_at" timestamp,
	"start_zone" text,
	"end_at" timestamp,
	"end_zone" text,
	"confirmation_code" text,
	"address" text,
	"cost_minor" bigint,
	"currency" text,
	"url" text,
	"notes" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "booking" ADD CONSTRAINT "booking_itinerary_id_itinerary_id_fk" FOREIGN KEY ("itinerary_id") REFERENCES "public"."itinerary"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking" ADD CONSTRAINT "booking_stage_id_stage_id_fk" FOREIGN KEY ("stage_id") REFERENCES "public"."stage"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking" ADD CONSTRAINT "booking_place_id_place_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."place"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_itinerary_start_idx" ON "booking" USING btree ("itinerary_id","start_at");--> statement-breakpoint
CREATE INDEX "booking_stage_idx" ON "booking" USING btree ("stage_id");--> statement-breakpoint
CREATE INDEX "booking_place_idx" ON "booking" USING btree ("place_id");