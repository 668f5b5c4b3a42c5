ALTER TABLE "agency" ALTER COLUMN "city_code" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "agency" ALTER COLUMN "application_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "agency" ALTER COLUMN "joined_at" SET DATA TYPE timestamp (3) with time zone;