CREATE TABLE "department" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer DEFAULT 0 NOT NULL,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"path" text NOT NULL,
	"name_pinyin" text NOT NULL,
	"name_initials" text NOT NULL,
	"name_letter" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "department_parent_name_key" ON "department" USING btree ("parent_id","name");--> statement-breakpoint
CREATE INDEX "department_path_idx" ON "department" USING btree ("path" text_pattern_ops);