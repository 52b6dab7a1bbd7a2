CREATE TABLE "contact_message" (
	"id" uuid PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" uuid,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"topic" text NOT NULL,
	"message" text NOT NULL,
	"language" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"spam_reason" text,
	"client_hash" text NOT NULL,
	"handled_at" timestamp with time zone,
	"handled_by" uuid,
	CONSTRAINT "contact_message_status_check" CHECK ("contact_message"."status" in ('open', 'handled', 'spam'))
);
--> statement-breakpoint
CREATE TABLE "contact_reply" (
	"id" uuid PRIMARY KEY NOT NULL,
	"message_id" uuid NOT NULL,
	"author_id" uuid,
	"author_email" text,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contact_message" ADD CONSTRAINT "contact_message_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_message" ADD CONSTRAINT "contact_message_handled_by_user_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_reply" ADD CONSTRAINT "contact_reply_message_id_contact_message_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."contact_message"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_reply" ADD CONSTRAINT "contact_reply_author_id_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_message_status_idx" ON "contact_message" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "contact_message_email_idx" ON "contact_message" USING btree ("email","created_at");--> statement-breakpoint
CREATE INDEX "contact_message_user_idx" ON "contact_message" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "contact_message_client_idx" ON "contact_message" USING btree ("client_hash","created_at");--> statement-breakpoint
CREATE INDEX "contact_reply_message_idx" ON "contact_reply" USING btree ("message_id","created_at");