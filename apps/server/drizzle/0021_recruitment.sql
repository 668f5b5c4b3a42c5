CREATE TABLE "recruitment_lead" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"mobile" text NOT NULL,
	"post" text DEFAULT '' NOT NULL,
	"source" smallint NOT NULL,
	"stage" smallint DEFAULT 1 NOT NULL,
	"follow_up" date,
	"remark" text DEFAULT '' NOT NULL,
	"staff_record_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recruitment_lead_stage_check" CHECK ("recruitment_lead"."stage" between 1 and 6),
	CONSTRAINT "recruitment_lead_converted_check" CHECK (("recruitment_lead"."stage" = 5) = ("recruitment_lead"."staff_record_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "recruitment_lead" ADD CONSTRAINT "recruitment_lead_staff_record_id_personnel_staff_id_fk" FOREIGN KEY ("staff_record_id") REFERENCES "public"."personnel_staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recruitment_lead_stage_idx" ON "recruitment_lead" USING btree ("stage","updated_at");