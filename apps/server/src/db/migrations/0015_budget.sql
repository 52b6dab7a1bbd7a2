CREATE TABLE "budget_line" (
	"id" uuid PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"itinerary_id" uuid NOT NULL,
	"stage_id" uuid,
	"category" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"label" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "expense" (
	"id" uuid PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"itinerary_id" uuid NOT NULL,
	"stage_id" uuid,
	"title" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"date" date NOT NULL,
	"category" text NOT NULL,
	"paid_by" uuid NOT NULL,
	"split" jsonb NOT NULL,
	"rate" text,
	"rate_date" date,
	"rate_source" text,
	"rate_currency" text,
	"converted_minor" bigint
);
--> statement-breakpoint
ALTER TABLE "itinerary" ADD COLUMN "currency" text;--> statement-breakpoint
ALTER TABLE "budget_line" ADD CONSTRAINT "budget_line_itinerary_id_itinerary_id_fk" FOREIGN KEY ("itinerary_id") REFERENCES "public"."itinerary"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget_line" ADD CONSTRAINT "budget_line_stage_id_stage_id_fk" FOREIGN KEY ("stage_id") REFERENCES "public"."stage"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense" ADD CONSTRAINT "expense_itinerary_id_itinerary_id_fk" FOREIGN KEY ("itinerary_id") REFERENCES "public"."itinerary"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense" ADD CONSTRAINT "expense_stage_id_stage_id_fk" FOREIGN KEY ("stage_id") REFERENCES "public"."stage"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense" ADD CONSTRAINT "expense_paid_by_user_id_fk" FOREIGN KEY ("paid_by") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "budget_line_itinerary_idx" ON "budget_line" USING btree ("itinerary_id");--> statement-breakpoint
CREATE INDEX "expense_itinerary_date_idx" ON "expense" USING btree ("itinerary_id","date");