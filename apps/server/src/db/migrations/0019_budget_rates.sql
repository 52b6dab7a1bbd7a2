CREATE TABLE "budget_rate" (
	"id" uuid PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"itinerary_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"rate" text NOT NULL,
	"rate_date" date NOT NULL,
	"rate_source" text NOT NULL,
	"rate_currency" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "budget_rate" ADD CONSTRAINT "budget_rate_itinerary_id_itinerary_id_fk" FOREIGN KEY ("itinerary_id") REFERENCES "public"."itinerary"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "budget_rate_itinerary_currency_idx" ON "budget_rate" USING btree ("itinerary_id","currency");