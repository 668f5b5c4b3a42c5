CREATE TABLE "personnel_company" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "personnel_company_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "personnel_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"staff_record_id" integer NOT NULL,
	"action" text NOT NULL,
	"from" jsonb,
	"to" jsonb,
	"reason" text,
	"by_staff_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "personnel_staff" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_pinyin" text NOT NULL,
	"name_initials" text NOT NULL,
	"name_letter" text NOT NULL,
	"gender" text DEFAULT 'unknown' NOT NULL,
	"id_card" text,
	"mobile" text,
	"email" text,
	"company_id" integer,
	"department_id" integer,
	"post" text,
	"status" text NOT NULL,
	"report_time" date,
	"probation_end" date,
	"contract_start" date,
	"contract_end" date,
	"leaving_date" date,
	"emergency_contact" text,
	"emergency_mobile" text,
	"account_id" integer,
	"extra" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "personnel_history" ADD CONSTRAINT "personnel_history_staff_record_id_personnel_staff_id_fk" FOREIGN KEY ("staff_record_id") REFERENCES "public"."personnel_staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personnel_staff" ADD CONSTRAINT "personnel_staff_company_id_personnel_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."personnel_company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "personnel_history_record_idx" ON "personnel_history" USING btree ("staff_record_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "personnel_staff_id_card_key" ON "personnel_staff" USING btree ("id_card") WHERE "personnel_staff"."id_card" is not null and "personnel_staff"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "personnel_staff_mobile_key" ON "personnel_staff" USING btree ("mobile") WHERE "personnel_staff"."mobile" is not null and "personnel_staff"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "personnel_staff_account_key" ON "personnel_staff" USING btree ("account_id") WHERE "personnel_staff"."account_id" is not null and "personnel_staff"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "personnel_staff_department_idx" ON "personnel_staff" USING btree ("department_id","id" DESC NULLS LAST) WHERE "personnel_staff"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "personnel_staff_status_idx" ON "personnel_staff" USING btree ("status","id" DESC NULLS LAST) WHERE "personnel_staff"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "personnel_staff_company_idx" ON "personnel_staff" USING btree ("company_id","id" DESC NULLS LAST) WHERE "personnel_staff"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "personnel_staff_report_time_idx" ON "personnel_staff" USING btree ("report_time","id" DESC NULLS LAST) WHERE "personnel_staff"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "personnel_staff_initials_idx" ON "personnel_staff" USING btree ("name_initials" text_pattern_ops) WHERE "personnel_staff"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "personnel_staff_extra_idx" ON "personnel_staff" USING gin ("extra" jsonb_path_ops);