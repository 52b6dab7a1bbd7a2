ALTER TABLE "booking" ADD COLUMN "start_date" date;--> statement-breakpoint
ALTER TABLE "booking" ADD COLUMN "end_date" date;--> statement-breakpoint
ALTER TABLE "calendar_feed" ADD COLUMN "include_confirmation_codes" boolean DEFAULT false NOT NULL;