CREATE TABLE "calendar_day" (
	"id" serial PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"kind" smallint NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_day_kind_check" CHECK ("calendar_day"."kind" in (1, 2))
);
--> statement-breakpoint
CREATE TABLE "calendar_work_time" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"work_days" smallint[] NOT NULL,
	"start_time" text NOT NULL,
	"end_time" text NOT NULL,
	"break_start" text,
	"break_end" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_work_time_one_row" CHECK ("calendar_work_time"."id" = 1)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_day_day_key" ON "calendar_day" USING btree ("day");
