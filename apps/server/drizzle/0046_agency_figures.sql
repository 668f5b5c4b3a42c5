ALTER TABLE "agency" ADD COLUMN "sales_fen" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "agency" ADD COLUMN "activity_score" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "agency" ADD COLUMN "activity_band" text DEFAULT 'dormant' NOT NULL;--> statement-breakpoint
ALTER TABLE "agency" ADD COLUMN "figures_at" timestamp (3) with time zone;--> statement-breakpoint
CREATE INDEX "agency_activity_idx" ON "agency" USING btree ("activity_band","joined_at","user_id");