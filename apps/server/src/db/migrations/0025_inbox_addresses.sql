CREATE TABLE "inbox_address" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "inbox_item" ADD COLUMN "sender_check" text DEFAULT 'traveller' NOT NULL;--> statement-breakpoint
ALTER TABLE "inbox_item" ADD COLUMN "sender_check_reason" text;--> statement-breakpoint
ALTER TABLE "inbox_address" ADD CONSTRAINT "inbox_address_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inbox_address_token_idx" ON "inbox_address" USING btree ("token");