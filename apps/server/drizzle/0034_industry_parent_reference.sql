-- 行业设置's parent is a reference (docs/resources.md › References): a top-level industry's parent_id is null, not 0, and a
-- sub-industry's points at its parent by a foreign key; names stay unique under one parent, nulls not distinct.
DROP INDEX "general_industry_parent_name_key";--> statement-breakpoint
ALTER TABLE "general_industry" ALTER COLUMN "parent_id" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "general_industry" ALTER COLUMN "parent_id" DROP NOT NULL;--> statement-breakpoint
UPDATE "general_industry" SET "parent_id" = NULL WHERE "parent_id" = 0;--> statement-breakpoint
ALTER TABLE "general_industry" ADD CONSTRAINT "general_industry_parent_id_general_industry_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."general_industry"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "general_industry" ADD CONSTRAINT "general_industry_parent_name_key" UNIQUE NULLS NOT DISTINCT("parent_id","name");