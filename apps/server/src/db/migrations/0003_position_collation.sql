ALTER TABLE "list" ALTER COLUMN "position" SET DATA TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "list_item" ALTER COLUMN "position" SET DATA TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "place" ALTER COLUMN "position" SET DATA TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "stage" ALTER COLUMN "position" SET DATA TYPE text COLLATE "C";