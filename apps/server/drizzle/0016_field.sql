CREATE TABLE "field_definition" (
	"id" serial PRIMARY KEY NOT NULL,
	"form" text NOT NULL,
	"key" text NOT NULL,
	"type" text NOT NULL,
	"definition" jsonb NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"permission" smallint DEFAULT 255 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "field_definition_form_key_key" ON "field_definition" USING btree ("form","key");--> statement-breakpoint
CREATE INDEX "field_definition_form_sort_idx" ON "field_definition" USING btree ("form","sort","id");