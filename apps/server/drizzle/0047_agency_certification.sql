CREATE TABLE "agency_certification" (
	"id" serial PRIMARY KEY NOT NULL,
	"agency_id" integer NOT NULL,
	"platform" text NOT NULL,
	"account_name" text NOT NULL,
	"account_id" text NOT NULL,
	"state" smallint DEFAULT 1 NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"documents" jsonb NOT NULL,
	"reviewer_id" integer,
	"submitted_at" timestamp (3) with time zone NOT NULL,
	"decided_at" timestamp (3) with time zone
);
--> statement-breakpoint
ALTER TABLE "agency_certification" ADD CONSTRAINT "agency_certification_agency_id_agency_user_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agency"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agency_certification_open_key" ON "agency_certification" USING btree ("agency_id","platform") WHERE "agency_certification"."state" = 1;--> statement-breakpoint
CREATE INDEX "agency_certification_agency_idx" ON "agency_certification" USING btree ("agency_id","submitted_at","id");--> statement-breakpoint
CREATE INDEX "agency_certification_submitted_idx" ON "agency_certification" USING btree ("submitted_at","id");