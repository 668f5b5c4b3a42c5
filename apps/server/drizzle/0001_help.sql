CREATE TABLE "help_category" (
	"id" serial PRIMARY KEY NOT NULL,
	"pid" integer DEFAULT 0 NOT NULL,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "help_function" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"name" text NOT NULL,
	"explains" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "help_manual" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"path" text DEFAULT '' NOT NULL,
	"explains" text DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "help_upgrade_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "help_upgrade_version" (
	"id" serial PRIMARY KEY NOT NULL,
	"log_id" integer NOT NULL,
	"name" text NOT NULL,
	"version_number" text NOT NULL,
	"up_time" date NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "help_function" ADD CONSTRAINT "help_function_category_id_help_category_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."help_category"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_upgrade_version" ADD CONSTRAINT "help_upgrade_version_log_id_help_upgrade_log_id_fk" FOREIGN KEY ("log_id") REFERENCES "public"."help_upgrade_log"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "help_category_name_key" ON "help_category" USING btree ("pid","name");--> statement-breakpoint
CREATE INDEX "help_category_pid_idx" ON "help_category" USING btree ("pid","sort","id");--> statement-breakpoint
CREATE INDEX "help_function_category_idx" ON "help_function" USING btree ("category_id","sort","id");--> statement-breakpoint
CREATE UNIQUE INDEX "help_manual_path_key" ON "help_manual" USING btree ("path") WHERE "help_manual"."path" <> '';--> statement-breakpoint
CREATE INDEX "help_manual_sort_idx" ON "help_manual" USING btree ("sort","id");--> statement-breakpoint
CREATE UNIQUE INDEX "help_upgrade_version_number_key" ON "help_upgrade_version" USING btree ("log_id","version_number");--> statement-breakpoint
CREATE INDEX "help_upgrade_version_timeline_idx" ON "help_upgrade_version" USING btree ("log_id","up_time","id");