CREATE TABLE "import_batch" (
	"id" uuid PRIMARY KEY NOT NULL,
	"itinerary_id" uuid NOT NULL,
	"actor_id" uuid,
	"format" text NOT NULL,
	"file_name" text NOT NULL,
	"stage_id" uuid,
	"created_itinerary" boolean DEFAULT false NOT NULL,
	"created" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"undone_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "stage_route" (
	"id" uuid PRIMARY KEY NOT NULL,
	"itinerary_id" uuid NOT NULL,
	"stage_id" uuid NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"coordinates" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "import_batch" ADD CONSTRAINT "import_batch_itinerary_id_itinerary_id_fk" FOREIGN KEY ("itinerary_id") REFERENCES "public"."itinerary"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_batch" ADD CONSTRAINT "import_batch_actor_id_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_batch" ADD CONSTRAINT "import_batch_stage_id_stage_id_fk" FOREIGN KEY ("stage_id") REFERENCES "public"."stage"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stage_route" ADD CONSTRAINT "stage_route_itinerary_id_itinerary_id_fk" FOREIGN KEY ("itinerary_id") REFERENCES "public"."itinerary"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stage_route" ADD CONSTRAINT "stage_route_stage_id_stage_id_fk" FOREIGN KEY ("stage_id") REFERENCES "public"."stage"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_batch_itinerary_idx" ON "import_batch" USING btree ("itinerary_id");--> statement-breakpoint
CREATE INDEX "import_batch_actor_idx" ON "import_batch" USING btree ("actor_id");--> statement-breakpoint
CREATE INDEX "import_batch_stage_idx" ON "import_batch" USING btree ("stage_id");--> statement-breakpoint
CREATE INDEX "stage_route_stage_idx" ON "stage_route" USING btree ("stage_id");--> statement-breakpoint
CREATE INDEX "stage_route_itinerary_idx" ON "stage_route" USING btree ("itinerary_id");