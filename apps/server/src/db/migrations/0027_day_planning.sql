CREATE TABLE "travel_time" (
	"from_lat" double precision NOT NULL,
	"from_lng" double precision NOT NULL,
	"to_lat" double precision NOT NULL,
	"to_lng" double precision NOT NULL,
	"mode" text NOT NULL,
	"router" text NOT NULL,
	"distance_meters" integer NOT NULL,
	"duration_seconds" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "travel_time_from_lat_from_lng_to_lat_to_lng_mode_router_pk" PRIMARY KEY("from_lat","from_lng","to_lat","to_lng","mode","router")
);
--> statement-breakpoint
ALTER TABLE "place" ADD COLUMN "opening_hours" text;